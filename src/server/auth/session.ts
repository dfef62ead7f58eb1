// The database holds only the token's SHA-256, so a leaked table cannot be replayed as cookies.
import { and, eq, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminSessions } from '../db/schema.ts';
import { findUserById } from './users.ts';
import { readCookie } from '../cookies.ts';
import { hashToken, newToken } from '../tokens.ts';

export const SESSION_COOKIE = '__Host-admin_session';
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
// A minute's precision is plenty for a 30-minute idle limit.
const TOUCH_INTERVAL_MS = 60 * 1000;
export const CHALLENGE_MAX_AGE_MS = 5 * 60 * 1000;

export type AdminUser = { id: number; username: string };
export type AdminSession = AdminUser & { factorVerifiedAt: Date | null };

// Deleting the session this browser presented first rotates the identifier (no session fixation).
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
  const user = await findUserById(db, row.userId);
  return user
    ? { id: user.id, username: user.username, factorVerifiedAt: row.factorVerifiedAt }
    : null;
}

// Under a new token, so a token seen before the factor (on a shared screen, in a log) is worth
// nothing after it.
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

// One UPDATE, so parallel answers each count.
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

export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.userId, userId));
}

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

export function readSessionToken(req: Request): string | null {
  return readCookie(req.headers.get('cookie'), SESSION_COOKIE) || null;
}

// `__Host-`: the browser insists on Secure, Path=/ and no Domain, so a sibling subdomain cannot
// plant or overwrite it. Browsers treat http://localhost as secure, so dev works too.
export function sessionCookie(token: string): string {
  const maxAge = Math.floor(ABSOLUTE_TIMEOUT_MS / 1000);
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Strict`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
}
