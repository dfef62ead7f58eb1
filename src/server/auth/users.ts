import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

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

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function insertUser(db: Db, username: string, passwordHash: string) {
  const [row] = await db
    .insert(users)
    .values({ username: normalizeUsername(username), password: passwordHash })
    .returning();
  if (!row) throw new Error('Creating the user returned no row');
  return row;
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ password: passwordHash }).where(eq(users.id, id));
}
