/**
 * Running and judging (`fuzzRoute`): each request goes through the real handler with a time
 * limit; the answer must be a 2xx/3xx or a 4xx whose JSON body has a string `error`. Stats and
 * violations are collected for the report `tearDown` prints.
 */
import { appendFileSync } from 'node:fs';
import { format } from 'node:util';
import fc from 'fast-check';
import { rateLimitHits } from '../../../src/server/db/schema.ts';
import { ENDPOINTS, SKIPPED, type Endpoint } from './discovery.ts';
import { fixtures, pending, tearDownFixtures } from './fixtures.ts';
import type { Case, Routes } from './cases.ts';
import { caseArb } from './arbitraries.ts';
import { examplesFor } from './examples.ts';
import { buildRequest, clip, type Shown } from './request.ts';

/* ------------------------------------------------------------------------------------------ */
/* Settings (the FUZZ_* knobs are described in fuzz.test.mts)                                 */

export const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_260_522);
const NUM_RUNS = Math.max(100, Number(process.env.FUZZ_RUNS ?? 200));
const SURVEY = process.env.FUZZ_SURVEY === '1';
/** When set, every request and its status are appended to this file (JSON lines). */
const LOG_FILE = process.env.FUZZ_LOG;
/** A handler that has not answered (body included) after this long counts as a hang. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Caps one route's property (shrinking included) so a failing route cannot stall the file. */
export const ROUTE_TIME_LIMIT_MS = 90_000;

/* ------------------------------------------------------------------------------------------ */
/* Sending a case and judging the answer                                                       */

type Outcome = { status: number | null; violation: string | null; logged: Logged[]; shown: Shown };

type Logged = { text: string; key: string };

/**
 * What the handler logged with console.error while answering: `text` in full ("Name: message
 * [cause: ...] (at function file:line)"), `key` for grouping (the innermost error's message and
 * the function it was thrown from, ids and numbers blurred).
 */
function describeLogged(args: unknown[]): Logged {
  const texts: string[] = [];
  let key = '';
  for (const a of args) {
    if (a instanceof Error) {
      const frame = a.stack
        ?.split('\n')
        .find((l) => /\/(src|netlify)\//.test(l) && !l.includes('node_modules'))
        ?.trim()
        .replace(/^at /, '')
        .replace(`${process.cwd()}/`, '');
      const inner = a.cause instanceof Error ? a.cause : a;
      const cause = inner !== a ? ` [cause: ${inner.name}: ${inner.message}]` : '';
      texts.push(
        `${a.name}: ${clip(a.message.replace(/\s+/g, ' '), 160)}${cause}${frame ? ` (at ${frame})` : ''}`,
      );
      key ||= `${blur(`${inner.name}: ${clip(inner.message.replace(/\s+/g, ' '), 160)}`)}${frame ? ` @ ${frame}` : ''}`;
    } else {
      texts.push(clip(typeof a === 'string' ? a : format(a), 300));
    }
  }
  const text = texts.join(' ');
  return { text, key: key || blur(text) };
}
const blur = (s: string) => s.replace(/\b[\w-]*\d[\w-]{7,}\b/g, '<id>').replace(/\d+/g, '#');

function judge(status: number, contentType: string, text: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (status < 200 || status > 599) return `status ${status} out of range`;
  if (status < 400) return null;
  if (!contentType.includes('application/json'))
    return `${status} without a JSON body (Content-Type: ${contentType || 'none'})`;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body?.error !== 'string' || !body.error)
      return `${status} whose JSON has no string "error": ${clip(text, 200)}`;
  } catch {
    return `${status} with an unparsable JSON body: ${clip(text, 200)}`;
  }
  return null;
}

type Stats = {
  sent: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  exception: number;
  timeout: number;
};
const STATS = new Map<string, Stats>();
for (const ep of ENDPOINTS)
  STATS.set(ep.label, {
    sent: 0,
    '2xx': 0,
    '3xx': 0,
    '4xx': 0,
    '5xx': 0,
    exception: 0,
    timeout: 0,
  });
type Violation = { label: string; seed: number; cause: string; outcome: Outcome };
const VIOLATIONS: Violation[] = [];

