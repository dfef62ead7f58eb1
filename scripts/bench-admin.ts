// Budgets: docs/budgets.md, "Admin at scale"; exits 1 when one is missed.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type DatabaseTarget } from '../src/server/db/client.ts';
import { Secret, TOTP } from 'otpauth';
import { createOrResetUser } from '../src/server/auth/accounts.ts';
import {
  BENCH_RARE_CONTACT_WORD,
  BENCH_RARE_ORDER_WORD,
  seedAdminBench,
} from '../src/testing/admin-bench-seed.ts';
import { seedInsightsYear } from '../src/testing/insights-bench-seed.ts';
import { freePort, startPostgres } from '../src/testing/postgres-server.ts';
import { BUNDLED_DIR } from './local-netlify/function-host.ts';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    runs: { type: 'string', default: '30' },
    pglite: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const sizes = args.sizes.split(',').map(Number);
const runs = Number(args.runs);
const ADMIN = { username: 'bench-admin', password: randomBytes(18).toString('base64url') };

const sessionCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** The password opens the enrolment only: an authenticator app makes the session a full one. */
async function enrolAuthenticatorApp(origin: string, cookie: string): Promise<string> {
  const headers = { cookie, 'X-Requested-With': 'fetch', 'Content-Type': 'application/json' };
  const started = await fetch(`${origin}/api/admin/factors/totp`, { method: 'POST', headers });
  const { key } = (await started.json()) as { key: string };
  const code = new TOTP({ secret: Secret.fromBase32(key) }).generate();
  const confirmed = await fetch(`${origin}/api/admin/factors/totp/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code, label: 'bench' }),
  });
  if (!confirmed.ok) throw new Error(`Enrolling the second factor failed: ${confirmed.status}`);
  return sessionCookieOf(confirmed);
}

type Timing = { p50: number; p95: number; note?: string };
type Result = Record<string, Timing>;

async function throwawayDatabase(size: number) {
  if (!args.pglite) {
    const server = await startPostgres();
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE bench_${size}`);
    await admin.end();
    const url = server.url.replace(/\/postgres$/, `/bench_${size}`);
    return {
      kind: 'PostgreSQL',
      target: { kind: 'postgres', url } as DatabaseTarget,
      env: { DATABASE_URL: url },
      stop: server.stop,
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-admin-'));
  return {
    kind: 'PGlite on disk',
    target: { kind: 'pglite', dir } as DatabaseTarget,
    env: { PGLITE_DIR: dir },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

async function startServer(
  env: Record<string, string>,
): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/local-netlify/serve.ts', '--port', String(port), '--quiet'],
    {
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('scripts/local-netlify/serve.ts stopped');
    // Up once the admin function answers (the server listens before it has loaded them).
    const status = await fetch(`${origin}/api/admin/me`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { origin, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('scripts/local-netlify/serve.ts did not start within 60 s');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(fn: () => Promise<unknown>, n = runs): Promise<Timing> {
  for (let i = 0; i < 3; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

async function benchSize(size: number): Promise<Result> {
  const database = await throwawayDatabase(size);
  let server: { origin: string; child: ChildProcess } | undefined;
  try {
    const handle = await openDatabase(database.target);
    const seeded = performance.now();
    await seedAdminBench(handle.db, size);
    await createOrResetUser(handle.db, ADMIN.username, ADMIN.password);
    const insightsRows = await seedInsightsYear(handle.db);
    console.error(
      `[bench] ${size} rows seeded in ${database.kind} in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    await handle.close();

    server = await startServer(database.env);
    const { origin } = server;
    const login = await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`Sign-in failed: ${login.status}`);
    const cookie = await enrolAuthenticatorApp(origin, sessionCookieOf(login));
    const headers = { cookie, 'X-Requested-With': 'fetch' };
    const get = async (pathAndQuery: string) => {
      const res = await fetch(origin + pathAndQuery, { headers });
      if (!res.ok)
        throw new Error(`${pathAndQuery}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      return res;
    };
    const getJson = async (pathAndQuery: string) => (await get(pathAndQuery)).json();

    const someOrder = (await getJson('/api/admin/orders?pageSize=1')).items[0];

    const result: Result = {
      'contact list, page 1': await time(() => get('/api/admin/contact-messages')),
      'contact list, last page': await time(() => get('/api/admin/contact-messages?page=last')),
      'orders list, page 1': await time(() => get('/api/admin/orders')),
      'orders list, last page': await time(() => get('/api/admin/orders?page=last')),
      'contact search (rare term)': await time(() =>
        get(`/api/admin/contact-messages?q=${BENCH_RARE_CONTACT_WORD}`),
      ),
      'orders search': await time(() => get(`/api/admin/orders?q=${BENCH_RARE_ORDER_WORD}`)),
      'admin overview': await time(() => get('/api/admin/overview')),
      'admin insights, 30 days': await time(() => get('/api/admin/insights?range=30d')),
      'admin insights, 12 months': await time(() => get('/api/admin/insights?range=12m')),
      'public GET /api/orders/{id}': await time(() =>
        get(`/api/orders/${someOrder.paymentReference}`),
      ),
    };
    result['admin insights, 12 months']!.note =
      `a year seeded: ${insightsRows.daily.toLocaleString('en-US')} daily rows, ${insightsRows.vitals.toLocaleString('en-US')} vitals rows`;
    let rows = 0;
    let csvBytes = 0;
    csvRows.set(size, 0);
    result['orders CSV export'] = await time(async () => {
      const text = await (await get('/api/admin/orders?format=csv')).text();
      csvBytes = Buffer.byteLength(text);
      rows = text.split('\r\n').length - 2; // header line, and the empty string after the last CRLF
      csvRows.set(size, rows);
    }, 3);
    result['orders CSV export']!.note =
      `${rows.toLocaleString('en-US')} of ${size.toLocaleString('en-US')} rows, ${mb(csvBytes)}`;
    Object.assign(result, await backgroundExport(origin, headers, size));
    return result;
  } finally {
    server?.child.kill();
    await database.stop();
  }
}

const csvRows = new Map<number, number>();
const exportRows = new Map<number, number>();

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Once per size: at 100k rows the export takes seconds, not milliseconds. */
async function backgroundExport(
  origin: string,
  headers: Record<string, string>,
  size: number,
): Promise<Result> {
  const started = performance.now();
  const start = await fetch(`${origin}/api/admin/order-exports`, { method: 'POST', headers });
  if (start.status !== 202) throw new Error(`Export start: ${start.status} ${await start.text()}`);
  const { id } = (await start.json()) as { id: string };
  type Status = { state: string; rowsDone: number; parts: number; bytes: number };
  let status: Status;
  for (;;) {
    const res = await fetch(`${origin}/api/admin/order-exports/${id}`, { headers });
    status = (await res.json()) as Status;
    if (status.state === 'done' || status.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const ready = performance.now() - started;
  if (status.state !== 'done') throw new Error('The background export failed');
  const downloading = performance.now();
  let bytes = 0;
  let text = '';
  for (let part = 0; part < status.parts; part++) {
    const res = await fetch(`${origin}/api/admin/order-exports/${id}/parts/${part}`, { headers });
    if (!res.ok) throw new Error(`Export part ${part}: ${res.status}`);
    const chunk = await res.text();
    bytes += Buffer.byteLength(chunk);
    text += chunk;
  }
  const downloaded = performance.now() - downloading;
  const rows = text.split('\r\n').length - 2;
  exportRows.set(size, rows);
  exportReadyMs.set(size, ready);
  const note = `${rows.toLocaleString('en-US')} of ${size.toLocaleString('en-US')} rows, ${status.parts} parts, ${mb(bytes)}`;
  return {
    'orders export in the background, until ready': { p50: ready, p95: ready, note },
    'orders export, download of its parts': { p50: downloaded, p95: downloaded },
  };
}

const exportReadyMs = new Map<number, number>();

function budgetFailures(results: Map<number, Result>): string[] {
  const large = results.get(100_000);
  if (!large) return [];
  const small = results.get(1_000);
  const failures: string[] = [];
  for (const [name, t] of Object.entries(large)) {
    if (/list|search/.test(name)) {
      if (t.p50 > 15) failures.push(`${name}: p50 ${t.p50.toFixed(1)} ms > 15 ms at 100k`);
      const base = small?.[name];
      if (base && t.p50 > 3 * base.p50)
        failures.push(`${name}: grew ${(t.p50 / base.p50).toFixed(1)}x from 1k to 100k (> 3x)`);
    }
  }
  const overview = large['admin overview'];
  if (overview && overview.p50 > 30)
    failures.push(`admin overview: p50 ${overview.p50.toFixed(1)} ms > 30 ms at 100k`);
  for (const name of ['admin insights, 30 days', 'admin insights, 12 months']) {
    const t = large[name];
    if (t && t.p50 > 100) failures.push(`${name}: p50 ${t.p50.toFixed(1)} ms > 100 ms`);
  }
  const csv = large['orders CSV export'];
  if (csv && csv.p50 > 5_000) failures.push(`orders CSV export: ${csv.p50.toFixed(0)} ms > 5 s`);
  if (csvRows.get(100_000) !== 100_000)
    failures.push(`orders CSV export: ${csvRows.get(100_000)} of 100,000 rows`);
  if (exportRows.get(100_000) !== 100_000)
    failures.push(`orders export in the background: ${exportRows.get(100_000)} of 100,000 rows`);
  const ready = exportReadyMs.get(100_000) ?? 0;
  if (ready > 60_000)
    failures.push(
      `orders export in the background: ready after ${(ready / 1000).toFixed(0)} s > 60 s`,
    );
  return failures;
}

const ms = (t: Timing | undefined) => (t ? `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}` : '');

async function main() {
  if (!existsSync(BUNDLED_DIR)) {
    console.error(
      '[bench] No production build: serving the functions from source (npm run build first).',
    );
  }
  const results = new Map<number, Result>();
  for (const size of sizes) results.set(size, await benchSize(size));
  const failures = budgetFailures(results);
  process.exitCode = failures.length ? 1 : 0;
  if (args.json) {
    console.log(JSON.stringify({ results: Object.fromEntries(results), failures }, null, 2));
    return;
  }
  const names = Object.keys(results.get(sizes[0]!)!);
  const header = ['endpoint (p50 / p95 ms)', ...sizes.map((s) => s.toLocaleString('en-US'))];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|---|${sizes.map(() => '---:').join('|')}|`);
  for (const name of names) {
    const cells = sizes.map((s) => {
      const t = results.get(s)![name];
      return t?.note ? `${ms(t)} (${t.note})` : ms(t);
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  if (failures.length) console.log(`\nOver budget:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  else if (results.has(100_000)) console.log('\nWithin the budgets at 100k rows.');
}

await main();
