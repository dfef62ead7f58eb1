// Only HTTP, and SQL as a leaked copy would read the tables, so the same script shows the before
// and the after: `--root /path/to/old/checkout` replays an older build.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Secret, TOTP } from 'otpauth';
import { createOrResetUser } from '../src/server/auth/accounts.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { CLIENT_ONBOARDING_FORM } from '../src/testing/client-onboarding-form.ts';
import { startPostgres } from '../src/testing/postgres-server.ts';
import { startTestSmtp } from '../src/testing/smtp-peer.ts';
import { PROJECT_ROOT, freePort, sleep, startHost } from './local-netlify/host-harness.ts';
import { startCrmStandIn } from './lib/crm-stand-in.ts';
import { Browser as BrowserAt, buy } from './lib/replay-browser.ts';

process.env.NOVAREACH_LOCAL_RUN ??= 'preview';
const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? process.argv[rootArg + 1]! : PROJECT_ROOT;

/** Netlify Blobs on loopback, behind a proxy that answers 503 while `down` is set. */
async function startSwitchableBlobs() {
  const { BlobsServer } = await import('@netlify/blobs/server');
  const token = randomUUID();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'replay-blobs-'));
  const store = new BlobsServer({ directory, token });
  const { port } = await store.start();
  const state = { down: false };
  const proxy = createServer((req, res) => {
    if (state.down) {
      res.writeHead(503).end('Blobs unavailable');
      return;
    }
    const upstream = httpRequest(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const edgeURL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    state,
    context: Buffer.from(
      JSON.stringify({ edgeURL, uncachedEdgeURL: edgeURL, token, siteID: 'local', deployID: '0' }),
    ).toString('base64'),
    close: async () => {
      proxy.close();
      await store.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const postgres = await startPostgres();
const smtp = await startTestSmtp();
const crm = await startCrmStandIn();
const blobs = await startSwitchableBlobs();
const setup = new pg.Client({ connectionString: postgres.url });
await setup.connect();
await setup.query('CREATE DATABASE replay');
await setup.end();
const dbUrl = postgres.url.replace(/\/postgres$/, '/replay');
const host = await startHost({
  root,
  port: await freePort(),
  timeoutMs: 120_000,
  env: {
    DATABASE_URL: dbUrl,
    SMTP_URL: smtp.url,
    TEAM_EMAIL: 'team@novareach.example',
    GHL_API_KEY: 'pit-replay',
    GHL_COMPANY_ID: 'COMPANY_REPLAY',
    GHL_API_BASE: crm.url,
    NETLIFY_BLOBS_CONTEXT: blobs.context,
  },
});
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();

class Browser extends BrowserAt {
  constructor(ip?: string) {
    super(host.origin, ip);
  }
}

type Mail = { text: string; secrets: Record<string, string> | null };
const sql = async <T>(text: string, values: unknown[] = []) =>
  (await db.query(text, values)).rows as T[];
/** Waits until no e-mail due is left unsent (the host sends after its answers), at most 15 s. */
async function settle() {
  for (let i = 0; i < 60; i++) {
    await sleep(250);
    const [due] = await sql<{ n: number }>(
      `select count(*)::int as n from email_outbox where status = 'pending' and next_attempt_at <= now() and attempts = 0`,
    );
    if (!due?.n) return;
  }
}
const said = (res: { status: number; json: { error?: string } | null }) =>
  res.json?.error ? `${res.status} (${res.json.error})` : String(res.status);
const receivedBy = (to: string) => smtp.received.filter((m) => m.to.includes(to));

/** The admin, signed in with the password and an authenticator app (the step-up is fresh). */
const ADMIN = { username: 'replay-admin', password: 'a long replay passphrase' };
await new Browser().req('/api/admin/me'); // the host migrates its database on first use
{
  const handle = await openDatabase({ kind: 'postgres', url: dbUrl });
  await createOrResetUser(handle.db, ADMIN.username, ADMIN.password);
  await handle.close();
}
const admin = new Browser('192.0.2.10');
await admin.req('/api/admin/login', { json: ADMIN });
const enrol = await admin.req('/api/admin/factors/totp', { method: 'POST' });
const totpKey = String(enrol.json?.key);
const code = (at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(totpKey) }).generate({ timestamp: at });
await admin.req('/api/admin/factors/totp/confirm', { json: { code: code(), label: 'replay' } });

async function client(email: string, name: string) {
  const browser = new Browser();
  await buy(browser, email, name);
  await settle();
  const mail = receivedBy(email).find((m) => /order .* is confirmed/.test(String(m.mail.subject)));
  const token = /token=([\w-]+)/.exec(String(mail?.mail.text))?.[1] ?? '';
  const signedIn = await browser.req('/api/auth/magic', { json: { token } });
  if (signedIn.status !== 200) console.log(`   (${email}'s sign-in link: ${said(signedIn)})`);
  const [row] = await sql<{ id: number }>('select id from clients where email = $1', [email]);
  return { browser, clientId: row?.id ?? 0 };
}

/** The admin answers a client's request (the endpoint moved in the fix). */
async function answer(id: number) {
  const now = await admin.req(`/api/admin/privacy-requests/${id}/answer`, { json: {} });
  if (now.status !== 404) return now;
  return admin.req(`/api/admin/people/requests/${id}/answer`, { method: 'POST' });
}

async function ask(browser: Browser, kind: 'export' | 'erase') {
  const asked = await browser.req('/api/privacy/requests', { json: { kind } });
  if (asked.status >= 300) console.log(`   (asking for ${kind}: ${said(asked)})`);
  return Number(asked.json?.request?.id);
}

const contact = (name: string, email: string, message: string) =>
  new Browser().req('/api/contact-form', {
    json: { name, email, phone: '555-0100', company: '', message, formType: 'contact' },
  });

try {
  console.log(`\n# Replaying issue 61 against ${root}\n`);

  console.log('1. A client named "New" at x@acme.co exports and erases (finding 1)');
  await contact('Eve Example', 'eve@example.com', 'My secret plans for the spring');
  await contact('Xavier Stranger', 'x@acme.com', 'Please keep this private');
  const named = await client('x@acme.co', 'New');
  await contact('New', 'x@acme.co', 'Hello, a question about my order');
  await settle();
  const exportId = await ask(named.browser, 'export');
  console.log(`   the admin answers the export: ${said(await answer(exportId))}`);
  const download = await named.browser.req('/api/privacy/export');
  const strangers = ['eve@example.com', 'My secret plans', 'x@acme.com', 'Xavier'];
  const leaked = strangers.filter((s) => download.text.includes(s));
  const outboxRows = (download.json?.tables?.email_outbox ?? []) as { kind: string }[];
  console.log(
    `   download ${download.status}: ${outboxRows.length} e-mails (${outboxRows.map((r) => r.kind).join(', ')}); strangers' data in it: ${leaked.length ? leaked.join(', ') : 'none'}`,
  );
  const strangersMail = () =>
    sql<{ n: number }>(
      `select count(*)::int as n from email_outbox where text ilike '%eve@example.com%' or text ilike '%x@acme.com%' or "to" in ('eve@example.com', 'x@acme.com')`,
    );
  const before = (await strangersMail())[0]!.n;
  const eraseId = await ask(named.browser, 'erase');
  const erased = await answer(eraseId);
  console.log(
    `   the admin answers the erasure: ${said(erased)}; strangers' e-mails before ${before}, after ${(await strangersMail())[0]!.n}`,
  );

  console.log('\n2. A stolen sealed token typed into every form that echoes text (finding 2)');
  // SMTP refuses for a moment: the victim's confirmation waits in the outbox, as in the copy.
  smtp.reject = { code: 451, message: 'Try again later' };
  await buy(new Browser(), 'victim@example.com', 'Victor Victim');
  await settle();
  const [stored] = await sql<Mail>(
    `select text, secrets from email_outbox where "to" = 'victim@example.com' and kind = 'order-confirmation'`,
  );
  const sealed =
    Object.values(stored?.secrets ?? {})[0] ??
    /sealed(?:1|2\.[0-9a-f]{8})\.[\w-]+/.exec(stored?.text ?? '')?.[0] ??
    '';
  smtp.reject = null;
  const [pending] = await sql<{ id: number }>(
    `select id from email_outbox where "to" = 'victim@example.com'`,
  );
  await admin.req(`/api/admin/outbox/${pending?.id}/retry`, { method: 'POST' });
  await settle();
  const victimMail = receivedBy('victim@example.com').at(-1);
  const victimToken = /token=([\w-]+)/.exec(String(victimMail?.mail.text))?.[1] ?? '';
  console.log(
    `   the sealed token taken from the pending e-mail: ${sealed.slice(0, 20)}… (${sealed.length} characters)`,
  );
  const attacker = 'mallory@example.com';
  const typed = {
    'client onboarding (full name)': await new Browser().req('/api/clients/onboarding', {
      json: { ...CLIENT_ONBOARDING_FORM, fullName: sealed, email: attacker },
    }),
    'contact (message)': await contact('Mallory', attacker, `Hello there, ${sealed}`),
    'meeting (message)': await new Browser().req('/api/schedule-meeting', {
      json: {
        name: 'Mallory',
        email: attacker,
        phone: '',
        company: '',
        meetingType: 'website-demo',
        preferredDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        preferredTime: '2:30 PM',
        timezone: 'CET',
        message: sealed,
      },
    }),
  };
  const bought = await buy(new Browser(), attacker, sealed);
  await settle();
  for (const [form, res] of Object.entries(typed)) console.log(`   ${form}: ${said(res)}`);
  console.log(`   checkout (name): ${bought.lookup.status}`);
  const opened = smtp.received.filter(
    (m) =>
      !m.to.includes('victim@example.com') && `${m.mail.text}${m.mail.html}`.includes(victimToken),
  );
  const asTyped = smtp.received.filter((m) => `${m.mail.text}`.includes(sealed));
  console.log(
    `   e-mails delivered with the victim's token opened: ${opened.length} (${opened.map((m) => m.mail.subject).join('; ') || 'none'}); with the word as typed: ${asTyped.length}`,
  );

  console.log('\n3. Sixty wrong codes from twelve /64s with one password session (finding 3)');
  const guesser = new Browser('2001:db8:0:1::1');
  await guesser.req('/api/admin/login', { json: ADMIN });
  const statuses: Record<number, number> = {};
  for (let i = 0; i < 60; i++) {
    const from = new Browser(`2001:db8:0:${(i % 12) + 1}::${i + 2}`);
    from.jar = guesser.jar;
    const res = await from.req('/api/admin/verify', {
      json: { method: 'totp', code: String(100000 + i) },
    });
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  // The attacker signs in again whenever a session ends, and goes on from other /64s.
  const more: Record<number, number> = {};
  let signIns = 0;
  let session: Browser | undefined;
  for (let i = 0; i < 60; i++) {
    if (!session) {
      session = new Browser(`2001:db8:1:${++signIns}::1`);
      await session.req('/api/admin/login', { json: ADMIN });
    }
    const from = new Browser(`2001:db8:2:${(i % 12) + 1}::${i + 2}`);
    from.jar = session.jar;
    const res = await from.req('/api/admin/verify', {
      json: { method: 'totp', code: String(200000 + i) },
    });
    more[res.status] = (more[res.status] ?? 0) + 1;
    if (res.status === 401) session = undefined;
  }
  await settle();
  console.log(`   one session, 60 codes: ${JSON.stringify(statuses)}`);
  console.log(
    `   signing in again whenever a session ends (${signIns} sign-ins), 60 more codes from 12 /64s: ${JSON.stringify(more)}`,
  );
  const [paused] = await sql<{ n: number }>(
    `select count(*)::int as n from email_outbox where "to" = 'team@novareach.example' and subject ilike '%paused%'`,
  );
  console.log(`   e-mails queued to the team about paused codes: ${paused!.n}`);

  console.log('\n4. An erasure whose Blobs step fails (finding 4)');
  const doomed = await client('blobs@example.com', 'Bea Blobs');
  const blobsId = await ask(doomed.browser, 'erase');
  await settle();
  const noticesBefore = receivedBy('blobs@example.com').length;
  blobs.state.down = true;
  const failed = await answer(blobsId);
  blobs.state.down = false;
  await settle();
  const [request] = await sql<{ completed_at: Date | null; last_error?: string | null }>(
    'select * from privacy_requests where id = $1',
    [blobsId],
  );
  const [kept] = await sql<{ n: number }>(
    `select count(*)::int as n from clients where email = 'blobs@example.com'`,
  );
  console.log(
    `   answered while Blobs is down: ${failed.status} ${JSON.stringify(failed.json?.error ?? '')}; request ${request?.completed_at ? 'closed' : 'still open'}${request?.last_error ? ` (reason: ${request.last_error})` : ''}; e-mails to the client since: ${receivedBy('blobs@example.com').length - noticesBefore}; client rows left: ${kept!.n}`,
  );
  const retried = await answer(blobsId);
  await settle();
  console.log(
    `   answered again with Blobs back: ${said(retried)}; e-mails to the client since: ${receivedBy('blobs@example.com').length - noticesBefore}`,
  );

  console.log('\n5. The erasure of a client with a GoHighLevel account (finding 5)');
  const linked = await client('crm@example.com', 'Carl Crm');
  const connected = await linked.browser.req(`/api/gohighlevel/connect/${linked.clientId}`, {
    method: 'POST',
  });
  const crmId = await ask(linked.browser, 'erase');
  const callsBefore = crm.calls.length;
  const crmErased = await answer(crmId);
  console.log(
    `   Connect: ${said(connected)}; the admin answers the erasure: ${said(crmErased)}; CRM calls of the erasure: ${crm.calls.slice(callsBefore).join(', ') || 'none'}`,
  );
} finally {
  await db.end();
  await host.stop();
  crm.close();
  await blobs.close();
  await smtp.close();
  await postgres.stop();
}
