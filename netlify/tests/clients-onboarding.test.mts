/**
 * POST /api/clients/onboarding and its confirmation link, with the Demo-Mode CRM and with the
 * real GoHighLevel client against a local stand-in of its API: a typed address gets no CRM
 * account and no credentials until it is proven.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openedText } from '../../src/testing/sent-mail.ts';
import { privateDigest } from '../../src/server/tokens.ts';
import {
  CLIENT_ONBOARDING_ACCOUNTS,
  submitClientOnboarding,
} from '../../src/features/client-onboarding/client-onboarding.server.ts';
import type { CrmClient } from '../../src/server/crm/crm.ts';
import { CRM_ACCOUNTS_PER_DAY } from '../../src/server/crm/daily-cap.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import {
  clientOnboardingSubmissions,
  emailOutbox,
  rateLimitHits,
} from '../../src/server/db/schema.ts';
import { createClientWithOrder, sessionCookieFor } from '../../src/testing/onboarding-fixtures.ts';
import { CLIENT_ONBOARDING_FORM } from '../../src/testing/client-onboarding-form.ts';
import confirmHandler from '../functions/clients-onboarding-confirm.mts';
import handler from '../functions/clients-onboarding.mts';

let db: Db;
let ipCounter = 0;

beforeEach(async () => {
  db = await useFreshTestDb();
  delete process.env.GHL_API_KEY;
  delete process.env.GHL_COMPANY_ID;
});
afterAll(() => closeDb());

const form = CLIENT_ONBOARDING_FORM;

/** A POST from a new visitor (Netlify's context.ip), optionally with a cookie. */
const post = (body: unknown, headers: Record<string, string> = {}) =>
  handler(
    new Request('http://localhost/api/clients/onboarding', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    { ip: `10.0.0.${++ipCounter}` },
  );

const NO_CREDENTIALS = { redirectUrl: null, tempPassword: null, locationId: null };

/** The token of the confirmation link e-mailed to `to`. */
async function confirmationToken(to = 'ada@example.com'): Promise<string> {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, 'client-onboarding.confirm'))
    .then((rows) => rows.filter((r) => r.to === to));
  return /\/client-onboarding\?confirm=([\w-]+)/.exec(openedText(mail!))![1]!;
}

/** A GET of the old link form, as a mail scanner opens every link on arrival. */
const openLink = (token: string) =>
  confirmHandler(new Request(`http://localhost/api/clients/onboarding/confirm?token=${token}`), {});

/** The person's press of "Confirm and create my account" on the page the link opened. */
const confirm = async (token: string) => {
  const res = await confirmHandler(
    new Request('http://localhost/api/clients/onboarding/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ token }),
    }),
    {},
  );
  expect(res.headers.get('set-cookie')).toBeNull();
  return {
    status: res.status,
    body: (await res.json()) as { account: string; redirectUrl: string | null },
  };
};

