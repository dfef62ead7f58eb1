import { describe, expect, it } from 'vitest';
import { derivedKeys, keyId, sessionSecrets } from './key-ring';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

describe('the key ring', () => {
  it('answers the current secret, then the previous one while it is set', () => {
    expect(sessionSecrets({ SESSION_SECRET: B })).toEqual([B]);
    expect(sessionSecrets({ SESSION_SECRET: B, SESSION_SECRET_PREVIOUS: A })).toEqual([B, A]);
    expect(() => sessionSecrets({ SESSION_SECRET: B, SESSION_SECRET_PREVIOUS: 'short' })).toThrow(
      /SESSION_SECRET_PREVIOUS is too short/,
    );
  });

  it('derives one key per secret and purpose, each with its own id', () => {
    const [fromB, fromA] = derivedKeys('purpose', 'v1', [B, A]);
    expect(fromB).toEqual(derivedKeys('purpose', 'v1', [B])[0]);
    expect(fromB).not.toEqual(derivedKeys('other purpose', 'v1', [B])[0]);
    expect(keyId(fromB!)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyId(fromB!)).not.toBe(keyId(fromA!));
  });
});
