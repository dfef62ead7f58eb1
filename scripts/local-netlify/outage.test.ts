/**
 * "Never a 5xx, never down", tested against real processes: scripts/local-netlify/serve.ts runs as its own
 * process (what `npm run preview` runs) with the project's real functions, and the database is
 * Netlify's local Postgres-compatible server (scripts/local-netlify/database-server.ts, the one serve.ts
 * runs), listening on a TCP port.
 *
 *   1. `npm run preview` keeps its database in .netlify/preview-db across restarts; --fresh
 *      gives a throwaway one and leaves the kept folder alone.
 *   2. Stopping the database server under a running host: the host stays up, static pages
 *      answer 200, the database-backed form answers 503 with Retry-After and a JSON error (fast,
 *      never a hang), and after the server is back on the same port and folder the form works
 *      again within seconds, with nothing stored before the outage lost. The timeline is printed.
 *
 * No build is needed (see scripts/local-netlify/host-harness.ts), so this runs with the unit tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../src/server/db/unavailable.ts';
import { lockFileOf, startDatabaseServer, type DatabaseServer } from './database-server.ts';
import {
  fatalErrors,
  freePort,
  makeSiteRoot,
  request,
  sleep,
  startHost,
  STATIC_PAGE_MARKER,
  Timeline,
  type Answer,
  type Host,
} from './host-harness.ts';
import { parseCommandLine } from './serve.ts';
import { PREVIEW_STATE_FILE, type PreviewState } from '../lib/preview-state.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  // Newest first: hosts stop before the database servers and folders they use.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

let visitor = 0;
/** A valid contact form (src/features/contact/contact.ts) from a new client address each time. */
function postContact(host: Host, email: string, timeoutMs = 5_000): Promise<Answer> {
  visitor += 1;
  return request(
    `${host.origin}/api/contact-form`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: host.origin,
        // Its own address, so the per-address rate limit never answers instead of the database.
        'X-Forwarded-For': `10.77.${visitor >> 8}.${visitor & 255}`,
      },
      body: JSON.stringify({
        name: 'Outage Test',
        email,
        phone: '',
        company: 'NovaReach QA',
        message: 'A message that has to survive restarts and outages.',
      }),
    },
    timeoutMs,
  );
}

