// The outbox and the admin's view of it must never hold a secret that works: the text holds a slot
// word only its own message opens, so a sealed word typed by a visitor or copied stays text.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKeys, keyId } from '../key-ring.ts';

// `sealed1.` (no key id) came before and opens with any key.
const SEALED_WORD = /^sealed(?:1|2\.([0-9a-f]{8}))\.([A-Za-z0-9_-]{40,400})$/;
const SEALED = /sealed(?:1|2\.[0-9a-f]{8})\.[A-Za-z0-9_-]{40,400}/g;
export const SENT_SECRET_PLACEHOLDER = '[sent-not-kept]';

export type SealingKeys = Buffer | readonly Buffer[];
const ring = (keys: SealingKeys): readonly Buffer[] => (Buffer.isBuffer(keys) ? [keys] : keys);

export function sealingKeys(secrets?: string[]): Buffer[] {
  return derivedKeys('email-outbox', 'sealed secrets v1', secrets);
}

export class UnopenableSecret extends Error {
  constructor() {
    super('A secret in this e-mail cannot be opened (sealed with another SESSION_SECRET?)');
    this.name = 'UnopenableSecret';
  }
}

/** `boundTo` (GCM's associated data) makes it open only where it was sealed for. */
export function sealSecret(plain: string, keys: SealingKeys = sealingKeys(), boundTo = ''): string {
  const key = ring(keys)[0]!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  return `sealed2.${keyId(key)}.${sealed}`;
}

function openWith(key: Buffer, bytes: Buffer, boundTo: string): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function openSecret(
  sealed: string,
  { key = sealingKeys() as SealingKeys, boundTo = '' } = {},
): string {
  const match = SEALED_WORD.exec(sealed);
  if (!match) throw new UnopenableSecret();
  const bytes = Buffer.from(match[2]!, 'base64url');
  const id = match[1];
  for (const candidate of ring(key)) {
    if (id && keyId(candidate) !== id) continue;
    const plain = openWith(candidate, bytes, boundTo);
    if (plain !== null) return plain;
  }
  throw new UnopenableSecret();
}

// Null when already sealed with the current key, so a rotation run twice changes nothing.
export function resealSecret(
  sealed: string,
  { key = sealingKeys() as SealingKeys, boundTo = '' } = {},
): string | null {
  const current = ring(key)[0]!;
  if (SEALED_WORD.exec(sealed)?.[1] === keyId(current)) return null;
  return sealSecret(openSecret(sealed, { key, boundTo }), current, boundTo);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (plain: string) => plain.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

// Only for e-mail queued before secrets had slots: its words cannot be told from typed ones.
export function openSealed(
  text: string,
  { html = false, key = sealingKeys() as SealingKeys } = {},
): string {
  return text.replace(SEALED, (word) => {
    const plain = openSecret(word, { key });
    return html ? escapeHtml(plain) : plain;
  });
}

export function withoutSealed(text: string, placeholder = SENT_SECRET_PLACEHOLDER): string {
  return text.replace(SEALED, placeholder);
}

export type SealedSlots = Record<string, string>;

const SLOT = /^secret-[A-Za-z0-9_-]{22}$/;

export class MessageSecrets {
  readonly sealed: SealedSlots = {};

  private readonly key: SealingKeys;
  constructor(key: SealingKeys = sealingKeys()) {
    this.key = key;
  }

  slot(plain: string): string {
    const word = `secret-${randomBytes(16).toString('base64url')}`;
    this.sealed[word] = sealSecret(plain, this.key, word);
    return word;
  }
}

function replaceSlots(text: string, slots: SealedSlots, by: (slot: string) => string): string {
  let out = text;
  for (const slot of Object.keys(slots)) {
    if (SLOT.test(slot)) out = out.split(slot).join(by(slot));
  }
  return out;
}

export function openSlots(
  text: string,
  slots: SealedSlots,
  { html = false, key = sealingKeys() as SealingKeys } = {},
): string {
  return replaceSlots(text, slots, (slot) => {
    const plain = openSecret(slots[slot]!, { key, boundTo: slot });
    return html ? escapeHtml(plain) : plain;
  });
}

export function withoutSecrets(
  text: string,
  slots: SealedSlots | null,
  placeholder = SENT_SECRET_PLACEHOLDER,
): string {
  return withoutSealed(
    replaceSlots(text, slots ?? {}, () => placeholder),
    placeholder,
  );
}

export function resealSlots(
  slots: SealedSlots,
  key: SealingKeys = sealingKeys(),
): SealedSlots | null {
  let changed = false;
  const out: SealedSlots = {};
  for (const [slot, sealed] of Object.entries(slots)) {
    const again = resealSecret(sealed, { key, boundTo: slot });
    changed ||= again !== null;
    out[slot] = again ?? sealed;
  }
  return changed ? out : null;
}

export function resealWords(text: string, key: SealingKeys = sealingKeys()): string {
  return text.replace(SEALED, (word) => resealSecret(word, { key }) ?? word);
}
