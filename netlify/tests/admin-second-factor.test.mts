/**
 * The admin's second factor through the functions, as a browser drives them: the password
 * alone reaches no data, an authenticator app is enrolled with its first code (and brings ten
 * recovery codes), each code works once, codes are limited like passwords, exports ask for the
 * factor again after 10 minutes, a lost factor is reset from the command line, and all of it
 * is in the security log without a password or a code. (Passkeys: e2e/admin.spec.ts, with
 * Chromium's virtual authenticator.)
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_REQUIRED, STEP_UP_REQUIRED } from '../../src/lib/admin-auth.ts';
import { resetFactors } from '../../src/server/auth/accounts.ts';
import { latestSecurityEvents } from '../../src/server/auth/security-log.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { adminFactors } from '../../src/server/db/schema.ts';
import {
  adminRequest,
  seedAdmin,
  TEST_PASSWORD,
  verifiedSession,
} from '../../src/testing/admin-seed.ts';
import { routed, type FunctionModule } from '../../src/testing/requests.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import * as factorsFn from '../functions/admin-factors.mts';
import * as loginFn from '../functions/admin-login.mts';
import * as meFn from '../functions/admin-me.mts';
import * as ordersFn from '../functions/admin-orders.mts';
import * as verifyFn from '../functions/admin-verify.mts';

let db: Db;
let visitor = 0;
beforeEach(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

/** A browser: its cookie and its address, as the functions see them. */
class Browser {
  cookie = '';
  readonly ip = `192.0.2.${++visitor}`;
  async call(
    mod: FunctionModule,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await routed(mod)(
      adminRequest(method, path, {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { body } : {}),
      }),
      { ip: this.ip },
    );
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : {} };
  }
}

const codeAt = (key: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: at });

async function signInWithPassword(username: string) {
  const browser = new Browser();
  const login = await browser.call(loginFn, 'POST', '/api/admin/login', {
    username,
    password: TEST_PASSWORD,
  });
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
    expect(factor!.totpSecret).toMatch(/^sealed1\./);
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
    const { browser } = await signInWithPassword(admin.username);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
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
  it('is reset from the command line: sessions end and the next sign-in enrols again', async () => {
    const { admin, browser } = await enrolledAdmin();
    expect(await resetFactors(db, admin.username)).toEqual({
      username: admin.username,
      removed: 1,
    });
    expect((await browser.call(ordersFn, 'GET', '/api/admin/orders')).status).toBe(401);
    expect((await signInWithPassword(admin.username)).stage).toBe('enrol');
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
