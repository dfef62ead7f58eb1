/**
 * The admin's second factor through the functions, as a browser drives them: the password
 * alone reaches no data, an authenticator app is enrolled with its first code (and brings ten
 * recovery codes), each code works once, codes are limited like passwords, exports ask for the
 * factor again after 10 minutes, a lost factor is reset from the command line, and all of it
 * is in the security log without a password or a code. (Passkeys: e2e/admin.spec.ts, with
 * Chromium's virtual authenticator.)
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_REQUIRED, STEP_UP_REQUIRED } from '../../src/lib/admin-auth.ts';
import { resetFactors } from '../../src/server/auth/accounts.ts';
import { latestSecurityEvents } from '../../src/server/auth/security-log.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { adminFactors } from '../../src/server/db/schema.ts';
import { AdminBrowser as Browser, totpCodeAt as codeAt } from '../../src/testing/admin-browser.ts';
import { seedAdmin, TEST_PASSWORD, verifiedSession } from '../../src/testing/admin-seed.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import * as factorsFn from '../functions/admin-factors.mts';
import * as loginFn from '../functions/admin-login.mts';
import * as meFn from '../functions/admin-me.mts';
import * as ordersFn from '../functions/admin-orders.mts';
import * as verifyFn from '../functions/admin-verify.mts';

let db: Db;
beforeEach(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

async function signInWithPassword(
  username: string,
  password = TEST_PASSWORD,
  browser = new Browser(),
) {
  const login = await browser.call(loginFn, 'POST', '/api/admin/login', { username, password });
  expect(login.status).toBe(200);
  return { browser, stage: login.json.stage };
}

/** A new admin who enrols an authenticator app; answers its key and recovery codes. */
async function enrolledAdmin() {
  const admin = await seedAdmin(db);
  const { browser } = await signInWithPassword(admin.username);
  const started = await browser.call(factorsFn, 'POST', '/api/admin/factors/totp');
  const key = String(started.json.key);
  const done = await browser.call(factorsFn, 'POST', '/api/admin/factors/totp/confirm', {
    code: codeAt(key),
    label: 'Phone',
  });
  expect(done.status).toBe(200);
  return { admin, browser, key, recoveryCodes: done.json.recoveryCodes as string[] };
}

describe('the password alone', () => {
  it('opens only the enrolment screen of a new admin, never data', async () => {
    const admin = await seedAdmin(db);
    const { browser, stage } = await signInWithPassword(admin.username);
    expect(stage).toBe('enrol');
    // Before: this answered 200 with every order.
    const orders = await browser.call(ordersFn, 'GET', '/api/admin/orders');
    expect(orders).toEqual({ status: 401, json: { error: SECOND_FACTOR_REQUIRED } });
    expect((await browser.call(meFn, 'GET', '/api/admin/me')).json).toEqual({
      user: { username: admin.username },
      stage: 'enrol',
    });
  });
});

