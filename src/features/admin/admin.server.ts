/**
 * Sign-in and sign-out for the admin panel. Rate limits count every attempt per account and
 * per address; unknown users and wrong passwords get the same answer after the same argon2 work.
 */
import type { Db } from '../../server/db/client.ts';
import { HttpError } from '../../server/http.ts';
import { enforce, reset, type RateLimit } from '../../server/rate-limit.ts';
import {
  dummyPasswordHash,
  needsRehash,
  hashPassword,
  verifyPassword,
} from '../../server/auth/password.ts';
import { createSession, destroySession, type AdminUser } from '../../server/auth/session.ts';
import { findUser, normalizeUsername } from '../../server/auth/users.ts';
import { users } from '../../server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { LOGIN_FAILED_MESSAGE, type LoginInput } from './admin.ts';

export const LOGIN_LIMITS: { account: RateLimit; address: RateLimit } = {
  account: { limit: 5, windowSeconds: 15 * 60 },
  address: { limit: 20, windowSeconds: 15 * 60 },
};

export const accountKey = (username: string) => `admin-login:user:${normalizeUsername(username)}`;
export const addressKey = (ip: string) => `admin-login:ip:${ip}`;

async function limit(db: Db, key: string, rule: RateLimit, now: Date) {
  try {
    await enforce(db, key, rule, now);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) {
      const minutes = Math.ceil(Number(error.headers['Retry-After'] ?? 60) / 60);
      throw new HttpError(
        429,
        `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        error.headers,
      );
    }
    throw error;
  }
}

export type SignInResult = { user: AdminUser; token: string; expiresAt: Date };

export async function signIn(
  db: Db,
  input: LoginInput & { ip: string; previousToken?: string | null | undefined },
  now = new Date(),
): Promise<SignInResult> {
  await limit(db, addressKey(input.ip), LOGIN_LIMITS.address, now);
  await limit(db, accountKey(input.username), LOGIN_LIMITS.account, now);

  const user = await findUser(db, input.username);
  // Same argon2 cost whether or not the account exists, so timing does not reveal usernames.
  const ok = await verifyPassword(user?.password ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw new HttpError(401, LOGIN_FAILED_MESSAGE);

  // A successful sign-in clears the account's counter; the address counter keeps running.
  await reset(db, accountKey(input.username));
  if (needsRehash(user.password)) {
    await db
      .update(users)
      .set({ password: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  const session = await createSession(db, user.id, { previousToken: input.previousToken, now });
  return { user: { id: user.id, username: user.username }, ...session };
}

export async function signOut(db: Db, token: string): Promise<void> {
  await destroySession(db, token);
}
