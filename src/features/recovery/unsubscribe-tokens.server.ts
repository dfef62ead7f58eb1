/**
 * The unsubscribe link's token: the address's keyed hash and an HMAC of it, so the link
 * records an opt-out for that hash without the site ever storing (or the link carrying) the
 * address, and nobody can make a token for another address. Both keys are stored keys
 * (src/server/stored-keys.ts): a rotation of SESSION_SECRET keeps every opt-out and every link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../server/db/client.ts';
import { ConfigurationError } from '../../server/env.ts';
import { normalisedAddress } from '../../server/privacy/personal-data.ts';
import { storedKey, type StoredKeyKind } from '../../server/stored-keys.ts';

const HASH = /^[0-9a-f]{64}$/;
const MAC = /^[\w-]{43}$/;

/** The keys these were derived from SESSION_SECRET with before they were stored. */
const ADDRESS_KEY: StoredKeyKind = {
  purpose: 'reminder-address-hash',
  before: { salt: 'private-digest', info: 'stored keys v1' },
};
const LINK_KEY: StoredKeyKind = {
  purpose: 'unsubscribe-links',
  before: { salt: 'unsubscribe', info: 'reminder links v1' },
};

/** The address's keyed hash, as checkout_reminders and reminder_opt_outs store it. */
export async function addressHash(db: Db, email: string): Promise<string> {
  return createHmac('sha256', await storedKey(db, ADDRESS_KEY))
    .update(`checkout-reminder:${normalisedAddress(email)}`)
    .digest('hex');
}

/**
 * The address's hash, or null when this process cannot compute it (a privacy command run
 * without SESSION_SECRET): the rows keyed by it are then not found by the address, and go with
 * the retention rule (reminders) or stay (unsubscribes, which is what they are for).
 */
export async function addressHashIfKnown(db: Db, email: string): Promise<string | null> {
  try {
    return await addressHash(db, email);
  } catch (error) {
    if (error instanceof ConfigurationError) return null;
    throw error;
  }
}

async function mac(db: Db, hash: string): Promise<string> {
  return createHmac('sha256', await storedKey(db, LINK_KEY))
    .update(hash)
    .digest('base64url');
}

export async function unsubscribeToken(db: Db, email: string): Promise<string> {
  const hash = await addressHash(db, email);
  return `${hash}.${await mac(db, hash)}`;
}

/** The address hash a token stands for, or null when it is not one of ours (constant time). */
export async function verifyUnsubscribeToken(db: Db, token: string): Promise<string | null> {
  const [hash, given, ...rest] = token.split('.');
  if (rest.length || !hash || !given || !HASH.test(hash) || !MAC.test(given)) return null;
  const expected = Buffer.from(await mac(db, hash));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? hash : null;
}
