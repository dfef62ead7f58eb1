// Only a token's SHA-256 is stored, so a leaked table cannot be replayed.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { derivedKeys, sessionSecrets } from './key-ring.ts';

export const TOKEN_LENGTH = 43;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// A plain SHA-256 of an address is reversed by hashing a list of guesses.
export function privateDigest(value: string, secret = sessionSecrets()[0]!): string {
  return privateDigests(value, [secret])[0]!;
}

export function privateDigests(value: string, secrets = sessionSecrets()): string[] {
  return derivedKeys('private-digest', 'stored keys v1', secrets).map((key) =>
    createHmac('sha256', key).update(value).digest('hex'),
  );
}
