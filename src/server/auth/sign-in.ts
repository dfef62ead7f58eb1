// No lockout of the owner (OWASP ASVS 5.0 §6.3): address limits refuse only the failing address;
// per-account failures only add a growing, capped delay. Unknown users and wrong passwords get the
// same answer, delay and argon2 work; a typed username is kept only as a digest.
import { setTimeout as wait } from 'node:timers/promises';
import type { Db } from '../db/client.ts';
import { HttpError } from '../responses.ts';
import { hit, refund, reset, type RateLimit } from '../rate-limit.ts';
import { dummyPasswordHash, needsRehash, hashPassword, verifyPassword } from './password.ts';
import { recordSecurityEvent } from './security-log.ts';
import { createSession, destroyOtherSessions, destroySession, type AdminUser } from './session.ts';
import { findUser, normalizeUsername, setPasswordHash } from './users.ts';
import { privateDigest } from '../tokens.ts';
import { SECOND_FACTOR_REQUIRED } from '../../lib/admin-auth.ts';
import { requireRecentFactor } from './guard.ts';

export const LOGIN_FAILED_MESSAGE = 'Invalid username or password.';

/** Hard limits on failures: each refuses only the address that ran into it. */
export const LOGIN_LIMITS = {
  /** One address guessing across accounts (password spraying); roomy for a shared office NAT. */
  address: { limit: 20, windowSeconds: 15 * 60 },
  /** One address guessing one account's password; five typos is already a lot for a human. */
  accountAddress: { limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

// After `freeFailures` failures for an account in the window, each attempt waits
// min(2^k × base, max): the cap bounds what an attacker can make the server hold open, and the
// address limits are checked first, so a refused address never sleeps.
export const ACCOUNT_SLOWDOWN = {
  windowSeconds: 15 * 60,
  freeFailures: 5,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
};

const typedName = (username: string) => privateDigest(`admin:${normalizeUsername(username)}`);
const accountKey = (username: string) => `admin-login:user:${typedName(username)}`;
const addressKey = (ip: string) => `admin-login:ip:${ip}`;
/** The address encoded: an IPv6 address may contain the separator otherwise. */
const accountAddressKey = (username: string, ip: string) =>
  `admin-login:user-ip:${typedName(username)}@${encodeURIComponent(ip)}`;

export function accountDelayMs(failures: number, rule = ACCOUNT_SLOWDOWN): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.baseDelayMs * 2 ** (failures - rule.freeFailures), rule.maxDelayMs);
}

function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new HttpError(
    429,
    `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

type Reservation = { key: string; windowStart: Date; count: number };

// Counted as a failure before the password check: counting after the slow argon2 would let
// parallel guesses all pass. Attempts that are no failure are given back (`giveBack`).
async function reserve(db: Db, key: string, rule: RateLimit, now: Date): Promise<Reservation> {
  const result = await hit(db, key, rule, now);
  if (!result.allowed) {
    // A refused attempt never reached the password, so it is no failure either.
    await refund(db, key, result.windowStart);
    throw tooManyAttempts(result.retryAfterSeconds);
  }
  return { key, windowStart: result.windowStart, count: result.count };
}

async function giveBack(db: Db, ...reservations: Reservation[]) {
  for (const r of reservations) await refund(db, r.key, r.windowStart);
}

type Attempt = { delayMs: number; succeeded: () => Promise<void> };

async function startAttempt(db: Db, username: string, ip: string, now: Date): Promise<Attempt> {
  const address = await reserve(db, addressKey(ip), LOGIN_LIMITS.address, now);
  let pair: Reservation;
  try {
    pair = await reserve(db, accountAddressKey(username, ip), LOGIN_LIMITS.accountAddress, now);
  } catch (error) {
    await giveBack(db, address);
    throw error;
  }
  // No limit: this counter only sets the delay, it never refuses.
  const account = await reserve(
    db,
    accountKey(username),
    { limit: Infinity, windowSeconds: ACCOUNT_SLOWDOWN.windowSeconds },
    now,
  );
  return {
    // `count` includes this attempt (and any in flight), so the failures before it are one less.
    delayMs: accountDelayMs(account.count - 1),
    succeeded: async () => {
      await giveBack(db, address, account);
      // This address's typos are forgiven. The account-wide failures are not reset: otherwise
      // every sign-in of the owner would lift an ongoing attacker's slowdown.
      await reset(db, pair.key);
    },
  };
}

type SignInResult = { user: AdminUser; token: string; expiresAt: Date };

type SignInOptions = {
  now?: Date | undefined;
  /** Waits out the per-account delay; tests pass a recorder so they run instantly. */
  sleep?: ((ms: number) => Promise<unknown>) | undefined;
};

export async function signIn(
  db: Db,
  input: {
    username: string;
    password: string;
    ip: string;
    previousToken?: string | null | undefined;
  },
  { now = new Date(), sleep = wait }: SignInOptions = {},
): Promise<SignInResult> {
  const attempt = await startAttempt(db, input.username, input.ip, now);
  // Before the password check and whatever its outcome: a delay only on failures would let a
  // guesser stop waiting early, since a right guess would be the one answer that comes fast.
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);

  const user = await findUser(db, input.username);
  // Same argon2 cost whether or not the account exists, so timing does not reveal usernames.
  const ok = await verifyPassword(user?.password ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) {
    await recordSecurityEvent(db, {
      event: 'admin.password-refused',
      userId: user?.id ?? null,
      username: user?.username ?? null,
      ip: input.ip,
      at: now,
    });
    throw new HttpError(401, LOGIN_FAILED_MESSAGE);
  }

  await attempt.succeeded();
  await recordSecurityEvent(db, {
    event: 'admin.password-accepted',
    userId: user.id,
    username: user.username,
    ip: input.ip,
    at: now,
  });
  if (needsRehash(user.password)) {
    await setPasswordHash(db, user.id, await hashPassword(input.password));
  }
  const session = await createSession(db, user.id, { previousToken: input.previousToken, now });
  return { user: { id: user.id, username: user.username }, ...session };
}

type SignedIn = AdminUser & { factorVerifiedAt: Date | null; token: string; ip: string };

export async function signOut(db: Db, session: SignedIn): Promise<void> {
  await destroySession(db, session.token);
  await recordSecurityEvent(db, {
    event: 'admin.signed-out',
    userId: session.id,
    username: session.username,
    ip: session.ip,
  });
}

/** An account change (needs a factor verified in the last 10 minutes); answers how many ended. */
export async function signOutOtherSessions(db: Db, session: SignedIn): Promise<number> {
  if (!session.factorVerifiedAt) throw new HttpError(401, SECOND_FACTOR_REQUIRED);
  requireRecentFactor(session);
  const ended = await destroyOtherSessions(db, session.id, session.token);
  await recordSecurityEvent(db, {
    event: 'admin.signed-out-others',
    userId: session.id,
    username: session.username,
    ip: session.ip,
    detail: { ended },
  });
  return ended;
}
