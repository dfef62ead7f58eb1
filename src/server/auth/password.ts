// A PHC string, so the parameters travel with each hash and can be raised later.
import { argon2, randomBytes, timingSafeEqual, type Argon2Parameters } from 'node:crypto';

type Argon2Cost = { memoryKiB: number; passes: number; parallelism: number };

// OWASP Password Storage Cheat Sheet's minimum.
export const ARGON2_COST: Argon2Cost = { memoryKiB: 19_456, passes: 2, parallelism: 1 };

const SALT_BYTES = 16;
const TAG_BYTES = 32;
// Hashing is deliberately expensive; refuse absurd inputs before doing that work.
const MAX_PASSWORD_LENGTH = 256;

function derive(
  password: string,
  salt: Buffer,
  cost: Argon2Cost,
  tagLength: number,
): Promise<Buffer> {
  if (typeof argon2 !== 'function') {
    throw new Error('crypto.argon2 is unavailable: the admin panel needs Node.js 24.7 or newer.');
  }
  const parameters: Argon2Parameters = {
    message: password,
    nonce: salt,
    parallelism: cost.parallelism,
    tagLength,
    memory: cost.memoryKiB,
    passes: cost.passes,
  };
  return new Promise((resolve, reject) =>
    argon2('argon2id', parameters, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const b64 = (buf: Buffer) => buf.toString('base64').replace(/=+$/, '');

export async function hashPassword(
  password: string,
  cost: Argon2Cost = ARGON2_COST,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const tag = await derive(password, salt, cost, TAG_BYTES);
  return `$argon2id$v=19$m=${cost.memoryKiB},t=${cost.passes},p=${cost.parallelism}$${b64(salt)}$${b64(tag)}`;
}

type ParsedHash = { cost: Argon2Cost; salt: Buffer; tag: Buffer };

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export function parseHash(encoded: string): ParsedHash | null {
  const m = PHC.exec(encoded);
  if (!m) return null;
  const cost = { memoryKiB: Number(m[1]), passes: Number(m[2]), parallelism: Number(m[3]) };
  const salt = Buffer.from(m[4]!, 'base64');
  const tag = Buffer.from(m[5]!, 'base64');
  if (salt.length < 8 || tag.length < 16) return null;
  return { cost, salt, tag };
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed || password.length > MAX_PASSWORD_LENGTH) return false;
  const tag = await derive(password, parsed.salt, parsed.cost, parsed.tag.length);
  return timingSafeEqual(tag, parsed.tag);
}

export function needsRehash(encoded: string, cost: Argon2Cost = ARGON2_COST): boolean {
  const parsed = parseHash(encoded);
  if (!parsed) return true;
  return (
    parsed.cost.memoryKiB < cost.memoryKiB ||
    parsed.cost.passes < cost.passes ||
    parsed.tag.length < TAG_BYTES
  );
}

let dummyHash: Promise<string> | undefined;

// Verified when the username is unknown, so "no such user" costs the same argon2 work as "wrong
// password" and timing does not reveal which it was.
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  return dummyHash;
}

// Long passphrases beat composition rules (NIST 800-63B).
export function passwordProblem(password: string): string | null {
  if (password.length < 12) return 'Password must be at least 12 characters long.';
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  }
  if (password.trim() !== password) return 'Password must not start or end with spaces.';
  return null;
}
