/**
 * Bearer tokens (admin and client sessions, sign-in links, checkout attempts): 256 random
 * bits for the browser, and only their SHA-256 in the database, so a leaked table cannot be
 * replayed.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { derivedKeys, sessionSecrets } from './key-ring.ts';

/** Length of a `newToken()` in base64url characters (32 bytes). */
export const TOKEN_LENGTH = 43;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A digest only this site can compute (HMAC-SHA-256, key derived from SESSION_SECRET), for
 * personal data in a key that is stored, such as an e-mail address in a rate-limit counter: a
 * plain SHA-256 of an address is reversed by hashing a list of guesses.
 */
export function privateDigest(value: string, secret = sessionSecrets()[0]!): string {
  return privateDigests(value, [secret])[0]!;
}

/** The value's digest under each secret in use, current first: to find what either made. */
export function privateDigests(value: string, secrets = sessionSecrets()): string[] {
  return derivedKeys('private-digest', 'stored keys v1', secrets).map((key) =>
    createHmac('sha256', key).update(value).digest('hex'),
  );
}
