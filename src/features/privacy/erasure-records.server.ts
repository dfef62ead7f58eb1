// Only the keyed digest of the erased address, never the address: `npm run db:restore`
// re-applies these records, so an erasure survives restoring an older backup.
import type { Db } from '../../server/db/client.ts';
import { erasureRecords } from '../../server/db/schema.ts';
import { normalisedAddress, type Person } from '../../server/privacy/personal-data.ts';
import { ConfigurationError } from '../../server/env.ts';
import { privateDigest, privateDigests } from '../../server/tokens.ts';

export type ErasureRecord = { addressDigest: string | null; erasedAt: Date };

/** Null without SESSION_SECRET (a command): the record then holds the account ids only. */
export function erasureDigest(address: string): string | null {
  const value = `erased:${normalisedAddress(address)}`;
  try {
    // A command without the Stripe keys still has its SESSION_SECRET (key-ring.ts).
    return privateDigest(value);
  } catch (error) {
    if (error instanceof ConfigurationError) return null;
    throw error;
  }
}

export function canMatchErasedAddresses(): boolean {
  return erasureDigest('someone@example.com') !== null;
}

export async function recordErasure(db: Db, person: Person, now = new Date()): Promise<void> {
  await db.insert(erasureRecords).values({
    addressDigest: erasureDigest(person.email),
    erasedAt: now,
  });
}

export function recordedErasures(db: Db): Promise<ErasureRecord[]> {
  return db
    .select({
      addressDigest: erasureRecords.addressDigest,
      erasedAt: erasureRecords.erasedAt,
    })
    .from(erasureRecords)
    .orderBy(erasureRecords.id);
}

export type RestoredPeople = { addresses: Set<string> };

// Only erasures after the backup: one before it was in it already, and applying it again would
// erase what a returning person gave since.
export function erasedAddressesIn(
  all: ErasureRecord[],
  people: RestoredPeople,
  takenAt: Date,
): string[] {
  const records = all.filter((r) => r.erasedAt.getTime() > takenAt.getTime());
  const digests = new Set(records.map((r) => r.addressDigest));
  const found = new Set<string>();
  if (!digests.size) return [];
  for (const address of people.addresses) {
    // Made under the current SESSION_SECRET or the previous one (a digest cannot be re-keyed).
    const mine = privateDigests(`erased:${normalisedAddress(address)}`);
    if (mine.some((digest) => digests.has(digest))) found.add(normalisedAddress(address));
  }
  return [...found].sort();
}
