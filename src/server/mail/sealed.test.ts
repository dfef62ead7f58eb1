import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hasSealed,
  openSealed,
  sealSecret,
  SENT_SECRET_PLACEHOLDER,
  withoutSealed,
} from './sealed';

const key = randomBytes(32);

describe('sealed secrets in stored e-mail', () => {
  it('keeps the token out of the stored text and gives it back only to send', () => {
    const token = randomBytes(32).toString('base64url');
    const stored = `Sign in: https://shop.example/dashboard?token=${sealSecret(token, key)} (7 days)`;
    expect(stored).not.toContain(token);
    expect(hasSealed(stored)).toBe(true);
    expect(openSealed(stored, { key })).toBe(
      `Sign in: https://shop.example/dashboard?token=${token} (7 days)`,
    );
    expect(withoutSealed(stored)).toBe(
      `Sign in: https://shop.example/dashboard?token=${SENT_SECRET_PLACEHOLDER} (7 days)`,
    );
  });

  it('seals the same secret differently each time, so the stored copy cannot be matched', () => {
    expect(sealSecret('same', key)).not.toBe(sealSecret('same', key));
  });

  it('escapes an opened secret for HTML', () => {
    expect(openSealed(`<p>${sealSecret('a<b&"c', key)}</p>`, { html: true, key })).toBe(
      '<p>a&lt;b&amp;&quot;c</p>',
    );
  });

  it('refuses to open with another key or after tampering, rather than send a broken link', () => {
    const sealed = sealSecret('secret', key);
    expect(() => openSealed(sealed, { key: randomBytes(32) })).toThrow();
    // A character in the middle: the last one of base64url may carry only padding bits, and
    // changing those changes no byte (this test failed that way about one run in a hundred).
    const at = Math.floor(sealed.length / 2);
    const tampered = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(() => openSealed(tampered, { key })).toThrow();
  });
});
