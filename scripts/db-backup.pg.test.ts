/**
 * `npm run db:backup` and `npm run db:restore` as an operator runs them (child processes),
 * against a real PostgreSQL and a Netlify Blobs store: every table seeded with personal data,
 * backed up, restored into a fresh database and an empty store, and compared row by row,
 * column by column and byte by byte; the refusals; and an erasure made after the backup
 * applied again by the restore.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore } from '@netlify/blobs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasePerson } from '../src/features/privacy/privacy.server';
import { openDatabase } from '../src/server/db/client';
import {
  restoreBackupFile,
  tablesInDependencyOrder,
  writeBackupFile,
} from '../src/server/db/backup';
import { neonConfig } from '@neondatabase/serverless';
import { neonConfigFor, startNeonLocalProxy } from '../src/testing/neon-local-proxy';
import { saveLogo, type LogoStore } from '../src/server/uploads/logo';
import { TINY_PNG } from '../src/testing/images';
import {
  createMigratedDatabase,
  startPostgres,
  type PostgresServer,
} from '../src/testing/postgres-server';
import { runScript, SCRIPT_TIMEOUT } from '../src/testing/script-runs';

const SECRET = 'backup-test-session-secret-0123456789abcdef';
let server: PostgresServer;
let work: string;
const blobServers: BlobsServer[] = [];

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  server = await startPostgres();
  work = await mkdtemp(path.join(tmpdir(), 'db-backup-'));
});

afterAll(async () => {
  await Promise.allSettled(blobServers.map((s) => s.stop()));
  await server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A Blobs store of its own: the context a command reaches it by, and the logo store. */
async function blobStore(): Promise<{ context: string; store: LogoStore }> {
  const token = randomUUID();
  const directory = await mkdtemp(path.join(work, 'blobs-'));
  const blobs = new BlobsServer({ directory, token });
  blobServers.push(blobs);
  const { port } = await blobs.start();
  const edgeURL = `http://127.0.0.1:${port}`;
  const context = { edgeURL, uncachedEdgeURL: edgeURL, token, siteID: 'local', deployID: '0' };
  const store = getStore({
    name: 'onboarding-logos',
    ...context,
    consistency: 'strong',
  }) as unknown as LogoStore;
  return { context: Buffer.from(JSON.stringify(context)).toString('base64'), store };
}

let databases = 0;
async function freshDatabase(): Promise<string> {
  return createMigratedDatabase(server, `backup_${++databases}`);
}

function db(url: string, args: string[], blobsContext?: string) {
  return runScript('scripts/db-backup.ts', args, {
    env: {
      DATABASE_URL: url,
      SESSION_SECRET: SECRET,
      NOVAREACH_LOCAL_RUN: 'command',
      ...(blobsContext ? { NETLIFY_BLOBS_CONTEXT: blobsContext } : {}),
    },
  });
}

async function sqlOn<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Every row of every table as Postgres's JSON of it, in primary-key order. */
async function everyRow(url: string): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of tablesInDependencyOrder()) {
    const rows = await sqlOn<{ row: string }>(
      url,
      `SELECT to_jsonb(t)::text AS row FROM "${table}" t ORDER BY to_jsonb(t)::text`,
    );
    all[table] = rows.map((r) => r.row);
  }
  return all;
}

async function logoBytes(store: LogoStore): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const { key } of (await store.list({ prefix: '' })).blobs) {
    const blob = await store.getWithMetadata(key, { type: 'arrayBuffer' });
    found[key] = `${JSON.stringify(blob?.metadata)} ${Buffer.from(blob!.data).toString('base64')}`;
  }
  return found;
}

