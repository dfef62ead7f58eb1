/** Admin accounts: created or reset from the terminal (`npm run admin:create`), never by default. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword, passwordProblem } from './password.ts';
import { destroyUserSessions } from './session.ts';

/** Usernames compare case-insensitively: "Admin" and "admin" are one account. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function usernameProblem(username: string): string | null {
  const u = normalizeUsername(username);
  if (u.length < 3 || u.length > 64) return 'Username must be 3 to 64 characters long.';
  if (!/^[a-z0-9._@-]+$/.test(u)) {
    return 'Username may contain only letters, digits and . _ @ -';
  }
  return null;
}

export async function findUser(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.username, normalizeUsername(username)));
  return row ?? null;
}

/**
 * Creates the account, or resets its password if it exists. A reset ends every session of
 * that user, so whoever held the old password is signed out.
 */
export async function createOrResetUser(
  db: Db,
  username: string,
  password: string,
): Promise<{ id: number; username: string; created: boolean }> {
  const problem = usernameProblem(username) ?? passwordProblem(password);
  if (problem) throw new Error(problem);
  const name = normalizeUsername(username);
  const hash = await hashPassword(password);
  const existing = await findUser(db, name);
  if (existing) {
    await db.update(users).set({ password: hash }).where(eq(users.id, existing.id));
    await destroyUserSessions(db, existing.id);
    return { id: existing.id, username: name, created: false };
  }
  const [row] = await db.insert(users).values({ username: name, password: hash }).returning();
  return { id: row!.id, username: name, created: true };
}
