/**
 * Bearer tokens (admin and client sessions, sign-in links, checkout attempts): 256 random
 * bits for the browser, and only their SHA-256 in the database, so a leaked table cannot be
 * replayed.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Length of a `newToken()` in base64url characters (32 bytes). */
export const TOKEN_LENGTH = 43;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