describe('POST /api/clients/onboarding', () => {
  it('stores an anonymous submission and answers no credentials, Demo Mode included', async () => {
    const res = await post(form);
    expect(res.status).toBe(200);
    // Before: Demo-Mode credentials for whoever posted; with GoHighLevel keys, real ones.
    expect(await res.json()).toEqual({ ...NO_CREDENTIALS, simulated: true });

    const [row] = await db.select().from(clientOnboardingSubmissions);
    expect(row).toMatchObject({
      productId: 'starter',
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      businessName: 'Acme Bakery',
      ghlLocationId: null,
      confirmedAt: null,
    });
    expect(row!.data).toMatchObject({
      businessType: 'restaurant',
      websiteType: 'brochure',
      projectType: 'new-website',
    });
    const mails = await db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ['client-onboarding.team', expect.any(String)],
      ['client-onboarding.confirm', 'ada@example.com'],
    ]);
    // The link stores only the token's hash.
    const token = await confirmationToken();
    expect(row!.confirmTokenHash).not.toBe(token);

    // A mail scanner's GET (or the person's click) opens the page that asks; nothing happens.
    const scanned = await openLink(token);
    expect(scanned.status).toBe(303);
    expect(scanned.headers.get('location')).toBe(`/client-onboarding?confirm=${token}`);
    const [untouched] = await db.select().from(clientOnboardingSubmissions);
    expect(untouched).toMatchObject({ confirmedAt: null, ghlLocationId: null });
    // Before: that GET created the account, and the person's own click found the link spent.

    // The press proves the address: the demo account is made and its portal opens; once only.
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.account).toBe('ready');
    expect(confirmed.body.redirectUrl).toMatch(/^\/dashboard\/demo-portal\?location=demo-/);
    const [after] = await db.select().from(clientOnboardingSubmissions);
    expect(after).toMatchObject({ simulated: true, confirmedAt: expect.any(Date) });
    expect(after!.ghlLocationId).toMatch(/^demo-/);
    expect((await confirm(token)).body).toEqual({ account: 'invalid', redirectUrl: null });
    expect((await confirm('forged')).body).toEqual({ account: 'invalid', redirectUrl: null });
    expect((await confirm('')).status).toBe(400);
  });

  it('answers credentials to a browser signed in as that very address only', async () => {
    const { client } = await createClientWithOrder(db, { email: 'owner@example.com' });
    const own = await post(
      { ...form, email: 'Owner@Example.com' },
      { cookie: sessionCookieFor(client.id) },
    );
    const body = await own.json();
    expect(body).toMatchObject({ simulated: true });
    expect(body.tempPassword).toEqual(expect.any(String));
    expect(body.redirectUrl).toBe(`/dashboard/demo-portal?location=${body.locationId}`);

    // Signed in, but as someone else: the typed address still needs its link.
    const other = await post(form, { cookie: sessionCookieFor(client.id) });
    expect(await other.json()).toEqual({ ...NO_CREDENTIALS, simulated: true });
    expect(await confirmationToken()).toEqual(expect.any(String));
  });

  it('keeps the product the form sends', async () => {
    await post({ ...form, productId: 'advanced' });
    const [row] = await db.select().from(clientOnboardingSubmissions);
    expect(row!.productId).toBe('advanced');
  });

  it('rejects invalid input with the form’s message and stores nothing', async () => {
    const res = await post({ ...form, email: 'nope' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('email: Please enter a valid email address.');
    const unknown = await post({ ...form, productId: 'nonexistent' });
    expect(unknown.status).toBe(400);
    expect(await db.$count(clientOnboardingSubmissions)).toBe(0);
  });

  it('creates no account without the terms, but still stores the submission', async () => {
    const res = await post({ ...form, termsAccepted: false });
    expect(await res.json()).toEqual({ ...NO_CREDENTIALS, simulated: true });
    expect(await db.$count(clientOnboardingSubmissions)).toBe(1);
    const mails = await db.select().from(emailOutbox);
    expect(mails.map((m) => m.kind)).toEqual(['client-onboarding.team']);
  });

  it('e-mails one address at most three confirmation links a day', async () => {
    for (let i = 0; i < 5; i++) expect((await post(form)).status).toBe(200);
    expect(await db.$count(clientOnboardingSubmissions)).toBe(5);
    const links = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'client-onboarding.confirm'));
    expect(links).toHaveLength(3);
    // The typed address is not kept in the limits table, nor a hash anyone could recompute
    // (before: its plain SHA-256, which a list of guessed addresses reverses).
    const keys = (await db.select().from(rateLimitHits)).map((r) => r.key);
    expect(keys.some((k) => k.includes('@'))).toBe(false);
    const guessed = createHash('sha256').update('ada@example.com').digest('hex');
    expect(keys.some((k) => k.includes(guessed))).toBe(false);
    expect(keys).toContain(`client-onboarding:confirm:${privateDigest('ada@example.com')}`);
  });

  it('sends the confirmed address to "pending" when the real CRM fails (the team finishes it)', async () => {
    process.env.GHL_API_KEY = 'pit-broken';
    process.env.GHL_COMPANY_ID = 'C1';
    process.env.GHL_API_BASE = 'http://127.0.0.1:1';
    try {
      const res = await post(form);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ...NO_CREDENTIALS, simulated: false });
      expect(await db.$count(clientOnboardingSubmissions)).toBe(1);
      expect((await confirm(await confirmationToken())).body.account).toBe('pending');
    } finally {
      delete process.env.GHL_API_BASE;
    }
  });

  it('answers a filled honeypot like a success but stores, sends and creates nothing', async () => {
    const res = await post({ ...form, homepage: 'http://spam.example' });
    expect(res.status).toBe(200);
    // The answer of a real submission: nothing to tell apart.
    expect(await res.json()).toEqual({ ...NO_CREDENTIALS, simulated: true });
    expect(await db.$count(clientOnboardingSubmissions)).toBe(0);
    expect(await db.$count(emailOutbox)).toBe(0);
  });

  it('creates no CRM account for a filled honeypot', async () => {
    const crm: CrmClient = {
      simulated: false,
      createClientAccount: vi.fn(),
      locationExists: vi.fn(),
      dashboardUrl: vi.fn(),
      deleteClientAccount: vi.fn(),
    };
    const result = await submitClientOnboarding(
      db,
      { ...form, homepage: 'http://spam.example' },
      { ip: '10.0.9.1', crm },
    );
    expect(result).toEqual({
      response: { redirectUrl: null, tempPassword: null, locationId: null, simulated: false },
      submissionId: null,
      emailIds: [],
    });
    expect(crm.createClientAccount).not.toHaveBeenCalled();
  });

  it('works as before with an empty honeypot, and does not store it', async () => {
    const res = await post({ ...form, homepage: '' });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(clientOnboardingSubmissions);
    expect(row!.data).not.toHaveProperty('homepage');
    const mails = await db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(mails.map((m) => m.kind)).toEqual([
      'client-onboarding.team',
      'client-onboarding.confirm',
    ]);
  });

  it('refuses cross-site posts and other methods', async () => {
    expect((await post(form, { Origin: 'https://evil.example' })).status).toBe(403);
    const get = await handler(new Request('http://localhost/api/clients/onboarding'), {});
    expect(get.status).toBe(405);
  });
});

