/**
 * The review's smaller admin-identity findings through the functions: challenge age, the
 * team's notices, sign-outs, what a refused sign-in keeps, and the panel's security log.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_REQUIRED } from '../../src/lib/admin-auth.ts';
import { resetAdminFactors } from '../../src/server/auth/factor-steps.ts';
import { latestSecurityEvents, recordSecurityEvent } from '../../src/server/auth/security-log.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { emailOutbox, rateLimitHits } from '../../src/server/db/schema.ts';
import { readEnv } from '../../src/server/env.ts';
import { AdminBrowser, totpCodeAt } from '../../src/testing/admin-browser.ts';
import {
  adminRequest,
  seedAdmin,
  TEST_ORIGIN,
  verifiedSession,
} from '../../src/testing/admin-seed.ts';
import { routed } from '../../src/testing/requests.ts';
import { SoftPasskey } from '../../src/testing/soft-passkey.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import * as factorsFn from '../functions/admin-factors.mts';
import * as loginFn from '../functions/admin-login.mts';
import * as logoutFn from '../functions/admin-logout.mts';
import * as meFn from '../functions/admin-me.mts';
import * as securityLogFn from '../functions/admin-security-log.mts';
import * as verifyFn from '../functions/admin-verify.mts';
import { signIn } from './admin-sign-in.ts';

const NOW = new Date('2026-03-02T10:01:00.000Z');
const EXPIRED = 'This step has expired. Please start again.';

let db: Db;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  db = await useFreshTestDb();
});
afterEach(() => vi.useRealTimers());
afterAll(() => closeDb());

const later = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));

/** A new admin who enrols an authenticator app: its verified browser and the app's key. */
async function enrolledAdmin() {
  const admin = await seedAdmin(db);
  const browser = await signIn(admin.username);
  const key = String((await browser.call(factorsFn, 'POST', '/api/admin/factors/totp')).json.key);
  const done = await browser.call(factorsFn, 'POST', '/api/admin/factors/totp/confirm', {
    code: totpCodeAt(key),
    label: 'Phone',
  });
  expect(done.status).toBe(200);
  return { admin, browser, key };
}

const noticesTo = async () =>
  (await db.select().from(emailOutbox).orderBy(emailOutbox.id)).filter((e) =>
    e.kind.startsWith('admin.'),
  );

describe('a passkey ceremony', () => {
  it('is refused (409) when its challenge is older than 5 minutes, at enrolment and at sign-in', async () => {
    const { admin, browser } = await enrolledAdmin();
    const passkey = new SoftPasskey(TEST_ORIGIN);
    const stale = await browser.call(factorsFn, 'POST', '/api/admin/factors/passkey/options');
    later(5 * 60_000 + 1_000);
    const tooLate = await browser.call(factorsFn, 'POST', '/api/admin/factors/passkey', {
      response: passkey.register(stale.json as never),
      label: 'Laptop',
    });
    expect(tooLate).toEqual({ status: 409, json: { error: EXPIRED } });
    // The step-up is still fresh enough (under 10 minutes): a new ceremony registers.
    const options = await browser.call(factorsFn, 'POST', '/api/admin/factors/passkey/options');
    later(4 * 60_000);
    const added = await browser.call(factorsFn, 'POST', '/api/admin/factors/passkey', {
      response: passkey.register(options.json as never),
      label: 'Laptop',
    });
    expect(added.status).toBe(200);

    const signingIn = await signIn(admin.username);
    const old = await signingIn.call(verifyFn, 'POST', '/api/admin/verify/options');
    later(5 * 60_000 + 1_000);
    const refused = await signingIn.call(verifyFn, 'POST', '/api/admin/verify', {
      method: 'passkey',
      response: passkey.authenticate(old.json as never),
    });
    expect(refused).toEqual({ status: 409, json: { error: EXPIRED } });
    const fresh = await signingIn.call(verifyFn, 'POST', '/api/admin/verify/options');
    const verified = await signingIn.call(verifyFn, 'POST', '/api/admin/verify', {
      method: 'passkey',
      response: passkey.authenticate(fresh.json as never),
    });
    expect(verified.status).toBe(200);
  });
});

