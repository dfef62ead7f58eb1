import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, type Db } from '../db/client';
import { useFreshTestDb } from '../../testing/test-db';
import { HttpError } from '../responses';
import { parseHash, verifyPassword } from './password';
import { validateSession } from './session';
import {
  ACCOUNT_SLOWDOWN,
  LOGIN_FAILED_MESSAGE,
  LOGIN_LIMITS,
  accountDelayMs,
  signIn,
} from './sign-in';
import { TEST_PASSWORD, seedAdmin } from '../../testing/admin-seed';

// The real argon2 verification, watched: which hash each sign-in checks, and how often.
vi.mock('./password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./password')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
  await seedAdmin(db, 'ada');
});
afterAll(() => closeDb());

/** Records the per-account delays instead of waiting them out. */
function recordingSleep() {
  const calls: number[] = [];
  const sleep = async (ms: number) => {
    calls.push(ms);
  };
  return { calls, sleep };
}

/** One request as the attacker (or the owner) sends it, reduced to what comes back. */
async function attempt(
  username: string,
  password: string,
  ip: string,
  { previousToken, sleep = recordingSleep().sleep, now }: AttemptOptions = {},
) {
  try {
    const r = await signIn(db, { username, password, ip, previousToken }, { sleep, now });
    return { status: 200, token: r.token, message: '' };
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    return {
      status: e.status,
      token: '',
      message: e.message,
      retryAfter: e.headers['Retry-After'],
    };
  }
}
type AttemptOptions = {
  previousToken?: string;
  sleep?: (ms: number) => Promise<void>;
  now?: Date;
};

const TOO_MANY = /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/;
const WINDOW_SECONDS = LOGIN_LIMITS.accountAddress.windowSeconds;