async function send(ep: Endpoint, c: Case, seed: number): Promise<Outcome> {
  const fx = fixtures();
  const stats = STATS.get(ep.label)!;
  // Each request starts with empty rate-limit counters, so the fuzz reaches the code behind them.
  await fx.db.delete(rateLimitHits);
  const { req, shown } = await buildRequest(ep, c);
  const logged: Logged[] = [];
  const original = {
    error: console.error,
    warn: console.warn,
    info: console.info,
    log: console.log,
  };
  console.error = (...args: unknown[]) => void logged.push(describeLogged(args));
  console.warn = console.info = console.log = () => undefined;
  const context = {
    params: Object.fromEntries(Object.entries(c.params)),
    ip: c.ip ?? '',
    waitUntil: (p: Promise<unknown>) => {
      const tracked = Promise.resolve(p).catch(() => undefined);
      pending.add(tracked);
      void tracked.finally(() => pending.delete(tracked));
    },
  };
  let status: number | null = null;
  let violation: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const answered = (async () => {
      const res = await ep.handler(req, context);
      return { res, text: await res.text() };
    })();
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS);
    });
    const result = await Promise.race([answered, timeout]);
    if (result === 'timeout') {
      answered.catch(() => undefined);
      stats.timeout += 1;
      violation = `no answer within ${REQUEST_TIMEOUT_MS} ms`;
    } else {
      status = result.res.status;
      const cls = `${Math.floor(status / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx';
      if (cls in stats) stats[cls] += 1;
      violation = judge(status, result.res.headers.get('content-type') ?? '', result.text);
    }
  } catch (error) {
    stats.exception += 1;
    logged.push(describeLogged([error]));
    violation = 'the handler threw instead of answering';
  } finally {
    clearTimeout(timer);
    Object.assign(console, original);
  }
  stats.sent += 1;
  const outcome = { status, violation, logged, shown };
  if (LOG_FILE)
    appendFileSync(
      LOG_FILE,
      `${JSON.stringify({ label: ep.label, status, violation, ...shown })}\n`,
    );
  if (violation) VIOLATIONS.push({ label: ep.label, seed, cause: causeOf(outcome), outcome });
  return outcome;
}

/** One line naming why a request failed, with ids and numbers blurred so repeats group together. */
function causeOf(o: Outcome): string {
  const log = o.logged.find((l) => !l.text.startsWith('Outbox delivery'));
  return `${o.violation ?? ''}${log ? ` — ${log.key}` : ''}`;
}

function reproducer(v: Violation): string {
  const { shown, status, logged } = v.outcome;
  return [
    `    ${shown.method} ${shown.url}`,
    `    headers: ${JSON.stringify(shown.headers)}`,
    `    body: ${shown.body}`,
    `    → ${status === null ? v.outcome.violation : `status ${status}`}${logged.length ? `; logged: ${logged.map((l) => l.text).join(' | ')}` : ''}`,
  ].join('\n');
}

function printReport() {
  const rows = [...STATS.entries()];
  const header = ['endpoint', 'sent', '2xx', '3xx', '4xx', '5xx', 'threw', 'hung'];
  const table = [
    header,
    ...rows.map(([label, s]) =>
      [label, s.sent, s['2xx'], s['3xx'], s['4xx'], s['5xx'], s.exception, s.timeout].map(String),
    ),
  ];
  const total = rows.reduce(
    (t, [, s]) =>
      t.map(
        (n, i) => n + [s.sent, s['2xx'], s['3xx'], s['4xx'], s['5xx'], s.exception, s.timeout][i]!,
      ),
    [0, 0, 0, 0, 0, 0, 0],
  );
  table.push(['TOTAL', ...total.map(String)]);
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const out = [
    `Fuzz (base seed ${BASE_SEED}, ${NUM_RUNS} random requests per route + examples${SURVEY ? ', survey mode' : ''})`,
    line(table[0]!),
    ...table.slice(1).map(line),
  ];
  if (SKIPPED.length)
    out.push(
      `Skipped (no HTTP path): ${SKIPPED.map(({ file, mod }) => `${file}${mod.config?.schedule ? ` (schedule ${mod.config.schedule})` : ''}`).join(', ')}`,
    );
  if (VIOLATIONS.length) {
    const byCause = new Map<string, Map<string, Violation>>();
    for (const v of VIOLATIONS) {
      const group = byCause.get(v.cause) ?? new Map<string, Violation>();
      const best = group.get(v.label);
      const size = (x: Violation) => JSON.stringify(x.outcome.shown).length;
      if (!best || size(v) < size(best)) group.set(v.label, v);
      byCause.set(v.cause, group);
    }
    out.push(
      '',
      `Violations (${VIOLATIONS.length} requests, ${byCause.size} causes); smallest request per endpoint:`,
    );
    for (const [cause, group] of byCause) {
      out.push(`  ● ${cause}`);
      for (const v of group.values())
        out.push(`   [${v.label}] (route seed ${v.seed})`, reproducer(v));
    }
  }
  console.log(out.join('\n'));
}

/* ------------------------------------------------------------------------------------------ */
/* The properties                                                                              */

function seedFor(label: string): number {
  let h = BASE_SEED | 0;
  for (const ch of label) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/**
 * One route's property: the deterministic examples first, then NUM_RUNS random requests. Throws
 * at the first violation (fast-check shrinks it to a small reproducer) unless FUZZ_SURVEY=1;
 * returns the violations recorded for the route (only survey mode gets here with any).
 */
export async function fuzzRoute(
  ep: Endpoint,
  routes: Routes,
): Promise<{ seed: number; violations: string[] }> {
  const seed = seedFor(ep.label);
  const examples = examplesFor(ep, routes).map((c) => [c] as [Case]);
  const property = fc.asyncProperty(caseArb(ep, routes), async (c) => {
    const o = await send(ep, c, seed);
    if (o.violation && !SURVEY)
      throw new Error(
        `${o.violation}\n${reproducer({ label: ep.label, seed, cause: '', outcome: o })}`,
      );
  });
  try {
    await fc.assert(property, {
      seed,
      // fast-check counts the examples in numRuns: NUM_RUNS random requests come on top.
      numRuns: NUM_RUNS + examples.length,
      examples,
      plugins: [fc.interruptAfterTimeLimit(ROUTE_TIME_LIMIT_MS)],
      includeErrorInReport: true,
    });
  } catch (error) {
    throw new Error(
      `Fuzz of ${ep.label} failed (route seed ${seed}, base FUZZ_SEED=${BASE_SEED}; FUZZ_SURVEY=1 lists every failure)\n${(error as Error).message}`,
    );
  }
  const found = VIOLATIONS.filter((v) => v.label === ep.label);
  return { seed, violations: found.map((v) => `${v.cause}\n${reproducer(v)}`) };
}

/** After the last route: the report, then the fixtures taken down. */
export async function tearDown(): Promise<void> {
  printReport();
  await tearDownFixtures();
}