describe('changes to an admin’s factors', () => {
  it('each e-mail the team, naming the account and the change, and are in the security log', async () => {
    const { admin, browser } = await enrolledAdmin();
    const passkey = new SoftPasskey(TEST_ORIGIN);
    const options = await browser.call(factorsFn, 'POST', '/api/admin/factors/passkey/options');
    await browser.call(factorsFn, 'POST', '/api/admin/factors/passkey', {
      response: passkey.register(options.json as never),
      label: 'Laptop',
    });
    const factors = (await browser.call(factorsFn, 'GET', '/api/admin/factors')).json.factors as {
      id: number;
      kind: string;
    }[];
    const app = factors.find((f) => f.kind === 'totp')!;
    expect((await browser.call(factorsFn, 'DELETE', `/api/admin/factors/${app.id}`)).status).toBe(
      200,
    );
    expect(
      (await browser.call(factorsFn, 'POST', '/api/admin/factors/recovery-codes')).status,
    ).toBe(200);
    expect(await resetAdminFactors(db, admin.username, 'a new long passphrase')).toMatchObject({
      removed: 1,
    });

    const notices = await noticesTo();
    expect(notices.map((n) => n.kind)).toEqual([
      'admin.factor-added',
      'admin.factor-added',
      'admin.factor-removed',
      'admin.recovery-codes-renewed',
      'admin.factors-reset',
    ]);
    for (const notice of notices) {
      expect(notice.to).toBe(readEnv().teamEmail);
      expect(notice.subject).toContain(admin.username);
      expect(notice.text).toContain(admin.username);
    }
    expect(notices[0]!.text).toContain('“Phone”: its first second factor');
    expect(notices[1]!.text).toContain('a new passkey, named “Laptop”');
    expect(notices[2]!.text).toContain('authenticator app named “Phone” was removed');

    const owner = new AdminBrowser();
    owner.cookie = `__Host-admin_session=${await verifiedSession(db, admin.id)}`;
    const shown = await owner.call(
      securityLogFn,
      'GET',
      `/api/admin/security-log?q=${admin.username}&pageSize=50`,
    );
    const events = (shown.json.items as { event: string }[]).map((e) => e.event);
    for (const event of [
      'admin.factor-enrolled',
      'admin.factor-removed',
      'admin.recovery-codes-renewed',
      'admin.factors-reset',
    ])
      expect(events).toContain(event);
  });
});

describe('signing out', () => {
  it('is in the security log', async () => {
    const { admin, browser } = await enrolledAdmin();
    expect((await browser.call(logoutFn, 'POST', '/api/admin/logout')).status).toBe(200);
    const [last] = await latestSecurityEvents(db);
    expect(last).toMatchObject({
      event: 'admin.signed-out',
      username: admin.username,
      ip: browser.ip,
    });
  });

  it('of my other sessions ends every other session of the account, with a fresh factor', async () => {
    const { admin, browser } = await enrolledAdmin();
    const laptop = new AdminBrowser();
    laptop.cookie = `__Host-admin_session=${await verifiedSession(db, admin.id)}`;
    const halfway = await signIn(admin.username);
    const stranger = await (await seedAdmin(db)).cookie();

    const ended = await browser.call(logoutFn, 'POST', '/api/admin/logout/others');
    expect(ended).toEqual({ status: 200, json: { ended: 2 } });
    expect((await laptop.call(meFn, 'GET', '/api/admin/me')).json).toEqual({ user: null });
    expect((await halfway.call(meFn, 'GET', '/api/admin/me')).json).toEqual({ user: null });
    expect((await browser.call(meFn, 'GET', '/api/admin/me')).json).toMatchObject({
      stage: 'ready',
    });
    // Another admin's session is not this account's.
    const other = await routed(meFn)(
      adminRequest('GET', '/api/admin/me', { cookie: stranger }),
      {},
    );
    expect((await other.json()).stage).toBe('ready');
    expect((await latestSecurityEvents(db))[0]).toMatchObject({
      event: 'admin.signed-out-others',
      username: admin.username,
      detail: { ended: 2 },
    });

    // An account change: a factor from the last 10 minutes, and never the password alone.
    const stale = new AdminBrowser();
    stale.cookie = `__Host-admin_session=${await verifiedSession(db, admin.id, 11 * 60_000)}`;
    expect(await stale.call(logoutFn, 'POST', '/api/admin/logout/others')).toEqual({
      status: 403,
      json: { error: STEP_UP_REQUIRED },
    });
    const passwordOnly = await signIn(admin.username);
    expect((await passwordOnly.call(logoutFn, 'POST', '/api/admin/logout/others')).status).toBe(
      401,
    );
    expect((await browser.call(meFn, 'GET', '/api/admin/me')).json).toMatchObject({
      stage: 'ready',
    });
  });
});

