/**
 * Admin accounts as the terminal manages them: create one, reset its password, or reset a
 * lost second factor. A new or reset account must enrol a factor at its next sign-in.
 */
import type { Db } from '../db/client.ts';
import { removeAllFactors } from './factors.ts';
import { recordSecurityEvent } from './security-log.ts';
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

/**
 * A lost second factor: every factor and recovery code of the account goes, and its sessions
 * end; the next sign-in with the password leads to the enrolment screen. Null for no account.
 */
export async function resetFactors(
  db: Db,
  username: string,
): Promise<{ username: string; removed: number } | null> {
  const user = await findUser(db, username);
  if (!user) return null;
  const removed = await removeAllFactors(db, user.id);
  await destroyUserSessions(db, user.id);
  await recordSecurityEvent(db, {
    event: 'admin.factors-reset',
    userId: user.id,
    username: user.username,
    detail: { removed, from: 'command line' },
  });
  return { username: user.username, removed };
}
