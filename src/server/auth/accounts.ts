import type { Db } from '../db/client.ts';
import { removeAllFactors } from './factors.ts';
import { recordSecurityEvent } from './security-log.ts';
import { hashPassword, passwordProblem, verifyPassword } from './password.ts';
import { destroyUserSessions } from './session.ts';
import {
  findUser,
  insertUser,
  normalizeUsername,
  setPasswordHash,
  usernameProblem,
} from './users.ts';

export class AccountProblem extends Error {}

// A reset ends every session, so whoever held the old password is signed out.
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

// The password is replaced too, since whoever knew the old one could enrol the next factor first.
export async function resetFactors(
  db: Db,
  username: string,
  newPassword: string,
): Promise<{ username: string; removed: number } | null> {
  const problem = passwordProblem(newPassword);
  if (problem) throw new AccountProblem(problem);
  const user = await findUser(db, username);
  if (!user) return null;
  if (await verifyPassword(user.password, newPassword))
    throw new AccountProblem('The new password must not be the old one.');
  const hash = await hashPassword(newPassword);
  const removed = await db.transaction(async (tx) => {
    const count = await removeAllFactors(tx, user.id);
    await setPasswordHash(tx, user.id, hash);
    await destroyUserSessions(tx, user.id);
    await recordSecurityEvent(tx, {
      event: 'admin.factors-reset',
      userId: user.id,
      username: user.username,
      detail: { removed: count, passwordReplaced: true, from: 'command line' },
    });
    return count;
  });
  return { username: user.username, removed };
}
