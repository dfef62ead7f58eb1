// Preloaded into the load bench's host (`node --import`), never the site. Only functions run from
// source share this `pg`; a production bundle carries its own copy.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

export type RequestDbUse = {
  path: string;
  queries: number;
  transactions: number;
  dbMs: number;
  poolWaitMs: number;
};

export type DbTiming = { requests: RequestDbUse[]; peakCheckedOut: number; poolMax: number };

type Callback = (...args: unknown[]) => void;
type Invocation = { requestId?: string; url?: URL } | null | undefined;

const byRequest = new Map<string, RequestDbUse>();
let checkedOut = 0;
let peakCheckedOut = 0;
let poolMax = 0;
const watched = new WeakSet<object>();

function currentRequest(): RequestDbUse | undefined {
  const context = (globalThis as { Netlify?: { context?: Invocation } }).Netlify?.context;
  if (!context?.requestId || !context.url) return undefined;
  let use = byRequest.get(context.requestId);
  if (!use) {
    use = { path: context.url.pathname, queries: 0, transactions: 0, dbMs: 0, poolWaitMs: 0 };
    byRequest.set(context.requestId, use);
  }
  return use;
}

/** Calls `original` and `done(ms)` once its callback runs or its promise settles. */
function timed(args: unknown[], call: (args: unknown[]) => unknown, done: (ms: number) => void) {
  const started = performance.now();
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    const wrapped = [...args];
    wrapped[last] = (...results: unknown[]) => {
      done(performance.now() - started);
      (callback as Callback)(...results);
    };
    return call(wrapped);
  }
  const result = call(args);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    (result as Promise<unknown>).then(
      () => done(performance.now() - started),
      () => done(performance.now() - started),
    );
  }
  return result;
}

// A pool hands a freed client to the next waiter from inside the previous request's callbacks,
// where the async context is the wrong one: each client remembers whom it was checked out for.
const checkedOutFor = new WeakMap<object, RequestDbUse>();

const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const use = checkedOutFor.get(this) ?? currentRequest();
  if (!use) return query.apply(this, args);
  const first = args[0] as string | { text?: string } | undefined;
  const text = (typeof first === 'string' ? first : (first?.text ?? '')).trim().toUpperCase();
  if (text.startsWith('BEGIN')) use.transactions += 1;
  use.queries += 1;
  return timed(
    args,
    (a) => query.apply(this, a),
    (ms) => (use.dbMs += ms),
  );
} as typeof pg.Client.prototype.query;

const connect = pg.Pool.prototype.connect as (...args: unknown[]) => unknown;
pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
  if (!watched.has(this)) {
    watched.add(this);
    poolMax = Math.max(poolMax, this.options.max ?? 10);
    this.on('acquire', () => {
      checkedOut += 1;
      peakCheckedOut = Math.max(peakCheckedOut, checkedOut);
    });
    this.on('release', () => (checkedOut -= 1));
  }
  const use = currentRequest();
  if (!use) return connect.apply(this, args);
  const last = args.length - 1;
  const callback = args[last];
  const owned = (client: unknown) => {
    if (client && typeof client === 'object') checkedOutFor.set(client, use);
  };
  const withOwner =
    typeof callback === 'function'
      ? [
          ...args.slice(0, last),
          (error: unknown, client: unknown, ...rest: unknown[]) => {
            owned(client);
            (callback as Callback)(error, client, ...rest);
          },
        ]
      : args;
  const result = timed(
    withOwner,
    (a) => connect.apply(this, a),
    (ms) => (use.poolWaitMs += ms),
  );
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    return (result as Promise<unknown>).then((client) => {
      owned(client);
      return client;
    });
  }
  return result;
} as typeof pg.Pool.prototype.connect;

process.on('exit', () => {
  const file = process.env.DB_TIMING_FILE;
  if (!file) return;
  const timing: DbTiming = { requests: [...byRequest.values()], peakCheckedOut, poolMax };
  writeFileSync(file, JSON.stringify(timing));
});
