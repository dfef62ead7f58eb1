/** Admin accounts as the terminal manages them: create one, or reset its password. */
import type { Db } from '../db/client.ts';
import { hashPassword, passwordProblem } from './password.ts';
import { destroyUserSessions } from './session.ts';
import {
  findUser,
  insertUser,
  normalizeUsername,
  setPasswordHash,
  usernameProblem,
} from './users.ts';

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
    await setPasswordHash(db, existing.id, hash);
    await destroyUserSessions(db, existing.id);
    return { id: existing.id, username: name, created: false };
  }
  const row = await insertUser(db, name, hash);
  return { id: row.id, username: name, created: true };
}
