/**
 * The unsubscribe link's token: the address's keyed hash and an HMAC of it, so the link
 * records an opt-out for that hash without the site ever storing (or the link carrying) the
 * address, and nobody can make a token for another address. Keys derive from SESSION_SECRET.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { readEnv } from '../../server/env.ts';
import { normalisedAddress } from '../../server/privacy/personal-data.ts';
import { privateDigest } from '../../server/tokens.ts';

const HASH = /^[0-9a-f]{64}$/;
const MAC = /^[\w-]{43}$/;

/** The address's keyed hash, as checkout_reminders and reminder_opt_outs store it. */
export function addressHash(email: string): string {
  return privateDigest(`checkout-reminder:${normalisedAddress(email)}`);
}

/**
 * The address's hash, or null when this process cannot compute it (a privacy command run
 * without SESSION_SECRET): the rows keyed by it are then not found by the address, and go with
 * the retention rule (reminders) or stay (unsubscribes, which is what they are for).
 */
export function addressHashIfKnown(email: string): string | null {
  try {
    return addressHash(email);
  } catch {
    const secret = process.env.SESSION_SECRET;
    return secret ? privateDigest(`checkout-reminder:${normalisedAddress(email)}`, secret) : null;
  }
}

function mac(hash: string, secret = readEnv().sessionSecret): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'unsubscribe', 'reminder links v1', 32));
  return createHmac('sha256', key).update(hash).digest('base64url');
}

export function unsubscribeToken(email: string): string {
  const hash = addressHash(email);
  return `${hash}.${mac(hash)}`;
}

/** The address hash a token stands for, or null when it is not one of ours (constant time). */
export function verifyUnsubscribeToken(token: string): string | null {
  const [hash, given, ...rest] = token.split('.');
  if (rest.length || !hash || !given || !HASH.test(hash) || !MAC.test(given)) return null;
  const expected = Buffer.from(mac(hash));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? hash : null;
}