describe('with the real GoHighLevel client (local stand-in of its API)', () => {
  let server: Server;
  let seen: { method: string; path: string; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        seen.push({ method: req.method!, path: req.url!, body: raw ? JSON.parse(raw) : {} });
        const body =
          req.url === '/locations/' ? { id: `loc_${seen.length}` } : { id: `user_${seen.length}` };
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen = [];
    process.env.GHL_API_KEY = 'pit-standin';
    process.env.GHL_COMPANY_ID = 'COMPANY1';
    process.env.GHL_API_BASE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    delete process.env.GHL_API_BASE;
  });

  it('creates nothing and answers no credentials for an anonymous submission', async () => {
    const res = await post(form);
    expect(res.status).toBe(200);
    const body = await res.json();
    // Before: a sub-account and an admin user were created, and the password came back here.
    expect(body).toEqual({ ...NO_CREDENTIALS, simulated: false });
    expect(JSON.stringify(body)).not.toMatch(/loc_|user_/);
    expect(seen).toEqual([]);
  });

  it('creates the account once the e-mailed link is used, and e-mails how to sign in, never the password', async () => {
    await post(form);
    const token = await confirmationToken();
    // A scanner's GET calls no CRM; the press does, once.
    await openLink(token);
    expect(seen).toEqual([]);
    expect((await confirm(token)).body).toEqual({ account: 'ready', redirectUrl: null });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /locations/', 'POST /users/']);
    const password = String(seen[1]!.body.password);
    const [ready] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'crm.account-ready'));
    expect(ready!.to).toBe('ada@example.com');
    expect(ready!.text).toContain('Forgot password?');
    // Before: the password was in the message (sealed while stored, readable in the mailbox).
    for (const stored of [
      ready!.text,
      ready!.html,
      openedText(ready!),
      openedText(ready!, ready!.html),
    ])
      expect(stored).not.toContain(password);
    const [row] = await db.select().from(clientOnboardingSubmissions);
    expect(row).toMatchObject({ ghlLocationId: 'loc_1', simulated: false });
  });

  it('creates no more than the daily cap of accounts; the rest wait for the team', async () => {
    await db.insert(rateLimitHits).values({
      key: 'crm-accounts:day',
      windowStart: new Date(
        Math.floor(Date.now() / (CRM_ACCOUNTS_PER_DAY.windowSeconds * 1000)) *
          CRM_ACCOUNTS_PER_DAY.windowSeconds *
          1000,
      ),
      count: CRM_ACCOUNTS_PER_DAY.limit,
    });
    await post(form);
    expect((await confirm(await confirmationToken())).body.account).toBe('pending');
    expect(seen).toEqual([]);
  });

  it('keeps its own small share of the daily cap, so paying clients keep headroom', async () => {
    const day = CLIENT_ONBOARDING_ACCOUNTS.cap.windowSeconds * 1000;
    await db.insert(rateLimitHits).values({
      key: `crm-accounts:${CLIENT_ONBOARDING_ACCOUNTS.name}:day`,
      windowStart: new Date(Math.floor(Date.now() / day) * day),
      count: CLIENT_ONBOARDING_ACCOUNTS.cap.limit,
    });
    await post(form);
    expect((await confirm(await confirmationToken())).body.account).toBe('pending');
    expect(seen).toEqual([]);
    // The shared cap was not spent by the refused form.
    const shared = await db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, 'crm-accounts:day'));
    expect(shared.reduce((n, r) => n + r.count, 0)).toBe(0);
  });
});
