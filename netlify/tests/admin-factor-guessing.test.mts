/**
 * The review's finding 3 replayed: with the password, sixty wrong app codes from twelve IPv6
 * /64s all answered 400. The clock is fixed a minute into a 15-minute window, so none ends.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../../src/server/env.ts';
import { FACTOR_LIMITS } from '../../src/server/auth/second-factor.ts';
import { latestSecurityEvents } from '../../src/server/auth/security-log.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { AdminBrowser, totpCodeAt, wrongCodes } from '../../src/testing/admin-browser.ts';
import { seedAdmin, TEST_ORIGIN } from '../../src/testing/admin-seed.ts';
import { SoftPasskey } from '../../src/testing/soft-passkey.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import * as factorsFn from '../functions/admin-factors.mts';
import * as meFn from '../functions/admin-me.mts';
import * as verifyFn from '../functions/admin-verify.mts';
import { signIn } from './admin-sign-in.ts';

const WINDOW_START = new Date('2026-03-02T10:00:00.000Z');
const NOW = new Date(WINDOW_START.getTime() + 60_000);
const PAUSED =
  /^Codes from the authenticator app are paused for this account after too many wrong ones\. Use your passkey or a recovery code, or wait 14 minutes\.$/;

let db: Db;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  db = await useFreshTestDb();
});
afterEach(() => vi.useRealTimers());
afterAll(() => closeDb());

/** An address in the `block`-th /64 of the attacker's (each request from another address in it). */
const inBlock = (block: number, n: number) => `2001:db8:${block.toString(16)}:7::${n.toString(16)}`;

/** A new admin with an authenticator app and a passkey; answers its app key and recovery codes. */
async function adminWithFactors() {
  const admin = await seedAdmin(db);
  const owner = await signIn(admin.username, new AdminBrowser('198.51.100.7'));
  const key = String((await owner.call(factorsFn, 'POST', '/api/admin/factors/totp')).json.key);
  const enrolled = await owner.call(factorsFn, 'POST', '/api/admin/factors/totp/confirm', {
    code: totpCodeAt(key),
    label: 'Phone',
  });
  expect(enrolled.status).toBe(200);
  const passkey = new SoftPasskey(TEST_ORIGIN);
  const options = await owner.call(factorsFn, 'POST', '/api/admin/factors/passkey/options');
  const added = await owner.call(factorsFn, 'POST', '/api/admin/factors/passkey', {
    response: passkey.register(options.json as never),
    label: 'Laptop',
  });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  return {
    admin,
    key,
    passkey,
    recoveryCodes: enrolled.json.recoveryCodes as string[],
  };
}

const verifyTotp = (browser: AdminBrowser, code: string) =>
  browser.call(verifyFn, 'POST', '/api/admin/verify', { method: 'totp', code });

describe('wrong app codes with the password', () => {
  it('end the session at the fifth: sixty codes from twelve /64s in one session are not checked past it', async () => {
    const { admin, key } = await adminWithFactors();
    const attacker = await signIn(admin.username, new AdminBrowser(inBlock(0, 1)));
    const statuses: number[] = [];
    for (const [i, code] of wrongCodes(key, 60).entries()) {
      attacker.ip = inBlock(Math.floor(i / 5), i + 1);
      statuses.push((await verifyTotp(attacker, code)).status);
    }
    // Before: sixty 400s. Now four refusals, the fifth ends the session, the rest find none.
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(4)).toEqual(Array(56).fill(401));
    expect((await attacker.call(meFn, 'GET', '/api/admin/me')).json).toEqual({ user: null });
    const ended = (await latestSecurityEvents(db)).filter((e) => e.event === 'admin.session-ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ username: admin.username, detail: { failures: 5 } });
  });

  it('pause the account’s app codes past the account-wide limit, whatever the address, and tell the team once', async () => {
    const { admin, key, passkey, recoveryCodes } = await adminWithFactors();
    let attacker = await signIn(admin.username, new AdminBrowser(inBlock(0, 1)));
    const answers: { status: number; retryAfter?: string | undefined; error: unknown }[] = [];
    for (const [i, code] of wrongCodes(key, 60).entries()) {
      const ip = inBlock(i % 12, i + 1);
      // A session ended by its wrong answers: the attacker signs in again with the password.
      if (!attacker.cookie) attacker = await signIn(admin.username, new AdminBrowser(ip));
      attacker.ip = ip;
      const { status, retryAfter, json } = await verifyTotp(attacker, code);
      answers.push({ status, retryAfter, error: json.error });
    }
    const limit = FACTOR_LIMITS.account.limit;
    const checked = answers.slice(0, limit);
    // Each session's fifth wrong answer ended it; every code was really checked.
    expect(checked.map((a) => a.status)).toEqual([
      400, 400, 400, 400, 401, 400, 400, 400, 400, 401,
    ]);
    for (const refused of answers.slice(limit)) {
      expect(refused.status).toBe(429);
      expect(refused.error).toMatch(PAUSED);
      // The rest of the 15-minute window: 14 minutes after one minute into it.
      expect(refused.retryAfter).toBe('840');
    }
    // Even the right code waits: it is a code, and codes are paused.
    expect((await verifyTotp(attacker, totpCodeAt(key, Date.now() + 30_000))).status).toBe(429);

    // The team is told once, not once per refused code.
    const notices = await db.select().from(emailOutbox);
    expect(notices.map((n) => [n.kind, n.to])).toContainEqual([
      'admin.codes-paused',
      readEnv().teamEmail,
    ]);
    expect(notices.filter((n) => n.kind === 'admin.codes-paused')).toHaveLength(1);
    const paused = (await latestSecurityEvents(db)).filter(
      (e) => e.event === 'admin.factor-codes-paused',
    );
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({
      username: admin.username,
      detail: { failures: limit, until: '2026-03-02T10:15:00.000Z' },
    });

    // Meanwhile the owner signs in with the passkey, or with a recovery code.
    const owner = await signIn(admin.username, new AdminBrowser('198.51.100.8'));
    const options = await owner.call(verifyFn, 'POST', '/api/admin/verify/options');
    const withPasskey = await owner.call(verifyFn, 'POST', '/api/admin/verify', {
      method: 'passkey',
      response: passkey.authenticate(options.json as never),
    });
    expect(withPasskey.status, JSON.stringify(withPasskey.json)).toBe(200);
    const other = await signIn(admin.username, new AdminBrowser('198.51.100.9'));
    const withCode = await other.call(verifyFn, 'POST', '/api/admin/verify', {
      method: 'recovery',
      code: recoveryCodes[0],
    });
    expect(withCode.status).toBe(200);

    // After the window, app codes work again.
    vi.setSystemTime(new Date(WINDOW_START.getTime() + 15 * 60_000 + 1_000));
    const later = await signIn(admin.username, new AdminBrowser('198.51.100.10'));
    expect((await verifyTotp(later, totpCodeAt(key))).status).toBe(200);
  });
});
