/**
 * The database restarts under load, and nothing dies or goes missing. serve.ts runs as its own
 * process (the real functions, as `npm run preview` serves them) on a real PostgreSQL server,
 * once through node-postgres and once through Neon's serverless driver (HTTP queries and
 * WebSocket transactions via src/testing/neon-local-proxy.ts), while visitors send pages,
 * contact messages, meeting requests and simulated purchases at once
 * (scripts/lib/load-run.ts). In the middle of it PostgreSQL is shut down fast (as a managed
 * database is on a restart, failover or suspend: open transactions rolled back, every
 * connection terminated) and started again. Then:
 * - the host process is alive and reported no uncaught exception or unhandled rejection;
 * - every answer was a normal one or a 503 with Retry-After: no other 5xx, no hang;
 * - a request in flight at the shutdown got that 503 (the shutdown hit work in progress);
 * - normal answers resumed within seconds of the database's return;
 * - everything acknowledged is stored exactly once: each "received" form row, and an order
 *   (with its one confirmation e-mail) for every payment the payment page acknowledged; no
 *   checkout session is complete without its order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNeonLocalProxy, type NeonLocalProxy } from '../../src/testing/neon-local-proxy.ts';
import {
  createMigratedDatabase,
  startPostgres,
  type PostgresServer,
} from '../../src/testing/postgres-server.ts';
import {
  checkAcknowledged,
  endpointTable,
  formatTable,
  isFailure,
  runLoad,
  type LoadRun,
} from '../lib/load-run.ts';
import {
  databaseHost,
  fatalErrors,
  freePort,
  makeSiteRoot,
  startHost,
  type Host,
} from './host-harness.ts';

/** The run's timeline in ms: the database goes away at DOWN_AT and is back at UP_AT. */
const DOWN_AT = 6_000;
const UP_AT = 13_000;
const LOAD_MS = 24_000;
/** How soon after the database is back every answer must be normal again. */
const RECOVERY_MS = 8_000;

let server: PostgresServer;
let proxy: NeonLocalProxy;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  server = await startPostgres();
  proxy = await startNeonLocalProxy(server.url);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  await proxy?.close();
  await server?.stop();
});

type Driver = {
  name: string;
  host: (url: string) => { env: Record<string, string>; nodeArgs?: string[] };
};

const drivers: Driver[] = [
  { name: 'node-postgres', host: (url) => databaseHost(url) },
  {
    name: 'Neon serverless (HTTP + WebSocket)',
    host: (url) => databaseHost(url, proxy.port),
  },
];

describe.each(drivers)('PostgreSQL restarts under load ($name)', (driver) => {
  let host: Host;
  let url: string;
  let run: LoadRun;
  /** When the fast shutdown was started and when PostgreSQL had exited, on the run's clock. */
  const shutdown = { from: 0, to: 0 };

  beforeAll(async () => {
    url = await createMigratedDatabase(server, `restart_${drivers.indexOf(driver)}`);
    const site = await makeSiteRoot();
    cleanups.push(site.remove);
    host = await startHost({ root: site.dir, port: await freePort(), ...driver.host(url) });
    cleanups.push(() => host.stop());

    let down: Promise<void> | undefined;
    let up: Promise<void> | undefined;
    run = await runLoad({
      origin: host.origin,
      visitors: 16,
      durationMs: LOAD_MS,
      onTick: (ms) => {
        if (ms >= DOWN_AT && !down) {
          // Ticks come every 250 ms, so the shutdown starts at the first tick after DOWN_AT;
          // the window is measured rather than assumed.
          const clockStart = performance.now() - ms;
          shutdown.from = ms;
          down = server.shutDown().then(() => {
            shutdown.to = Math.round(performance.now() - clockStart);
          });
        }
        if (ms >= UP_AT && down) up ??= down.then(() => server.start());
      },
    });
    await up;
    console.log(
      `${driver.name}: ${run.samples.length} requests in ${run.durationMs} ms, fast shutdown ` +
        `${shutdown.from}-${shutdown.to} ms (back at ${UP_AT} ms)\n${formatTable(endpointTable(run.samples, run.durationMs))}`,
    );
  }, 180_000);

  it('keeps the process alive, with no uncaught exception or unhandled rejection', () => {
    expect(fatalErrors(host), host.output().slice(-4_000)).toEqual([]);
    expect(host.alive(), host.output().slice(-4_000)).toBe(true);
  });

  it('answers only 503 with Retry-After while the database is away: no other 5xx, no hang', () => {
    const failures = run.samples.filter(isFailure);
    expect(failures.slice(0, 5), host.output().slice(-4_000)).toEqual([]);
    const unavailable = run.samples.filter((s) => s.status === 503 || s.unavailable);
    expect(unavailable.length).toBeGreaterThan(0);
    // Before the shutdown nothing was unavailable.
    expect(unavailable.filter((s) => s.endedAt < shutdown.from)).toEqual([]);
    // The shutdown hit work in progress: a request in flight while PostgreSQL was terminating
    // its connections was answered with the 503.
    expect(shutdown.to).toBeGreaterThan(shutdown.from);
    const inFlight = unavailable.filter(
      (s) => s.startedAt < shutdown.to && s.endedAt > shutdown.from,
    );
    expect(inFlight.length, JSON.stringify(shutdown)).toBeGreaterThan(0);
  });

  it('answers normally again within seconds of the database coming back', () => {
    const late = run.samples.filter(
      (s) => s.startedAt > UP_AT + RECOVERY_MS && (s.status === 503 || s.unavailable),
    );
    expect(late.slice(0, 5)).toEqual([]);
    // Every kind of request was answered normally in that last stretch (its volume depends on
    // the driver and the machine, so a count would be a guess).
    const answered = new Set(
      run.samples
        .filter(
          (s) =>
            s.startedAt > UP_AT + RECOVERY_MS &&
            s.status >= 200 &&
            s.status < 400 &&
            !s.unavailable,
        )
        .map((s) => s.endpoint),
    );
    expect([...answered]).toEqual(
      expect.arrayContaining(['page', 'contact', 'meeting', 'checkout']),
    );
  });

  it('stores everything it acknowledged exactly once; every acknowledged payment has one order', async () => {
    const stored = await checkAcknowledged(url, run);
    expect(stored.lost).toEqual({ contacts: [], meetings: [], payments: [] });
    expect(stored.doubled).toEqual({ contacts: [], meetings: [], orders: [] });
    expect(stored.completeWithoutOrder).toEqual([]);
    expect(stored.confirmationsOff).toEqual([]);
    // Every buyer who kept pressing Pay got through once the database was back.
    expect(run.unpaid).toEqual([]);
    expect(run.acknowledged.payments.length).toBeGreaterThan(10);
    expect(stored.counts.orders).toBe(run.acknowledged.payments.length);
  });
});
