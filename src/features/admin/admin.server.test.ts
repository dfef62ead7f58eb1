import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, useFreshTestDb, type Db } from '../../server/db/client';
import { HttpError } from '../../server/http';
import { validateSession } from '../../server/auth/session';
import { LOGIN_LIMITS, signIn } from './admin.server';
import { LOGIN_FAILED_MESSAGE } from './admin';
import { TEST_PASSWORD, seedAdmin } from './testing/seed';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
  await seedAdmin(db, 'ada');
});
afterAll(() => closeDb());

async function attempt(username: string, password: string, ip: string, previousToken?: string) {
  try {
    const r = await signIn(db, { username, password, ip, previousToken });
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

  it('spends similar time on unknown users and wrong passwords', async () => {
    const time = async (username: string, i: number) => {
      const start = performance.now();
      await attempt(username, 'not the password', `10.0.1.${i}`);
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time('ada', i));
      unknown.push(await time(`ghost${i}`, i));
    }
    // Both run one argon2id verification (~tens of ms); a missing user costs no less.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it(`locks an account after ${LOGIN_LIMITS.account.limit} attempts with a clear 429`, async () => {
    await seedAdmin(db, 'target');
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i++) {
      expect((await attempt('target', 'guess number ' + i, `10.1.0.${i}`)).status).toBe(401);
    }
    const blocked = await attempt('target', TEST_PASSWORD, '10.1.0.99');
    expect(blocked.status).toBe(429);
    expect(blocked.message).toMatch(
      /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
  });

  it(`limits one address to ${LOGIN_LIMITS.address.limit} attempts across accounts`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.address.limit; i++) {
      expect((await attempt(`spray${i}`, 'password123', '10.2.0.1')).status).toBe(401);
    }
    expect((await attempt('ada', TEST_PASSWORD, '10.2.0.1')).status).toBe(429);
    // Another address is unaffected.
    expect((await attempt('ada', TEST_PASSWORD, '10.2.0.2')).status).toBe(200);
  });

  it('a successful sign-in clears the account counter', async () => {
    await seedAdmin(db, 'forgetful');
    for (let i = 0; i < LOGIN_LIMITS.account.limit - 1; i++)
      await attempt('forgetful', 'typo typo', '10.3.0.1');
    expect((await attempt('forgetful', TEST_PASSWORD, '10.3.0.1')).status).toBe(200);
    expect((await attempt('forgetful', 'typo typo', '10.3.0.1')).status).toBe(401);
    expect((await attempt('forgetful', TEST_PASSWORD, '10.3.0.1')).status).toBe(200);
  });

  it('rotates the session: the token presented at sign-in is revoked', async () => {
    const first = await attempt('ada', TEST_PASSWORD, '10.4.0.1');
    const second = await attempt('ada', TEST_PASSWORD, '10.4.0.1', first.token);
    expect(second.token).not.toBe(first.token);
    expect(await validateSession(db, first.token)).toBeNull();
    expect(await validateSession(db, second.token)).not.toBeNull();
  });
});
