// Keyed hash plus its HMAC: the link records an opt-out without anyone storing the address, and
// nobody can make a token for another. Stored keys: a SESSION_SECRET rotation keeps every link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../server/db/client.ts';
import { ConfigurationError } from '../../server/env.ts';
import { normalisedAddress } from '../../server/privacy/personal-data.ts';
import { storedKey, type StoredKeyKind } from '../../server/stored-keys.ts';

const HASH = /^[0-9a-f]{64}$/;
const MAC = /^[\w-]{43}$/;

const ADDRESS_KEY: StoredKeyKind = {
  purpose: 'reminder-address-hash',
  before: { salt: 'private-digest', info: 'stored keys v1' },
};
const LINK_KEY: StoredKeyKind = {
  purpose: 'unsubscribe-links',
  before: { salt: 'unsubscribe', info: 'reminder links v1' },
};

export async function addressHash(db: Db, email: string): Promise<string> {
  return createHmac('sha256', await storedKey(db, ADDRESS_KEY))
    .update(`checkout-reminder:${normalisedAddress(email)}`)
    .digest('hex');
}

// Null without SESSION_SECRET (a privacy command): its rows then go by retention, or stay.
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