describe('admin sign-in', () => {
  it('signs in with the right password (usernames are case-insensitive)', async () => {
    const r = await attempt(' ADA ', TEST_PASSWORD, '10.0.0.1');
    expect(r.status).toBe(200);
    expect(await validateSession(db, r.token)).toMatchObject({ username: 'ada' });
  });

  it('gives unknown users and wrong passwords the same answer', async () => {
    const wrong = await attempt('ada', 'not the password', '10.0.0.2');
    const unknown = await attempt('nobody', 'not the password', '10.0.0.2');
    expect(wrong).toEqual({
      status: 401,
      token: '',
      message: LOGIN_FAILED_MESSAGE,
      retryAfter: undefined,
    });
    expect(unknown).toEqual(wrong);
  });

  it('gives unknown users and wrong passwords the same delays and the same 429', async () => {
    await seedAdmin(db, 'twin');
    // One clock for both runs, so that Retry-After cannot differ by a second ticking over.
    const now = new Date();
    const run = async (username: string, prefix: string) => {
      const { calls, sleep } = recordingSleep();
      const answers = [];
      // Account-wide failures from many addresses, then one address over its own limit.
      for (let i = 0; i < 8; i++) {
        answers.push(await attempt(username, 'guess', `${prefix}.${i}`, { sleep, now }));
      }
      for (let i = 0; i <= LOGIN_LIMITS.accountAddress.limit; i++) {
        answers.push(await attempt(username, 'guess', `${prefix}.99`, { sleep, now }));
      }
      return { answers, calls };
    };
    const known = await run('twin', '10.5.0');
    const unknown = await run('no.such.twin', '10.5.1');
    expect(unknown.answers).toEqual(known.answers);
    expect(unknown.calls).toEqual(known.calls);
    expect(known.calls.length).toBeGreaterThan(0);
    expect(known.answers.at(-1)).toMatchObject({
      status: 429,
      message: expect.stringMatching(TOO_MANY),
    });
  });

  it('does the same argon2 work for unknown users and wrong passwords', async () => {
    const verified = vi.mocked(verifyPassword);
    const checks = async (username: string, ip: string) => {
      verified.mockClear();
      await attempt(username, 'not the password', ip);
      return verified.mock.calls;
    };
    const known = await checks('ada', '10.0.1.1');
    const unknown = await checks('ghost', '10.0.1.2');
    // One verification each, of the typed password, against a hash of the same cost: a missing
    // user costs what a wrong password costs. (Times: scripts/measure-sign-in-timing.ts.)
    expect(known).toHaveLength(1);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]![1]).toBe('not the password');
    const [knownHash, unknownHash] = [parseHash(known[0]![0]), parseHash(unknown[0]![0])];
    expect(unknownHash?.cost).toEqual(knownHash?.cost);
    expect(unknownHash?.tag.length).toBe(knownHash?.tag.length);
    expect(unknown[0]![0]).not.toBe(known[0]![0]);
  });

  it('cannot be locked out: 30 wrong passwords from many addresses, then the owner signs in', async () => {
    await seedAdmin(db, 'admin');
    for (let i = 0; i < 30; i++) {
      expect((await attempt('admin', `guess number ${i}`, `10.1.0.${i}`)).status).toBe(401);
    }
    // The same 30 again from a handful of addresses, each up to its own limit.
    for (let i = 0; i < 30; i++) {
      const ip = `10.1.1.${Math.floor(i / LOGIN_LIMITS.accountAddress.limit)}`;
      expect((await attempt('admin', `guess number ${i}`, ip)).status).toBe(401);
    }
    const owner = await attempt('admin', TEST_PASSWORD, '10.1.0.200');
    expect(owner.status).toBe(200);
    expect(await validateSession(db, owner.token)).toMatchObject({ username: 'admin' });
  });

  it(`refuses an address after ${LOGIN_LIMITS.accountAddress.limit} failures for one account with 429 and Retry-After`, async () => {
    await seedAdmin(db, 'target');
    const { calls, sleep } = recordingSleep();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++) {
      expect((await attempt('target', `guess ${i}`, '10.6.0.1', { sleep })).status).toBe(401);
    }
    const delaysBefore = calls.length;
    // Even the right password: this address has used up its guesses.
    const blocked = await attempt('target', TEST_PASSWORD, '10.6.0.1', { sleep });
    expect(blocked.status).toBe(429);
    expect(blocked.message).toMatch(TOO_MANY);
    const retryAfter = Number(blocked.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    // Refused before any delay or hashing: a refused address costs the server next to nothing.
    expect(calls.length).toBe(delaysBefore);
    // Another address, and this one after the window, get in.
    expect((await attempt('target', TEST_PASSWORD, '10.6.0.2')).status).toBe(200);
    const later = new Date(Date.now() + (retryAfter + 1) * 1000);
    expect((await attempt('target', TEST_PASSWORD, '10.6.0.1', { now: later })).status).toBe(200);
  });

  it('counts parallel guesses before checking them, so a burst cannot slip past the limit', async () => {
    await seedAdmin(db, 'burst');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt('burst', `guess ${i}`, '10.7.0.1')),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.accountAddress.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LOGIN_LIMITS.accountAddress.limit);
  });

  it(`limits one address to ${LOGIN_LIMITS.address.limit} failures across accounts`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.address.limit; i++) {
      expect((await attempt(`spray${i}`, 'password123', '10.2.0.1')).status).toBe(401);
    }
    const blocked = await attempt('ada', TEST_PASSWORD, '10.2.0.1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    // Another address is unaffected.
    expect((await attempt('ada', TEST_PASSWORD, '10.2.0.2')).status).toBe(200);
  });

  it('slows an account under attack with a growing, capped delay but never refuses a clean address', async () => {
    await seedAdmin(db, 'victim');
    const { calls, sleep } = recordingSleep();
    const failures = ACCOUNT_SLOWDOWN.freeFailures + 8;
    for (let i = 0; i < failures; i++) {
      expect((await attempt('victim', `guess ${i}`, `10.8.0.${i}`, { sleep })).status).toBe(401);
    }
    // The first few failures cost nothing; then 250 ms, doubling, capped at 5 s.
    expect(calls).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    for (const ms of calls) expect(ms).toBeLessThanOrEqual(ACCOUNT_SLOWDOWN.maxDelayMs);

    // The owner from a clean address waits the capped delay, and is let in.
    const owner = recordingSleep();
    const r = await attempt('victim', TEST_PASSWORD, '10.8.1.1', { sleep: owner.sleep });
    expect(r.status).toBe(200);
    expect(owner.calls).toEqual([ACCOUNT_SLOWDOWN.maxDelayMs]);

    // However long the attack goes on, a clean address with the right password is never refused.
    for (let i = 0; i < 20; i++) await attempt('victim', `more ${i}`, `10.8.2.${i}`, { sleep });
    expect((await attempt('victim', TEST_PASSWORD, '10.8.1.2')).status).toBe(200);
    // The owner's sign-in does not lift the attacker's slowdown.
    const next = recordingSleep();
    await attempt('victim', 'guess again', '10.8.3.1', { sleep: next.sleep });
    expect(next.calls).toEqual([ACCOUNT_SLOWDOWN.maxDelayMs]);
  });

  it('computes the delay as min(2^k × 250 ms, 5 s) after the free failures', () => {
    const free = ACCOUNT_SLOWDOWN.freeFailures;
    expect(accountDelayMs(0)).toBe(0);
    expect(accountDelayMs(free - 1)).toBe(0);
    expect(accountDelayMs(free)).toBe(250);
    expect(accountDelayMs(free + 2)).toBe(1000);
    expect(accountDelayMs(free + 100)).toBe(5000);
    expect(accountDelayMs(Number.MAX_SAFE_INTEGER)).toBe(5000);
  });

  it('counts only failures: a sign-in clears the typos from its address and uses no budget', async () => {
    await seedAdmin(db, 'forgetful');
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit - 1; i++) {
      expect((await attempt('forgetful', 'typo typo', '10.3.0.1')).status).toBe(401);
    }
    expect((await attempt('forgetful', TEST_PASSWORD, '10.3.0.1')).status).toBe(200);
    // A fresh budget of typos for this address after the sign-in...
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++) {
      expect((await attempt('forgetful', 'typo typo', '10.3.0.1')).status).toBe(401);
    }
    expect((await attempt('forgetful', TEST_PASSWORD, '10.3.0.1')).status).toBe(429);

    // ...and successful sign-ins never use up the address's budget.
    await seedAdmin(db, 'busy');
    for (let i = 0; i < LOGIN_LIMITS.address.limit + 5; i++) {
      expect((await attempt('busy', TEST_PASSWORD, '10.3.0.2')).status).toBe(200);
    }
  });

  it('rotates the session: the token presented at sign-in is revoked', async () => {
    const first = await attempt('ada', TEST_PASSWORD, '10.4.0.1');
    const second = await attempt('ada', TEST_PASSWORD, '10.4.0.1', { previousToken: first.token });
    expect(second.token).not.toBe(first.token);
    expect(await validateSession(db, first.token)).toBeNull();
    expect(await validateSession(db, second.token)).not.toBeNull();
  });
});
