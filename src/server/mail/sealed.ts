/**
 * Secrets in stored e-mail (a sign-in or confirmation link's token). `email_outbox` and the
 * admin's view of it must never hold one that works, so a secret is sealed (AES-256-GCM, a key
 * derived from SESSION_SECRET) into the row's own `secrets` column, and the message's text holds
 * a slot word in its place that only that message knows. Sending opens the slots of that row
 * and nothing else: a sealed word typed by a visitor, or copied from another row, stays text.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKeys, keyId } from '../key-ring.ts';

/** `sealed2.<key id>.<iv, tag, body>`; `sealed1.` (no key id) came before and opens with any key. */
const SEALED_WORD = /^sealed(?:1|2\.([0-9a-f]{8}))\.([A-Za-z0-9_-]{40,400})$/;
const SEALED = /sealed(?:1|2\.[0-9a-f]{8})\.[A-Za-z0-9_-]{40,400}/g;
/** What a sent e-mail keeps where its secret was. */
export const SENT_SECRET_PLACEHOLDER = '[sent-not-kept]';

/** The key that seals, then any older one that still opens (a Buffer alone: that key only). */
export type SealingKeys = Buffer | readonly Buffer[];
const ring = (keys: SealingKeys): readonly Buffer[] => (Buffer.isBuffer(keys) ? [keys] : keys);

/** The outbox's keys under the secrets in use (or `secrets`), current first. */
export function sealingKeys(secrets?: string[]): Buffer[] {
  return derivedKeys('email-outbox', 'sealed secrets v1', secrets);
}

/** A sealed secret that cannot be opened here: another key, or not sealed by the site. */
export class UnopenableSecret extends Error {
  constructor() {
    super('A secret in this e-mail cannot be opened (sealed with another SESSION_SECRET?)');
    this.name = 'UnopenableSecret';
  }
}

/**
 * The secret as it may be stored: useless without the functions' key. `boundTo` (GCM's
 * associated data) makes it open only where it was sealed for, e.g. one message's slot.
 */
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

/**
 * The value sealed again with the current key, or null when it already is (a rotation run
 * twice changes nothing). Throws {@link UnopenableSecret} when no key opens it.
 */
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

/**
 * Every sealed word of `text` opened: only for e-mail queued before secrets had slots (a row
 * whose `secrets` is null), whose words the site cannot tell from typed ones any more.
 */
export function openSealed(
  text: string,
  { html = false, key = sealingKeys() as SealingKeys } = {},
): string {
  return text.replace(SEALED, (word) => {
    const plain = openSecret(word, { key });
    return html ? escapeHtml(plain) : plain;
  });
}

/** The text with each sealed word replaced by `placeholder`. */
export function withoutSealed(text: string, placeholder = SENT_SECRET_PLACEHOLDER): string {
  return text.replace(SEALED, placeholder);
}

/** Slot word → sealed secret, as `email_outbox.secrets` stores them. */
export type SealedSlots = Record<string, string>;

const SLOT = /^secret-[A-Za-z0-9_-]{22}$/;

/**
 * The secrets of one message being written: `slot(plain)` answers the word to put in the text
 * (URL-safe, unguessable), and `sealed` is what the outbox stores for it.
 */
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

/** The text as its recipient gets it; throws {@link UnopenableSecret} for a slot it cannot open. */
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

/** The text with its slots (and any sealed word) as `placeholder`: a stored or shown copy. */
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

/** The slots sealed again with the current key, or null when every one already is. */
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

/** A text's sealed words (e-mail queued before slots) sealed again with the current key. */
export function resealWords(text: string, key: SealingKeys = sealingKeys()): string {
  return text.replace(SEALED, (word) => resealSecret(word, { key }) ?? word);
}