describe('an authenticator app', () => {
  it('is enrolled with its first code, brings ten recovery codes and opens the panel', async () => {
    const { browser, key, recoveryCodes } = await enrolledAdmin();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await browser.call(ordersFn, 'GET', '/api/admin/orders')).status).toBe(200);
    // The secret is stored sealed: the table holds no key that makes codes.
    const [factor] = await db.select().from(adminFactors);
    expect(factor!.totpSecret).toMatch(/^sealed2\.[0-9a-f]{8}\./);
    expect(factor!.totpSecret).not.toContain(key);
  });

  it('signs in later with a code, each code once, and a wrong one is refused', async () => {
    const { admin, key } = await enrolledAdmin();
    const { browser, stage } = await signInWithPassword(admin.username);
    expect(stage).toBe('verify');
    expect((await browser.call(ordersFn, 'GET', '/api/admin/orders')).status).toBe(401);
    const wrong = await browser.call(verifyFn, 'POST', '/api/admin/verify', {
      method: 'totp',
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    // The enrolment used this step's code: the next step's works once.
    const next = codeAt(key, Date.now() + 30_000);
    const ok = await browser.call(verifyFn, 'POST', '/api/admin/verify', {
      method: 'totp',
      code: next,
    });
    expect(ok.status).toBe(200);
    expect((await browser.call(ordersFn, 'GET', '/api/admin/orders')).status).toBe(200);
    const other = (await signInWithPassword(admin.username)).browser;
    const replay = await other.call(verifyFn, 'POST', '/api/admin/verify', {
      method: 'totp',
      code: next,
    });
    expect(replay.status).toBe(400);
  });

  it('takes a recovery code once', async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const first = (await signInWithPassword(admin.username)).browser;
    const code = recoveryCodes[3]!.toLowerCase().replace(/-/g, ' ');
    const used = await first.call(verifyFn, 'POST', '/api/admin/verify', {
      method: 'recovery',
      code,
    });
    expect(used.status).toBe(200);
    const second = (await signInWithPassword(admin.username)).browser;
    const again = await second.call(verifyFn, 'POST', '/api/admin/verify', {
      method: 'recovery',
      code,
    });
    expect(again.status).toBe(400);
  });

  it('limits wrong codes like passwords (429 for that address)', async () => {
    const { admin } = await enrolledAdmin();
    const { browser: first } = await signInWithPassword(admin.username);
    // Two sessions from one address, so that no session reaches its own limit first.
    const { browser: second } = await signInWithPassword(
      admin.username,
      TEST_PASSWORD,
      new Browser(first.ip),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const browser = i < 3 ? first : second;
      const res = await browser.call(verifyFn, 'POST', '/api/admin/verify', {
        method: 'totp',
        code: String(100000 + i),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('step-up', () => {
  it('asks for the factor again before a CSV export when the last one is over 10 minutes old', async () => {
    const { admin, key } = await enrolledAdmin();
    const browser = new Browser();
    browser.cookie = `__Host-admin_session=${await verifiedSession(db, admin.id, 11 * 60_000)}`;
    // Lists still open; the export of personal data asks first.
    expect((await browser.call(ordersFn, 'GET', '/api/admin/orders')).status).toBe(200);
    const refused = await browser.call(ordersFn, 'GET', '/api/admin/orders?format=csv');
    expect(refused).toEqual({ status: 403, json: { error: STEP_UP_REQUIRED } });
    const again = await browser.call(verifyFn, 'POST', '/api/admin/verify', {
      method: 'totp',
      code: codeAt(key, Date.now() + 30_000),
    });
    expect(again.status).toBe(200);
    expect((await browser.call(ordersFn, 'GET', '/api/admin/orders?format=csv')).status).toBe(200);
    // Adding a factor or new recovery codes is an account change: the same rule.
    const stale = new Browser();
    stale.cookie = `__Host-admin_session=${await verifiedSession(db, admin.id, 11 * 60_000)}`;
    const codes = await stale.call(factorsFn, 'POST', '/api/admin/factors/recovery-codes');
    expect(codes.status).toBe(403);
    expect((await stale.call(factorsFn, 'POST', '/api/admin/factors/totp')).status).toBe(403);
  });
});

describe('a lost factor', () => {
  it('is reset from the command line with a new password: sessions end and the next sign-in enrols again', async () => {
    const { admin, browser } = await enrolledAdmin();
    const password = 'a brand new passphrase';
    expect(await resetFactors(db, admin.username, password)).toEqual({
      username: admin.username,
      removed: 1,
    });
    expect((await browser.call(ordersFn, 'GET', '/api/admin/orders')).status).toBe(401);
    // Whoever knew the old password cannot enrol the next factor before the owner.
    const old = await new Browser().call(loginFn, 'POST', '/api/admin/login', {
      username: admin.username,
      password: TEST_PASSWORD,
    });
    expect(old.status).toBe(401);
    expect((await signInWithPassword(admin.username, password)).stage).toBe('enrol');
  });

  it('refuses a reset that keeps the old password or sets a weak one', async () => {
    const { admin } = await enrolledAdmin();
    await expect(resetFactors(db, admin.username, TEST_PASSWORD)).rejects.toThrow(
      'The new password must not be the old one.',
    );
    await expect(resetFactors(db, admin.username, 'short')).rejects.toThrow(
      'Password must be at least 12 characters long.',
    );
    expect(await db.select().from(adminFactors)).toHaveLength(1);
  });
});

describe('the security log', () => {
  it('records sign-ins, failures, factor changes and exports, never a password or a code', async () => {
    const { admin, browser, key, recoveryCodes } = await enrolledAdmin();
    await new Browser().call(loginFn, 'POST', '/api/admin/login', {
      username: admin.username,
      password: 'not the password at all',
    });
    await browser.call(ordersFn, 'GET', '/api/admin/orders?format=csv');
    const events = await latestSecurityEvents(db);
    expect(events.map((e) => e.event).sort()).toEqual(
      [
        'admin.password-accepted',
        'admin.factor-enrolled',
        'admin.password-refused',
        'data.exported',
      ].sort(),
    );
    const written = JSON.stringify(events);
    for (const secret of [TEST_PASSWORD, 'not the password at all', key, ...recoveryCodes])
      expect(written).not.toContain(secret);
    expect(events.find((e) => e.event === 'data.exported')).toMatchObject({
      userId: admin.id,
      username: admin.username,
      detail: { list: '/api/admin/orders' },
    });
  });
});
