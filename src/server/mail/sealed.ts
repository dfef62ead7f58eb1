/**
 * Secrets in stored e-mail. A sign-in link's token or a confirmation link's token must reach
 * the recipient, yet `email_outbox` (and the admin's view of it) must never hold one that
 * works: the tables of tokens keep only hashes so that a leaked copy signs nobody in, and the
 * outbox must not undo that. So the secret part of an e-mail is sealed when the e-mail is
 * queued (AES-256-GCM, with a key derived from SESSION_SECRET, which only the functions have),
 * opened only to hand the message to SMTP, and removed from the stored copy once it is sent.
 *
 * A sealed secret is a word of URL-safe characters (`sealed1.` + base64url), so it sits in a
 * link or a sentence of the rendered HTML and text like the token itself would.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readEnv } from '../env.ts';

const PREFIX = 'sealed1.';
const SEALED = /sealed1\.([A-Za-z0-9_-]{40,400})/g;
/** What a sent e-mail keeps where its secret was. */
export const SENT_SECRET_PLACEHOLDER = '[sent-not-kept]';

function sealingKey(secret = readEnv().sessionSecret): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'email-outbox', 'sealed secrets v1', 32));
}

/** The secret as it may be stored in an e-mail: useless without the functions' key. */
export function sealSecret(plain: string, key = sealingKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The e-mail as the recipient gets it: every sealed secret opened (escaped for HTML in
 * `html`). Throws when one cannot be opened (another key), so the message is retried, never
 * sent with a broken link.
 */
export function openSealed(text: string, { html = false, key = sealingKey() } = {}): string {
  return text.replace(SEALED, (_, sealed: string) => {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString(
      'utf8',
    );
    return html ? plain.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : plain;
  });
}

/** The text with each sealed secret replaced by `placeholder` (the stored copy once sent). */
export function withoutSealed(text: string, placeholder = SENT_SECRET_PLACEHOLDER): string {
  return text.replace(SEALED, placeholder);
}

export function hasSealed(text: string): boolean {
  return text.search(SEALED) !== -1;
}