/** How many contact messages from `email` the database at `url` holds. */
async function storedMessages(url: string, email: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM contact_messages WHERE email = $1',
      [email],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function started(host: Promise<Host>): Promise<Host> {
  const h = await host;
  cleanups.push(() => h.stop());
  return h;
}

function describeAnswer(a: Answer): string {
  return a.error ? `no answer: ${a.error} after ${a.ms} ms` : `${a.status} in ${a.ms} ms`;
}

describe('serve.ts command line: which database', () => {
  const root = path.resolve('/project');
  const kept = path.join(root, '.netlify', 'preview-db');
  const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
    parseCommandLine(['--root', root, ...argv], env);

  it('keeps `npm run preview` data in .netlify/preview-db by default', () => {
    expect(parse([]).dataDir).toBe(kept);
    expect(parse(['--db-port', '5600'])).toMatchObject({ dataDir: kept, dbPort: 5600 });
    expect(parse(['--data-dir', '/tmp/x']).dataDir).toBe(path.resolve('/tmp/x'));
    // Its logos beside it, kept too; a folder of another name keeps the Blobs of a throwaway run.
    expect(parse([]).blobsDir).toBe(path.join(root, '.netlify', 'preview-blobs'));
    expect(parse(['--data-dir', '/tmp/x']).blobsDir).toBeUndefined();
    expect(parse(['--fresh']).blobsDir).toBeUndefined();
  });

  it('throws the data away with --fresh, even when a database URL is configured', () => {
    const fresh = parse(['--fresh']);
    expect([fresh.dataDir, fresh.dbPort]).toEqual([undefined, undefined]);
    // With a URL configured, a throwaway server in memory on a free port takes its place.
    const freshOverUrl = parse(['--fresh'], { DATABASE_URL: 'postgres://db/x' });
    expect([freshOverUrl.dataDir, freshOverUrl.dbPort]).toEqual([undefined, 0]);
    expect(() => parse(['--fresh', '--data-dir', '/tmp/x'])).toThrow(/exclude/);
  });

  it('leaves the e2e suite (--snapshot) and a configured database as they were', () => {
    const e2e = parse(['--snapshot', '--port', '4500', '--db-port', '5500'], {
      DATABASE_URL: 'postgres://postgres@localhost:5500/postgres',
    });
    expect(e2e).toEqual({ root, snapshot: true, port: 4500, dbPort: 5500 });
    expect(parse(['--snapshot'])).toEqual({ root, snapshot: true });
    expect(parse([], { DATABASE_URL: 'postgres://db/x' })).toEqual({ root });
    expect(parse([], { NETLIFY_DB_URL: 'postgres://db/x' })).toEqual({ root });
  });
});

describe('npm run preview keeps its database', () => {
  it('keeps messages in .netlify/preview-db across restarts; --fresh keeps nothing', async () => {
    const site = await makeSiteRoot();
    cleanups.push(site.remove);
    const port = await freePort();
    const dbPort = await freePort();
    const dbUrl = `postgres://postgres@localhost:${dbPort}/postgres`;
    const kept = 'kept@example.com';
    const thrownAway = 'thrown-away@example.com';
    const folder = path.join(site.dir, '.netlify', 'preview-db');

    // 1. No flags at all, as `npm run preview` starts it.
    let host = await started(startHost({ root: site.dir, port }));
    expect(existsSync(lockFileOf(folder)), 'the folder is locked while in use').toBe(true);
    // What the maintenance commands beside it read (scripts/lib/database-choice.ts).
    const stateFile = path.join(site.dir, PREVIEW_STATE_FILE);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as PreviewState;
    expect(state.blobsDirectory).toBe(path.join(site.dir, '.netlify', 'preview-blobs'));
    expect(state.dbConnectionString).toMatch(/^postgres:\/\/postgres@localhost:\d+\/postgres$/);
    expect((await postContact(host, kept)).status).toBe(200);
    await host.stop();
    expect(host.exitCode(), host.output()).toBe(0);
    expect(existsSync(stateFile), 'the state file goes with the server').toBe(false);
    expect(existsSync(path.join(folder, 'PG_VERSION')), 'a PGlite data folder').toBe(true);
    expect(existsSync(lockFileOf(folder)), 'the lock is released on stop').toBe(false);

    // 2. --fresh: an empty database in memory (on a port, so the test can look inside).
    host = await started(
      startHost({ root: site.dir, port, args: ['--fresh', '--db-port', `${dbPort}`] }),
    );
    expect(await storedMessages(dbUrl, kept)).toBe(0);
    expect(existsSync(path.join(site.dir, PREVIEW_STATE_FILE)), 'a throwaway one is nobody’s').toBe(
      false,
    );
    expect((await postContact(host, thrownAway)).status).toBe(200);
    expect(await storedMessages(dbUrl, thrownAway)).toBe(1);
    await host.stop();

    // 3. Started again without --fresh: the first run's message is there, the throwaway one is not.
    host = await started(startHost({ root: site.dir, port, args: ['--db-port', `${dbPort}`] }));
    expect(await storedMessages(dbUrl, kept)).toBe(1);
    expect(await storedMessages(dbUrl, thrownAway)).toBe(0);
    await host.stop();
    expect(host.exitCode(), host.output()).toBe(0);
  });

  it('refuses a data folder that another running server holds', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'preview-db-lock-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const folder = path.join(dir, 'db');
    const first = await startDatabaseServer({ directory: folder });
    cleanups.push(first.stop);
    await expect(startDatabaseServer({ directory: folder })).rejects.toThrow(/in use by process/);
    await first.stop();
    const again = await startDatabaseServer({ directory: folder });
    await again.stop();
  });
});

