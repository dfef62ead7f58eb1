import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MessageSecrets,
  openSealed,
  openSecret,
  openSlots,
  sealSecret,
  SENT_SECRET_PLACEHOLDER,
  UnopenableSecret,
  withoutSecrets,
} from './sealed';

const key = randomBytes(32);

describe("a message's secrets", () => {
  it('keeps the token out of the stored text and gives it back only to send', () => {
    const token = randomBytes(32).toString('base64url');
    const secrets = new MessageSecrets(key);
    const stored = `Sign in: https://shop.example/dashboard?token=${secrets.slot(token)} (7 days)`;
    expect(stored + JSON.stringify(secrets.sealed)).not.toContain(token);
    expect(openSlots(stored, secrets.sealed, { key })).toBe(
      `Sign in: https://shop.example/dashboard?token=${token} (7 days)`,
    );
    expect(withoutSecrets(stored, secrets.sealed)).toBe(
      `Sign in: https://shop.example/dashboard?token=${SENT_SECRET_PLACEHOLDER} (7 days)`,
    );
  });

  it('opens nothing but its own slots: a sealed word typed by a visitor stays text', () => {
    const stolen = sealSecret('victim-token', key);
    const secrets = new MessageSecrets(key);
    const text = `Hello ${stolen}, confirm: ${secrets.slot('own-token')}`;
    expect(openSlots(text, secrets.sealed, { key })).toBe(`Hello ${stolen}, confirm: own-token`);
  });

  it('opens a sealed secret only in the slot it was sealed for', () => {
    const a = new MessageSecrets(key);
    const slotA = a.slot('token-a');
    const b = new MessageSecrets(key);
    const slotB = b.slot('token-b');
    // Another message's sealed value moved under this message's slot does not open.
    expect(() => openSlots(slotB, { [slotB]: a.sealed[slotA]! }, { key })).toThrow(
      UnopenableSecret,
    );
  });

  it('escapes an opened secret for HTML', () => {
    const secrets = new MessageSecrets(key);
    const html = `<p>${secrets.slot('a<b&"c')}</p>`;
    expect(openSlots(html, secrets.sealed, { html: true, key })).toBe('<p>a&lt;b&amp;&quot;c</p>');
  });

  it('refuses to open with another key or after tampering, rather than send a broken link', () => {
    const secrets = new MessageSecrets(key);
    const slot = secrets.slot('secret');
    expect(() => openSlots(slot, secrets.sealed, { key: randomBytes(32) })).toThrow(
      UnopenableSecret,
    );
    const sealed = secrets.sealed[slot]!;
    // A character in the middle: the last one of base64url may carry only padding bits.
    const at = Math.floor(sealed.length / 2);
    const tampered = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(() => openSlots(slot, { [slot]: tampered }, { key })).toThrow(UnopenableSecret);
  });

  it('seals the same secret differently each time, so the stored copy cannot be matched', () => {
    expect(sealSecret('same', key)).not.toBe(sealSecret('same', key));
  });
});

describe('secrets sealed whole (the authenticator app) and e-mail queued before slots', () => {
  it('opens a value sealed without a slot', () => {
    expect(openSecret(sealSecret('JBSWY3DPEHPK3PXP', key), { key })).toBe('JBSWY3DPEHPK3PXP');
    expect(openSealed(`link ${sealSecret('a-token-long-enough', key)}`, { key })).toBe(
      'link a-token-long-enough',
    );
  });

  it('hides sealed words in a shown copy', () => {
    expect(withoutSecrets(`x ${sealSecret('a-token-long-enough', key)}`, null, '[hidden]')).toBe(
      'x [hidden]',
    );
  });
});
