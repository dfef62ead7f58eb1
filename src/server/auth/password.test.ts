import { describe, expect, it } from 'vitest';
import {
  ARGON2_COST,
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  parseHash,
  passwordProblem,
  verifyPassword,
} from './password';

describe('argon2id password hashing', () => {
  it('produces a PHC string with OWASP parameters and a random salt', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(parseHash(a)?.cost).toEqual(ARGON2_COST);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password and rejects wrong ones', async () => {
    const hash = await hashPassword('s3cret-passphrase!');
    expect(await verifyPassword(hash, 's3cret-passphrase!')).toBe(true);
    expect(await verifyPassword(hash, 's3cret-passphrase')).toBe(false);
    expect(await verifyPassword(hash, 'S3cret-passphrase!')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it("verifies the reference implementation's argon2id test vector (phc-winner-argon2 test.c)", async () => {
    const reference =
      '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    expect(await verifyPassword(reference, 'password')).toBe(true);
    expect(await verifyPassword(reference, 'passwore')).toBe(false);
  });

  it('never matches malformed or foreign hashes', async () => {
    expect(await verifyPassword('plain-text', 'plain-text')).toBe(false);
    expect(await verifyPassword('$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$abc', 'x')).toBe(false);
    expect(await verifyPassword('', '')).toBe(false);
  });

  it('flags weaker hashes for re-hashing', async () => {
    expect(
      needsRehash(await hashPassword('pw', { memoryKiB: 1024, passes: 1, parallelism: 1 })),
    ).toBe(true);
    expect(needsRehash(await hashPassword('pw'))).toBe(false);
    expect(needsRehash('garbage')).toBe(true);
  });

  it('keeps a dummy hash for unknown users that matches nothing obvious', async () => {
    const dummy = await dummyPasswordHash();
    expect(parseHash(dummy)).not.toBeNull();
    expect(await verifyPassword(dummy, '')).toBe(false);
    expect(await dummyPasswordHash()).toBe(dummy);
  });

  it('requires long passwords without edge spaces', () => {
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem(' padded-password ')).toMatch(/spaces/);
    expect(passwordProblem('x'.repeat(257))).toMatch(/at most/);
    expect(passwordProblem('a long enough passphrase')).toBeNull();
  });
});
