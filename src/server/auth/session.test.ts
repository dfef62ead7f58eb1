import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { closeDb, type Db } from '../db/client';
import { useFreshTestDb } from '../../testing/test-db';
import { adminSessions, users } from '../db/schema';
import {
  ABSOLUTE_TIMEOUT_MS,
  CHALLENGE_MAX_AGE_MS,
  IDLE_TIMEOUT_MS,
  SESSION_COOKIE,
  clearedSessionCookie,
  countFactorFailure,
  createSession,
  destroyOtherSessions,
  destroySession,
  readSessionToken,
  sessionCookie,
  setPending,
  takePending,
  validateSession,
  verifySessionFactor,
} from './session';
import { hashToken } from '../tokens';
import { createOrResetUser } from './accounts';

let db: Db;
let userId: number;
const t0 = new Date('2026-03-02T09:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const MIN = 60_000;

beforeAll(async () => {
  db = await useFreshTestDb();
  userId = (await createOrResetUser(db, 'Session.Tester', 'a long enough passphrase')).id;
});
afterAll(() => closeDb());

describe('admin sessions', () => {
  it('issues a 256-bit random token and stores only its SHA-256', async () => {
    const { token } = await createSession(db, userId, { now: t0 });
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await db.select().from(adminSessions).where(eq(adminSessions.userId, userId));
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await validateSession(db, token, at(MIN))).toEqual({
      id: userId,
      username: 'session.tester',
      // The password alone: the second factor is still to come.
      factorVerifiedAt: null,
    });
  });

  it('expires after 30 idle minutes, and activity keeps it alive', async () => {
    const { token } = await createSession(db, userId, { now: t0 });
    expect(await validateSession(db, token, at(IDLE_TIMEOUT_MS - MIN))).not.toBeNull();
    // The previous check counted as activity, so 29 more minutes are fine...
    expect(await validateSession(db, token, at(2 * IDLE_TIMEOUT_MS - 2 * MIN))).not.toBeNull();
    // ...but 30 quiet minutes after the last request end it, for good.
    expect(await validateSession(db, token, at(3 * IDLE_TIMEOUT_MS - 2 * MIN))).toBeNull();
    expect(await validateSession(db, token, at(3 * IDLE_TIMEOUT_MS - 2 * MIN + 1))).toBeNull();
  });

  it('expires 12 hours after sign-in even when used continuously', async () => {
    const { token, expiresAt } = await createSession(db, userId, { now: t0 });
    expect(expiresAt.getTime() - t0.getTime()).toBe(ABSOLUTE_TIMEOUT_MS);
    for (let ms = 20 * MIN; ms < ABSOLUTE_TIMEOUT_MS; ms += 20 * MIN) {
      expect(await validateSession(db, token, at(ms)), `at ${ms / MIN} min`).not.toBeNull();
    }
    expect(await validateSession(db, token, at(ABSOLUTE_TIMEOUT_MS))).toBeNull();
  });

  it("rotates at sign-in: the browser's previous session stops working", async () => {
    const first = await createSession(db, userId, { now: t0 });
    const second = await createSession(db, userId, { now: at(MIN), previousToken: first.token });
    expect(second.token).not.toBe(first.token);
    expect(await validateSession(db, first.token, at(2 * MIN))).toBeNull();
    expect(await validateSession(db, second.token, at(2 * MIN))).not.toBeNull();
  });

  it('ends on sign-out, on unknown tokens and when the user is deleted', async () => {
    const { token } = await createSession(db, userId, { now: t0 });
    await destroySession(db, token);
    expect(await validateSession(db, token, at(MIN))).toBeNull();
    expect(await validateSession(db, 'not-a-token', at(MIN))).toBeNull();
    expect(await validateSession(db, null, at(MIN))).toBeNull();
    expect(await validateSession(db, 'x'.repeat(500), at(MIN))).toBeNull();

    const other = await createOrResetUser(db, 'leaver', 'a long enough passphrase');
    const s = await createSession(db, other.id, { now: t0 });
    await db.delete(users).where(eq(users.id, other.id));
    expect(await validateSession(db, s.token, at(MIN))).toBeNull();
  });

  it('a password reset signs the user out everywhere', async () => {
    const { token } = await createSession(db, userId, { now: new Date() });
    expect(await validateSession(db, token)).not.toBeNull();
    const reset = await createOrResetUser(db, 'session.tester', 'another long passphrase');
    expect(reset).toMatchObject({ id: userId, created: false });
    expect(await validateSession(db, token)).toBeNull();
  });

  it('hands out a passkey challenge once, and only within 5 minutes of issuing it', async () => {
    const { token } = await createSession(db, userId, { now: t0 });
    await setPending(db, token, { challenge: 'first' }, t0);
    expect(await takePending(db, token, at(CHALLENGE_MAX_AGE_MS))).toMatchObject({
      challenge: 'first',
    });
    expect((await takePending(db, token, at(CHALLENGE_MAX_AGE_MS))).challenge).toBeNull();
    await setPending(db, token, { challenge: 'second' }, t0);
    expect((await takePending(db, token, at(CHALLENGE_MAX_AGE_MS + 1))).challenge).toBeNull();
    // An expired one is used up too: it never works later.
    expect((await takePending(db, token, t0)).challenge).toBeNull();
  });

  it('counts wrong second-factor answers per session, from zero again once one is verified', async () => {
    const { token } = await createSession(db, userId, { now: t0 });
    expect(await countFactorFailure(db, token)).toBe(1);
    expect(
      await Promise.all([countFactorFailure(db, token), countFactorFailure(db, token)]),
    ).toEqual(expect.arrayContaining([2, 3]));
    const verified = (await verifySessionFactor(db, token, at(MIN)))!;
    expect(await countFactorFailure(db, verified)).toBe(1);
    expect(await countFactorFailure(db, token)).toBeNull();
  });

  it('ends the other sessions of a user, never this one or another user’s', async () => {
    const other = await createOrResetUser(db, 'bystander', 'a long enough passphrase');
    const mine = await createSession(db, userId, { now: new Date() });
    const elsewhere = await createSession(db, userId, { now: new Date() });
    const theirs = await createSession(db, other.id, { now: new Date() });
    expect(await destroyOtherSessions(db, userId, mine.token)).toBeGreaterThanOrEqual(1);
    expect(await validateSession(db, mine.token)).not.toBeNull();
    expect(await validateSession(db, elsewhere.token)).toBeNull();
    expect(await validateSession(db, theirs.token)).not.toBeNull();
  });

  it('uses a __Host- cookie that is HttpOnly, Secure, SameSite=Strict, Path=/ and has no Domain', () => {
    const cookie = sessionCookie('abc');
    expect(cookie.startsWith(`${SESSION_COOKIE}=abc;`)).toBe(true);
    expect(SESSION_COOKIE.startsWith('__Host-')).toBe(true);
    for (const attr of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/'])
      expect(cookie).toContain(attr);
    expect(cookie.toLowerCase()).not.toContain('domain=');
    expect(clearedSessionCookie()).toContain('Max-Age=0');
  });

  it('reads the token from a Cookie header among others', () => {
    const req = (cookie?: string) =>
      new Request('http://localhost/', cookie ? { headers: { cookie } } : {});
    expect(readSessionToken(req(`a=1; ${SESSION_COOKIE}=tok_en; b=2`))).toBe('tok_en');
    expect(readSessionToken(req('admin_session=nope'))).toBeNull();
    expect(readSessionToken(req())).toBeNull();
  });
});