describe('a database outage under a running function host', () => {
  it('keeps serving static pages, answers 503 + Retry-After, and recovers', async () => {
    const timeline = new Timeline();
    timeline.mark('start');
    const site = await makeSiteRoot();
    cleanups.push(site.remove);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outage-db-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const [port, dbPort] = [await freePort(), await freePort()];

    let db: DatabaseServer = await startDatabaseServer({ port: dbPort, directory: dataDir });
    const stopDb = () => db.stop();
    cleanups.push(() => stopDb());
    timeline.mark(`database server up on port ${dbPort} (data in a temp folder)`);

    const host = await started(startHost({ root: site.dir, port, env: { DATABASE_URL: db.url } }));
    timeline.mark(`function host up (pid ${host.pid}): GET / 200`);

    const before = await postContact(host, 'before@example.com');
    expect(before.status, before.text).toBe(200);
    timeline.mark(`POST /api/contact-form ${describeAnswer(before)} (database up)`);

    await db.stop();
    timeline.mark('database server stopped (connections dropped, port closed)');

    // During the outage: no request hangs, static pages are untouched, the form says 503.
    for (let round = 1; round <= 3; round++) {
      const page = await request(`${host.origin}/`);
      expect(page.status, describeAnswer(page)).toBe(200);
      expect(page.text).toContain(STATIC_PAGE_MARKER);
      timeline.mark(`GET / ${describeAnswer(page)}`);

      const form = await postContact(host, `during-${round}@example.com`);
      expect(form.status, `${describeAnswer(form)}\n${host.output()}`).toBe(503);
      expect(form.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(form.headers.get('content-type')).toMatch(/application\/json/);
      expect(JSON.parse(form.text)).toEqual({ error: DATABASE_UNAVAILABLE });
      timeline.mark(
        `POST /api/contact-form ${describeAnswer(form)}, Retry-After ${form.headers.get('retry-after')}`,
      );
      expect(host.alive(), `the host died:\n${host.output()}`).toBe(true);
      await sleep(300);
    }
    timeline.mark(`host process ${host.pid} alive`);

    db = await startDatabaseServer({ port: dbPort, directory: dataDir });
    const restartedAt = timeline.mark(`database server restarted on port ${dbPort}, same folder`);

    let recoveredAt: number | undefined;
    const deadline = Date.now() + 15_000;
    for (let attempt = 1; Date.now() < deadline; attempt++) {
      const form = await postContact(host, 'after@example.com');
      if (form.status === 200) {
        recoveredAt = timeline.mark(
          `POST /api/contact-form ${describeAnswer(form)} (attempt ${attempt}): recovered`,
        );
        break;
      }
      // Until the pool has a connection again the answer is still the 503, never anything else.
      expect(form.status, `${describeAnswer(form)}: ${form.text}`).toBe(503);
      timeline.mark(`POST /api/contact-form ${describeAnswer(form)} (attempt ${attempt})`);
      await sleep(250);
    }
    expect(recoveredAt, `no recovery within 15 s:\n${host.output()}`).toBeDefined();
    expect(recoveredAt! - restartedAt).toBeLessThan(10_000);

    // Nothing stored before the outage was lost; nothing was stored for the 503 answers.
    expect(await storedMessages(db.url, 'before@example.com')).toBe(1);
    expect(await storedMessages(db.url, 'after@example.com')).toBe(1);
    expect(await storedMessages(db.url, 'during-1@example.com')).toBe(0);
    const page = await request(`${host.origin}/`);
    expect(page.status).toBe(200);
    expect(host.alive()).toBe(true);
    expect(host.output()).not.toMatch(/Unhandled function error|uncaught/i);
    expect(fatalErrors(host)).toEqual([]);
    timeline.mark('checked: stored messages intact, host alive, no 500 logged');
    // For the record (not asserted: the wording belongs to src/server): what the host logged.
    const count = (re: RegExp) => host.output().match(re)?.length ?? 0;
    timeline.mark(
      `host log: ${count(/Database connection lost/g)} dropped idle connection(s), ` +
        `${count(/Database unavailable/g)} "Database unavailable" answer(s)`,
    );

    await host.stop();
    await db.stop();
    timeline.mark('host and database stopped');
    console.log(timeline.format('outage timeline'));
  });
});