/** One row in every table, most of them about Ada or Bob. */
async function seedEveryTable(url: string, store: LogoStore): Promise<void> {
  const statements = [
    `INSERT INTO users (username, password) VALUES ('alice', 'argon2id$hash')`,
    `INSERT INTO admin_sessions (token_hash, user_id, expires_at, factor_verified_at)
       VALUES ('h1', 1, now() + interval '1 day', now())`,
    `INSERT INTO admin_factors (user_id, kind, label, totp_secret) VALUES (1, 'totp', 'Phone', 'sealed')`,
    `INSERT INTO admin_recovery_codes (user_id, code_hash) VALUES (1, 'c1')`,
    `INSERT INTO security_log (event, user_id, username, ip, detail)
       VALUES ('admin.signed_in', 1, 'alice', '203.0.113.9', '{"via":"password"}')`,
    `INSERT INTO privacy_runs (started_at, source, counts) VALUES (now(), 'command', '{"contact":{"contact_messages":0}}')`,
    `INSERT INTO clients (email, name, stripe_customer_id, email_verified_at)
       VALUES ('ada@example.com', 'Ada Lovelace', 'cus_ada', now()),
              ('bob@example.com', 'Bob Babbage', NULL, NULL)`,
    `INSERT INTO privacy_requests (kind, client_id, email, due_at) VALUES ('export', 1, 'ada@example.com', now() + interval '30 days')`,
    `INSERT INTO erasure_records (address_digest, erased_at) VALUES ('digest-of-someone', now() - interval '1 year')`,
    `INSERT INTO rate_limit_hits (key, window_start, count) VALUES ('contact:203.0.113.9', date_trunc('hour', now()), 2)`,
    `INSERT INTO client_sessions (token_hash, client_id, whole_account, order_ids, expires_at)
       VALUES ('s1', 1, true, '{1}', now() + interval '7 days')`,
    `INSERT INTO magic_links (token_hash, client_id, expires_at) VALUES ('m1', 1, now() + interval '15 minutes')`,
    `INSERT INTO checkout_sessions (id, provider, mode, status, lines, amount_total_cents, success_url,
         cancel_url, customer_email, customer_name, completed_at)
       VALUES ('cs_ada', 'simulated', 'payment', 'complete',
         '[{"id":"starter","name":"Starter","description":"","type":"package","billingCycle":"oneTime","unitAmountCents":100000,"quantity":1}]',
         100000, 'http://localhost/success', 'http://localhost/cancel', 'ada@example.com', 'Ada Lovelace', now()),
              ('cs_bob', 'simulated', 'payment', 'complete', '[]', 50000, 'http://localhost/s',
         'http://localhost/c', 'bob@example.com', 'Bob Babbage', now())`,
    `INSERT INTO orders (order_number, checkout_session_id, client_id, product_id, product_name, amount,
         stripe_payment_intent_id, customer_email, customer_name, status, items, paid_at, discounts, taxes)
       VALUES ('NR-1', 'cs_ada', 1, 'starter', 'Starter Website Package', 100000, 'pi_ada',
         'ada@example.com', 'Ada Lovelace', 'paid', '[]', now(), '[{"code":"SAVE10","amountCents":0}]', '[]'),
              ('NR-2', 'cs_bob', 2, 'starter', 'Starter Website Package', 50000, 'pi_bob',
         'bob@example.com', 'Bob Babbage', 'paid', '[]', now(), NULL, NULL)`,
    `INSERT INTO order_items (order_id, product_id, name, type, billing_cycle, unit_amount_cents, quantity)
       VALUES (1, 'starter', 'Starter Website Package', 'package', 'oneTime', 100000, 1)`,
    `INSERT INTO refunds (provider_refund_id, provider, order_id, amount_cents, status, refunded_at)
       VALUES ('re_1', 'simulated', 1, 1000, 'succeeded', now())`,
    `INSERT INTO webhook_events (id, type) VALUES ('evt_1', 'checkout.session.completed')`,
    `INSERT INTO onboarding_forms (order_id, business_info, completed)
       VALUES (1, '{"businessName":"Analytical Engines","phone":"+44 20 7946 0000"}', false)`,
    `INSERT INTO client_onboarding_submissions (full_name, email, business_name, data)
       VALUES ('Ada Lovelace', 'ada@example.com', 'Analytical Engines', '{"goals":"more clients"}')`,
    `INSERT INTO contact_messages (name, email, phone, message)
       VALUES ('Ada Lovelace', 'ada@example.com', '+44 20 7946 0000', 'Hello from Ada'),
              ('Bob Babbage', 'bob@example.com', '', 'Hello from Bob')`,
    `INSERT INTO meeting_requests (name, email, meeting_type, preferred_date, preferred_time, timezone)
       VALUES ('Ada Lovelace', 'ada@example.com', 'consultation', '2027-01-05', '9:30 AM', 'Europe/London')`,
    `INSERT INTO email_outbox (kind, "to", subject, text, html, about_emails, about_client_ids, headers, secrets)
       VALUES ('order.confirmation', 'ada@example.com', 'Your order NR-1', 'Dear Ada', '<p>Dear Ada</p>',
         '{ada@example.com}', '{1}', '{"List-Unsubscribe":"<secret-1>"}', '{"secret-1":"sealed"}')`,
    `INSERT INTO checkout_reminders (checkout_session_id, address_hash, outbox_email_id, due_at)
       VALUES ('cs_ada', 'hash-ada', 1, now())`,
    `INSERT INTO reminder_opt_outs (address_hash) VALUES ('hash-carol')`,
    `INSERT INTO stored_keys (purpose, sealed) VALUES ('reminder-address', 'sealed2.0a1b2c3d.x')`,
    `INSERT INTO job_runs (name, last_started_at, last_finished_at, last_succeeded_at, last_status)
       VALUES ('outbox-deliver', now(), now(), now(), 'ok')`,
    `INSERT INTO insights_daily (day, path, device, views, visitors) VALUES ('2026-12-01', '/', 'phone', 3, 2)`,
    `INSERT INTO insights_vitals (day, path, metric, bucket, samples) VALUES ('2026-12-01', '/', 'LCP', 4, 2)`,
    `INSERT INTO insights_daily_paths (day, path, views, visitors) VALUES ('2026-12-01', '/', 3, 2)`,
    `INSERT INTO insights_daily_sources (day, referrer_host, utm_source, views, visitors)
       VALUES ('2026-12-01', '', '', 3, 2)`,
    `INSERT INTO insights_vitals_monthly (month, path, metric, bucket, samples)
       VALUES ('2026-12-01', '/', 'LCP', 4, 2)`,
    `INSERT INTO insights_vital_targets (day, path, metric, target, samples, poor)
       VALUES ('2026-12-01', '/', 'LCP', 'h1#page-title', 2, 0)`,
    `INSERT INTO insights_salts (day, salt) VALUES ('2026-12-01', '\\x00ff10')`,
    `INSERT INTO insights_visitor_hashes (day, hash) VALUES ('2026-12-01', '\\x0a0b')`,
    `INSERT INTO subscribers (email, source) VALUES ('ada@example.com', 'airbnb-automation')`,
    `INSERT INTO subscriptions (provider, provider_subscription_id, provider_customer_id, status, plan,
         lines, interval, amount_cents, last_event_at, current_period_end)
       VALUES ('simulated', 'sub_ada', 'cus_ada', 'active', 'Lily AI (monthly)',
         '[{"name":"Lily AI","quantity":1,"unitAmountCents":9900,"interval":"month"}]', 'month', 9900, now(), now() + interval '1 month')`,
    `INSERT INTO subscription_payments (provider_invoice_id, provider_subscription_id, billing_reason,
         status, amount_cents, paid_at)
       VALUES ('in_1', 'sub_ada', 'subscription_create', 'paid', 9900, now())`,
  ];
  for (const statement of statements) await sqlOn(url, statement);
  await saveLogo(store, { orderId: 1, clientId: 1, bytes: TINY_PNG });
  await saveLogo(store, { orderId: 2, clientId: 2, bytes: TINY_PNG });
}

