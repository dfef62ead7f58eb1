// --driver neon serves the functions' source: the bundles carry their own copy of Neon's driver,
// which the local proxy's settings cannot reach.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startNeonLocalProxy } from '../src/testing/neon-local-proxy.ts';
import {
  createMigratedDatabase,
  startPostgres,
  type PostgresServer,
} from '../src/testing/postgres-server.ts';
import { dbUseTable, type HealthPolls } from './lib/db-use.ts';
import type { DbTiming } from './lib/db-timing-preload.ts';
import {
  checkAcknowledged,
  endpointTable,
  formatTable,
  isFailure,
  runLoad,
  type LoadRun,
  type StoredCheck,
} from './lib/load-run.ts';
import {
  databaseHost,
  fatalErrors,
  freePort,
  makeSiteRoot,
  PROJECT_ROOT,
  startHost,
  type Host,
} from './local-netlify/host-harness.ts';

const { values: args } = parseArgs({
  options: {
    visitors: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '60' },
    'down-at': { type: 'string', default: '20' },
    'down-for': { type: 'string', default: '12' },
    driver: { type: 'string', default: 'node-postgres' },
    only: { type: 'string' },
    source: { type: 'boolean', default: false },
  },
});
const visitors = Number(args.visitors);
const durationMs = Number(args.seconds) * 1_000;
const downAt = Number(args['down-at']) * 1_000;
const upAt = downAt + Number(args['down-for']) * 1_000;
const neon = args.driver === 'neon';
if (!['node-postgres', 'neon'].includes(args.driver))
  throw new Error('--driver node-postgres|neon');

const built =
  !args.source &&
  !neon &&
  existsSync(path.join(PROJECT_ROOT, 'dist', 'index.html')) &&
  existsSync(path.join(PROJECT_ROOT, '.netlify', 'functions-bundled'));

type Outcome = {
  run: LoadRun;
  stored: StoredCheck;
  host: Host;
  timing?: DbTiming;
  health: HealthPolls;
};

/** An uptime monitor at 60 times its usual rate: GET /api/health once a second. */
async function pollHealth(origin: string, until: () => boolean): Promise<HealthPolls> {
  const polls: HealthPolls = { answers: [], ms: [] };
  while (!until()) {
    const started = performance.now();
    const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(
      () => undefined,
    );
    await res?.text();
    polls.answers.push(res?.status ?? 0);
    polls.ms.push(Math.round(performance.now() - started));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return polls;
}

async function measure(server: PostgresServer, label: string, outage: boolean): Promise<Outcome> {
  const url = await createMigratedDatabase(server, `bench_${label}`);
  const proxy = neon ? await startNeonLocalProxy(server.url) : undefined;
  const site = built ? undefined : await makeSiteRoot();
  const timingDir = await mkdtemp(path.join(os.tmpdir(), 'bench-db-timing-'));
  const timingFile = path.join(timingDir, 'timing.json');
  const database = databaseHost(url, proxy?.port);
  // Queries are timed where the functions share node-postgres with the host (from source).
  const timed = !built && !neon;
  const host = await startHost({
    root: site?.dir ?? PROJECT_ROOT,
    port: await freePort(),
    env: { ...database.env, ...(timed ? { DB_TIMING_FILE: timingFile } : {}) },
    nodeArgs: [
      ...(database.nodeArgs ?? []),
      ...(timed ? ['--import', './scripts/lib/db-timing-preload.ts'] : []),
    ],
  });
  let down: Promise<void> | undefined;
  let up: Promise<void> | undefined;
  let loading = true;
  const health = pollHealth(host.origin, () => !loading);
  try {
    const run = await runLoad({
      origin: host.origin,
      visitors,
      durationMs,
      onTick: (ms) => {
        if (!outage) return;
        if (ms >= downAt) down ??= server.shutDown();
        if (ms >= upAt && down) up ??= down.then(() => server.start());
      },
    });
    loading = false;
    await up;
    const polls = await health;
    const stored = await checkAcknowledged(url, run);
    await host.stop();
    const timing = timed ? (JSON.parse(await readFile(timingFile, 'utf8')) as DbTiming) : undefined;
    return { run, stored, host, health: polls, ...(timing ? { timing } : {}) };
  } finally {
    loading = false;
    await host.stop();
    await proxy?.close();
    await site?.remove();
    await rm(timingDir, { recursive: true, force: true });
  }
}

function report(
  title: string,
  { run, stored, host, timing, health }: Outcome,
  outage: boolean,
): boolean {
  const failures = run.samples.filter(isFailure);
  const during = run.samples.filter((s) => s.startedAt >= downAt && s.startedAt < upAt);
  const unavailable = run.samples.filter((s) => s.status === 503 || s.unavailable);
  const lastUnavailable = Math.max(0, ...unavailable.map((s) => s.endedAt));
  const lost = Object.values(stored.lost).flat().length;
  const doubled = Object.values(stored.doubled).flat().length;
  const fatal = fatalErrors(host);
  const seconds = run.durationMs / 1_000;
  console.log(`\n## ${title}\n`);
  console.log(
    `${run.samples.length} requests in ${seconds.toFixed(1)} s ` +
      `(${Math.round(run.samples.length / seconds)} req/s), ${visitors} visitors, ${args.driver}, ` +
      `${built ? 'production build' : 'functions from source'}\n`,
  );
  console.log(formatTable(endpointTable(run.samples, run.durationMs)));
  console.log('');
  console.log(
    timing
      ? `Database use per request (node-postgres, pool of ${timing.poolMax} per process; ` +
          `at most ${timing.peakCheckedOut} connections checked out at once):\n\n${dbUseTable(timing, health)}\n`
      : 'Database use per request: not measured (production bundles carry their own driver; use --source)\n',
  );
  if (outage) {
    console.log(
      `- database down from ${downAt / 1_000} s to ${upAt / 1_000} s: ${during.length} requests ` +
        `sent meanwhile, ${during.filter((s) => s.status === 503 || s.unavailable).length} answered 503 ` +
        `(or "unavailable" on the payment page); last such answer at ${(lastUnavailable / 1_000).toFixed(1)} s`,
    );
  }
  console.log(
    `- host process: ${fatal.length ? `DIED (${fatal[0]})` : 'alive, nothing uncaught'}\n` +
      `- failed requests (5xx other than 503 + Retry-After, or no answer): ${failures.length}\n` +
      `- acknowledged: ${run.acknowledged.contacts.length} contact messages, ` +
      `${run.acknowledged.meetings.length} meeting requests, ${run.acknowledged.payments.length} payments; ` +
      `stored: ${stored.counts.contacts}, ${stored.counts.meetings}, ${stored.counts.orders} orders\n` +
      `- lost: ${lost}, doubled: ${doubled}, sessions complete without an order: ` +
      `${stored.completeWithoutOrder.length}, orders without exactly one confirmation: ` +
      `${stored.confirmationsOff.length}, buyers never acknowledged: ${run.unpaid.length}`,
  );
  return (
    !fatal.length && !failures.length && !lost && !doubled && !stored.completeWithoutOrder.length
  );
}

const server = await startPostgres();
let ok = true;
try {
  if (args.only !== 'outage')
    ok = report('Without faults', await measure(server, 'steady', false), false) && ok;
  if (args.only !== 'steady') {
    ok =
      report(
        `PostgreSQL shut down fast at ${downAt / 1_000} s, back at ${upAt / 1_000} s`,
        await measure(server, 'outage', true),
        true,
      ) && ok;
  }
} finally {
  await server.stop();
}
process.exit(ok ? 0 : 1);
