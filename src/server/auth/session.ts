/**
 * Admin sessions. The browser holds a random 256-bit token in a `__Host-` cookie; the
 * database holds only its SHA-256, so a leaked table cannot be replayed as cookies.
 * A session ends after 30 idle minutes or 12 hours in total, whichever comes first.
 * The password opens a session without a verified second factor; verifying one (sign-in or a
 * later step-up) records when, under a new token.
 */
import { and, eq, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminSessions } from '../db/schema.ts';
import { findUserById } from './users.ts';
import { readCookie } from '../cookies.ts';
import { hashToken, newToken } from '../tokens.ts';

export const SESSION_COOKIE = '__Host-admin_session';
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** Writing lastSeenAt on every request is wasteful; a minute's precision is plenty for a 30-minute idle limit. */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** A passkey ceremony must be answered within this long of its challenge. */
export const CHALLENGE_MAX_AGE_MS = 5 * 60 * 1000;

export type AdminUser = { id: number; username: string };
/** A session's user and when it last verified a second factor (null: only the password). */
export type AdminSession = AdminUser & { factorVerifiedAt: Date | null };

/**
 * Starts a session for `userId`. The session this browser presented (if any) is deleted
 * first, so signing in always rotates the identifier (no session fixation).
 */
export async function createSession(
  db: Db,
  userId: number,
  {
    previousToken,
    now = new Date(),
  }: { previousToken?: string | null | undefined; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date }> {
  if (previousToken) await destroySession(db, previousToken);
  await purgeExpiredSessions(db, now);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  await db.insert(adminSessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The signed-in user for a token, or null when unknown, idle too long or past its lifetime. */
export async function validateSession(
  db: Db,
  token: string | null | undefined,
  now = new Date(),
): Promise<AdminSession | null> {
  if (!token || token.length > 128) return null;
  const tokenHash = hashToken(token);
  const [row] = await db.select().from(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (row.expiresAt.getTime() <= now.getTime() || idleFor >= IDLE_TIMEOUT_MS) {
    await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
    return null;
  }
  if (idleFor >= TOUCH_INTERVAL_MS) {
    await db
      .update(adminSessions)
      .set({ lastSeenAt: now })
      .where(eq(adminSessions.tokenHash, tokenHash));
  }
  // Sessions are deleted with their user (foreign key), so a session always has one.
  const user = await findUserById(db, row.userId);
  return user
    ? { id: user.id, username: user.username, factorVerifiedAt: row.factorVerifiedAt }
    : null;
}

/**
 * A second factor was verified in the session of `token`: the session goes on under a new
 * token (its lifetime unchanged) with the time recorded, so a token seen before the factor
 * (on a shared screen, in a log) is worth nothing after it. Null when the session has ended.
 */
export async function verifySessionFactor(
  db: Db,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .delete(adminSessions)
    .where(eq(adminSessions.tokenHash, hashToken(token)))
    .returning();
  if (!row) return null;
  const next = newToken();
  await db.insert(adminSessions).values({
    ...row,
    tokenHash: hashToken(next),
    lastSeenAt: now,
    factorVerifiedAt: now,
    pendingChallenge: null,
    pendingChallengeAt: null,
    pendingTotpSecret: null,
    factorFailures: 0,
  });
  return next;
}

/**
 * Keeps a passkey ceremony's challenge (with when it was issued), or an authenticator secret
 * being enrolled (sealed).
 */
export async function setPending(
  db: Db,
  token: string,
  pending: { challenge?: string | null; totpSecret?: string | null },
  now = new Date(),
): Promise<void> {
  await db
    .update(adminSessions)
    .set({
      ...(pending.challenge !== undefined
        ? {
            pendingChallenge: pending.challenge,
            pendingChallengeAt: pending.challenge ? now : null,
          }
        : {}),
      ...(pending.totpSecret !== undefined ? { pendingTotpSecret: pending.totpSecret } : {}),
    })
    .where(eq(adminSessions.tokenHash, hashToken(token)));
}

/** The secrets of apps being enrolled passed through `reseal`, as factors.ts does for enrolled apps. */
export async function resealPendingTotpSecrets(
  db: Db,
  reseal: (sealed: string) => string | null,
): Promise<number> {
  const rows = await db
    .select({ tokenHash: adminSessions.tokenHash, sealed: adminSessions.pendingTotpSecret })
    .from(adminSessions)
    .where(isNotNull(adminSessions.pendingTotpSecret));
  let replaced = 0;
  for (const row of rows) {
    const again = reseal(row.sealed!);
    if (again === null) continue;
    await db
      .update(adminSessions)
      .set({ pendingTotpSecret: again })
      .where(eq(adminSessions.tokenHash, row.tokenHash));
    replaced++;
  }
  return replaced;
}

/**
 * What `setPending` kept. A challenge is handed out once (a ceremony's answer is used once)
 * and only within CHALLENGE_MAX_AGE_MS of being issued: an older one is used up and null.
 */
export async function takePending(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ challenge: string | null; totpSecret: string | null }> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      challenge: adminSessions.pendingChallenge,
      issuedAt: adminSessions.pendingChallengeAt,
      totpSecret: adminSessions.pendingTotpSecret,
    })
    .from(adminSessions)
    .where(eq(adminSessions.tokenHash, tokenHash));
  if (!row) return { challenge: null, totpSecret: null };
  const { challenge, issuedAt, totpSecret } = row;
  if (challenge === null) return { challenge, totpSecret };
  const [taken] = await db
    .update(adminSessions)
    .set({ pendingChallenge: null, pendingChallengeAt: null })
    .where(
      and(eq(adminSessions.tokenHash, tokenHash), eq(adminSessions.pendingChallenge, challenge)),
    )
    .returning({ tokenHash: adminSessions.tokenHash });
  const fresh = issuedAt !== null && now.getTime() - issuedAt.getTime() <= CHALLENGE_MAX_AGE_MS;
  return { challenge: taken && fresh ? challenge : null, totpSecret };
}

/**
 * Counts one wrong second-factor answer in the session of `token`; answers how many it has had
 * (null when the session has ended). One UPDATE, so parallel answers each count.
 */
export async function countFactorFailure(db: Db, token: string): Promise<number | null> {
  const [row] = await db
    .update(adminSessions)
    .set({ factorFailures: sql`${adminSessions.factorFailures} + 1` })
    .where(eq(adminSessions.tokenHash, hashToken(token)))
    .returning({ failures: adminSessions.factorFailures });
  return row?.failures ?? null;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user (after a password reset). */
export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.userId, userId));
}

/** Ends every session of a user but the one of `token`; answers how many ended. */
export async function destroyOtherSessions(db: Db, userId: number, token: string) {
  const ended = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.userId, userId), ne(adminSessions.tokenHash, hashToken(token))))
    .returning({ userId: adminSessions.userId });
  return ended.length;
}

async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.expiresAt, now),
        lt(adminSessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
      ),
    );
}

/** Reads the session token from the Cookie header. */
export function readSessionToken(req: Request): string | null {
  return readCookie(req.headers.get('cookie'), SESSION_COOKIE) || null;
}

/**
 * `__Host-` makes the browser insist on Secure, Path=/ and no Domain, so a sibling subdomain
 * cannot plant or overwrite it. Browsers treat http://localhost as secure, so dev works too.
 */
export function sessionCookie(token: string): string {
  const maxAge = Math.floor(ABSOLUTE_TIMEOUT_MS / 1000);
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Strict`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
}