async function rewriteHeader(
  from: string,
  to: string,
  change: (header: Record<string, unknown>) => void,
) {
  const lines = gunzipSync(await readFile(from))
    .toString('utf8')
    .split('\n');
  const first = JSON.parse(lines[0]!) as { header: Record<string, unknown> };
  change(first.header);
  lines[0] = JSON.stringify(first);
  await writeFile(to, gzipSync(lines.join('\n')));
}

describe('npm run db:backup and db:restore on PostgreSQL', () => {
  let source: string;
  let sourceBlobs: Awaited<ReturnType<typeof blobStore>>;
  let backup: string;

  beforeAll(async () => {
    source = await freshDatabase();
    sourceBlobs = await blobStore();
    await seedEveryTable(source, sourceBlobs.store);
    backup = path.join(work, 'site.jsonl.gz');
  });

  it(
    'restores every table, every column, the sequences and the logos byte for byte',
    async () => {
      const rows = await everyRow(source);
      const empty = Object.entries(rows)
        .filter(([, r]) => !r.length)
        .map(([t]) => t);
      expect(empty, 'every table is seeded (a new table needs a row here)').toEqual([]);

      const made = await db(source, ['backup', '--out', backup], sourceBlobs.context);
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      expect(made.stdout).toContain(`Backed up DATABASE_URL to ${backup}:`);
      const header = JSON.parse(
        gunzipSync(await readFile(backup))
          .toString('utf8')
          .split('\n')[0]!,
      );
      expect(header.header).toMatchObject({
        format: 'novareach-backup',
        formatVersion: 1,
        schemaVersion: expect.stringMatching(/^\d{4}_/),
      });
      expect(Date.parse(header.header.createdAt)).not.toBeNaN();

      const target = await freshDatabase();
      const targetBlobs = await blobStore();
      const restored = await db(target, ['restore', backup], targetBlobs.context);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(await everyRow(target)).toEqual(rows);
      expect(await logoBytes(targetBlobs.store)).toEqual(await logoBytes(sourceBlobs.store));
      expect(Object.keys(await logoBytes(targetBlobs.store)).length).toBeGreaterThan(0);

      // New rows take new ids: the sequences came along.
      const [next] = await sqlOn<{ id: number }>(
        target,
        `INSERT INTO contact_messages (name, email, message) VALUES ('New', 'new@example.com', 'x') RETURNING id`,
      );
      expect(next!.id).toBe(3);
    },
    SCRIPT_TIMEOUT * 2,
  );

  it(
    'refuses a database that holds anything, unless --force, which replaces it',
    async () => {
      const target = await freshDatabase();
      await sqlOn(
        target,
        `INSERT INTO subscribers (email, source) VALUES ('zed@example.com', 'x')`,
      );
      const refused = await db(target, ['restore', backup, '--without-logos']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('The database is not empty (subscribers)');
      expect(refused.stderr).toContain('--force');
      expect(await sqlOn(target, 'SELECT email FROM subscribers')).toEqual([
        { email: 'zed@example.com' },
      ]);

      const forced = await db(target, ['restore', backup, '--force', '--without-logos']);
      expect(forced.stderr).toBe('');
      expect(forced.code).toBe(0);
      expect(await everyRow(target)).toEqual(await everyRow(source));
    },
    SCRIPT_TIMEOUT * 2,
  );

  it(
    'refuses a backup of another schema version, and one cut short',
    async () => {
      const other = path.join(work, 'other-version.jsonl.gz');
      await rewriteHeader(backup, other, (h) => (h.schemaVersion = '0001_client_identity'));
      const target = await freshDatabase();
      const refused = await db(target, ['restore', other, '--without-logos']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /The backup is of schema version 0001_client_identity, the database is at \d{4}_\w+/,
      );
      expect(await sqlOn(target, 'SELECT count(*)::int AS n FROM clients')).toEqual([{ n: 0 }]);

      const cut = path.join(work, 'cut.jsonl.gz');
      const lines = gunzipSync(await readFile(backup))
        .toString('utf8')
        .trim()
        .split('\n');
      await writeFile(cut, gzipSync(lines.slice(0, -1).join('\n')));
      const incomplete = await db(target, ['restore', cut, '--without-logos']);
      expect(incomplete.code).toBe(1);
      expect(incomplete.stderr).toContain('is incomplete');
    },
    SCRIPT_TIMEOUT * 2,
  );

  it(
    'writes a dated file into a folder and deletes its backups over --keep-days old',
    async () => {
      const folder = path.join(work, 'kept');
      await mkdir(folder);
      const old = 'backup-2020-01-01T00-00-00Z.jsonl.gz';
      await writeFile(path.join(folder, old), '');
      await writeFile(path.join(folder, 'notes.txt'), 'not a backup');
      const r = await db(source, [
        'backup',
        '--out',
        `${folder}/`,
        '--keep-days',
        '30',
        '--without-logos',
      ]);
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain(`Deleted ${old} (over 30 days old).`);
      const names = (await readdir(folder)).sort();
      expect(names).toHaveLength(2);
      expect(names[0]).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.jsonl\.gz$/);
      expect(names[1]).toBe('notes.txt');
    },
    SCRIPT_TIMEOUT,
  );

  it(
    'names the variables it needs when it cannot reach the logos',
    async () => {
      const r = await db(source, ['backup', '--out', path.join(work, 'x.jsonl.gz')]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('NETLIFY_SITE_ID');
      expect(r.stderr).toContain('NETLIFY_AUTH_TOKEN');
      expect(r.stderr).toContain('--without-logos');
    },
    SCRIPT_TIMEOUT,
  );

  it(
    'erases again, on restore, a person erased after the backup was taken',
    async () => {
      const live = await freshDatabase();
      const liveBlobs = await blobStore();
      await seedEveryTable(live, liveBlobs.store);
      const before = path.join(work, 'before-erasure.jsonl.gz');
      expect((await db(live, ['backup', '--out', before], liveBlobs.context)).code).toBe(0);

      const handle = await openDatabase({ kind: 'postgres', url: live });
      try {
        await erasePerson(handle.db, 'ada@example.com', {
          logoStore: liveBlobs.store,
          leave: ['stripe_customers', 'crm'],
        });
      } finally {
        await handle.close();
      }
      const after = path.join(work, 'after-erasure.jsonl.gz');
      expect((await db(live, ['backup', '--out', after], liveBlobs.context)).code).toBe(0);

      const mentionsAda = async (url: string) =>
        Object.entries(await everyRow(url)).flatMap(([table, rows]) =>
          rows.filter((r) => /ada@example\.com|Lovelace/i.test(r)).map(() => table),
        );
      const adaLogos = async (store: LogoStore) =>
        Object.keys(await logoBytes(store)).filter((k) => k.includes('order-1/'));
      expect(await mentionsAda(live)).toEqual([]);

      // A database lost: the old backup into a new one, with the erasures of the newest backup.
      const rebuilt = await freshDatabase();
      const rebuiltBlobs = await blobStore();
      const restored = await db(
        rebuilt,
        ['restore', before, '--erasures-from', after],
        rebuiltBlobs.context,
      );
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toContain('applied again: 1 address(es)');
      expect(await mentionsAda(rebuilt)).toEqual([]);
      expect(await adaLogos(rebuiltBlobs.store)).toEqual([]);
      const [bob] = await sqlOn(
        rebuilt,
        `SELECT count(*)::int AS n FROM contact_messages WHERE email = 'bob@example.com'`,
      );
      expect(bob).toEqual({ n: 1 });
      expect(
        Object.keys(await logoBytes(rebuiltBlobs.store)).some((k) => k.includes('order-2/')),
      ).toBe(true);

      // Rolled back in place: the erasures recorded in the database it replaces.
      const rolledBack = await db(live, ['restore', before, '--force'], liveBlobs.context);
      expect(rolledBack.stderr).toBe('');
      expect(await mentionsAda(live)).toEqual([]);
      expect(await adaLogos(liveBlobs.store)).toEqual([]);

      // Without a newer record the old backup brings Ada back: the record is what erases her.
      const plain = await freshDatabase();
      expect((await db(plain, ['restore', before, '--without-logos'])).code).toBe(0);
      expect(await mentionsAda(plain)).not.toEqual([]);
    },
    SCRIPT_TIMEOUT * 4,
  );

  it(
    "backs up and restores through Netlify's driver as well (Neon's HTTP queries and WebSocket transactions)",
    async () => {
      const proxies = [await startNeonLocalProxy(source)];
      const through = async (url: string) => {
        if (url !== source) proxies.push(await startNeonLocalProxy(url));
        Object.assign(neonConfig, neonConfigFor(proxies.at(-1)!));
        process.env.NETLIFY_DB_URL = url;
        process.env.NETLIFY_DB_DRIVER = 'serverless';
        return openDatabase({ kind: 'netlify' });
      };
      try {
        const file = path.join(work, 'through-netlify.jsonl.gz');
        const from = await through(source);
        await writeBackupFile(from.db, sourceBlobs.store, file).finally(() => from.close());
        const target = await freshDatabase();
        const targetBlobs = await blobStore();
        const to = await through(target);
        await restoreBackupFile(to.db, targetBlobs.store, file).finally(() => to.close());
        expect(await everyRow(target)).toEqual(await everyRow(source));
        expect(await logoBytes(targetBlobs.store)).toEqual(await logoBytes(sourceBlobs.store));
        for (const proxy of proxies) expect(proxy.stats.webSockets).toBeGreaterThan(0);
      } finally {
        delete process.env.NETLIFY_DB_URL;
        delete process.env.NETLIFY_DB_DRIVER;
        await Promise.all(proxies.map((p) => p.close()));
      }
    },
    SCRIPT_TIMEOUT,
  );
});
