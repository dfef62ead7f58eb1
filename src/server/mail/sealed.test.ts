import { createCipheriv, randomBytes } from 'node:crypto';
import { keyId } from '../key-ring';
import { describe, expect, it } from 'vitest';
import {
  MessageSecrets,
  openSealed,
  openSecret,
  openSlots,
  resealSecret,
  resealSlots,
  resealWords,
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

describe('keys with ids (a rotation of SESSION_SECRET)', () => {
  const current = randomBytes(32);
  const previous = randomBytes(32);
  const both = [current, previous];

  /** A value sealed before keys had ids: `sealed1.` and no id. */
  function sealedWithoutId(plain: string, with_: Buffer, boundTo = ''): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', with_, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `sealed1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  it('names the sealing key, seals with the first and opens with any', () => {
    const sealed = sealSecret('a-token-long-enough', both);
    expect(sealed.startsWith(`sealed2.${keyId(current)}.`)).toBe(true);
    expect(openSecret(sealSecret('old-token', previous), { key: both })).toBe('old-token');
    expect(() => openSecret(sealSecret('old-token', previous), { key: current })).toThrow(
      UnopenableSecret,
    );
    expect(openSecret(sealedWithoutId('from-before', previous), { key: both })).toBe('from-before');
  });

  it('seals again under the current key once, and says when nothing opens a value', () => {
    const old = sealSecret('JBSWY3DPEHPK3PXP', previous);
    const again = resealSecret(old, { key: both })!;
    expect(again.startsWith(`sealed2.${keyId(current)}.`)).toBe(true);
    expect(openSecret(again, { key: current })).toBe('JBSWY3DPEHPK3PXP');
    expect(resealSecret(again, { key: both })).toBeNull();
    expect(() => resealSecret(old, { key: [current, randomBytes(32)] })).toThrow(UnopenableSecret);
  });

  it("seals a message's slots and an older message's words again, bound as before", () => {
    const secrets = new MessageSecrets(previous);
    const slot = secrets.slot('own-token');
    const slots = resealSlots(secrets.sealed, both)!;
    expect(openSlots(slot, slots, { key: current })).toBe('own-token');
    expect(resealSlots(slots, both)).toBeNull();
    const text = `Sign in: ${sealedWithoutId('a-token-long-enough', previous)}`;
    expect(openSealed(resealWords(text, both), { key: current })).toBe(
      'Sign in: a-token-long-enough',
    );
  });
});