describe('a refused sign-in', () => {
  it('keeps nothing of what was typed as an unknown username, and names an existing account', async () => {
    const admin = await seedAdmin(db);
    const typed = 'Tr0ub4dor&3-horse';
    const attempt = (username: string) =>
      new AdminBrowser().call(loginFn, 'POST', '/api/admin/login', {
        username,
        password: 'not the password',
      });
    expect((await attempt(typed)).status).toBe(401);
    expect((await attempt(admin.username)).status).toBe(401);
    const [known, unknown] = (await latestSecurityEvents(db)).filter(
      (e) => e.event === 'admin.password-refused',
    );
    expect(unknown).toMatchObject({ userId: null, username: null });
    expect(known).toMatchObject({ userId: admin.id, username: admin.username });
    const stored = JSON.stringify([
      await latestSecurityEvents(db),
      await db.select().from(rateLimitHits),
    ]).toLowerCase();
    expect(stored).not.toContain(typed.toLowerCase());
  });
});

describe('the security log in the panel', () => {
  it('filters by event and account, pages newest first, and shows nothing typed', async () => {
    const admin = await seedAdmin(db, 'grace');
    await seedAdmin(db, 'hopper');
    const base = Date.parse('2026-03-01T08:00:00.000Z');
    for (let i = 0; i < 25; i++)
      await recordSecurityEvent(db, {
        event: i % 5 === 0 ? 'admin.signed-out' : 'admin.factor-verified',
        userId: admin.id,
        username: i % 2 ? 'grace' : 'hopper',
        ip: `198.51.100.${i}`,
        detail: { method: 'totp', stepUp: false },
        at: new Date(base + i * 60_000),
      });
    // Written before refused sign-ins stopped keeping what was typed.
    await recordSecurityEvent(db, {
      event: 'admin.password-refused',
      username: 'my secret password',
      ip: '198.51.100.99',
      at: new Date(base - 60_000),
    });
    const browser = new AdminBrowser();
    browser.cookie = await admin.cookie();
    const list = (query: string) =>
      browser.call(securityLogFn, 'GET', `/api/admin/security-log?${query}`);

    const first = await list('status=admin.factor-verified&q=grace&pageSize=5');
    const items = first.json.items as { at: string; account: string; event: string }[];
    expect(first.json.total).toEqual({ count: 10, exact: true });
    expect(items).toHaveLength(5);
    expect(new Set(items.map((e) => [e.account, e.event].join()))).toEqual(
      new Set(['grace,admin.factor-verified']),
    );
    expect(items.map((e) => e.at)).toEqual([...items.map((e) => e.at)].sort().reverse());
    expect(items[0]).toMatchObject({
      at: '2026-03-01T08:23:00.000Z',
      label: 'Second factor verified',
      ip: '198.51.100.23',
      detail: 'method: totp · stepUp: false',
    });
    const second = await list(
      `status=admin.factor-verified&q=grace&pageSize=5&after=${String(first.json.next)}`,
    );
    const older = second.json.items as { at: string }[];
    expect(older).toHaveLength(5);
    expect(older[0]!.at < items.at(-1)!.at).toBe(true);
    expect(second.json.next).toBeNull();

    const refused = await list('status=admin.password-refused');
    expect(refused.json.items).toEqual([expect.objectContaining({ account: null })]);
    const csv = await routed(securityLogFn)(
      adminRequest('GET', '/api/admin/security-log?format=csv', { cookie: await admin.cookie() }),
      {},
    );
    const everything = JSON.stringify((await list('pageSize=100')).json) + (await csv.text());
    expect(everything).toContain('198.51.100.99');
    expect(everything).not.toContain('my secret password');

    const wrong = await list('status=admin.guessed');
    expect(wrong.status).toBe(400);
  });
});
