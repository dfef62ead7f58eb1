// Values that must outlive a rotation of SESSION_SECRET (an unsubscribe link already e-mailed must
// keep working): sealed with a key derived from it, so a rotation seals them again.
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { storedKeys } from './db/schema.ts';
import { ConfigurationError } from './env.ts';
import { derivedKeys } from './key-ring.ts';
import { openSecret, resealSecret, sealSecret, UnopenableSecret } from './mail/sealed.ts';

// `before`: the HKDF labels of the key before it was stored, so what it made before still matches.
export type StoredKeyKind = { purpose: string; before: { salt: string; info: string } };

function wrappingKeys(secrets?: string[]): Buffer[] {
  return derivedKeys('stored-keys', 'wrapping v1', secrets);
}

async function storedRow(db: Db, purpose: string) {
  const [row] = await db.select().from(storedKeys).where(eq(storedKeys.purpose, purpose));
  return row;
}

/** Concurrent first uses agree on one. */
export async function storedKey(db: Db, kind: StoredKeyKind, secrets?: string[]): Promise<Buffer> {
  const wrapping = wrappingKeys(secrets);
  let row = await storedRow(db, kind.purpose);
  if (!row) {
    // During a rotation the values made so far were made under the previous secret (the last).
    const first = derivedKeys(kind.before.salt, kind.before.info, secrets).at(-1)!;
    const sealed = sealSecret(first.toString('base64url'), wrapping, kind.purpose);
    await db.insert(storedKeys).values({ purpose: kind.purpose, sealed }).onConflictDoNothing();
    row = (await storedRow(db, kind.purpose))!;
  }
  try {
    return Buffer.from(
      openSecret(row.sealed, { key: wrapping, boundTo: kind.purpose }),
      'base64url',
    );
  } catch (error) {
    if (!(error instanceof UnopenableSecret)) throw error;
    throw new ConfigurationError(
      ['SESSION_SECRET_PREVIOUS'],
      `The stored key "${kind.purpose}" was sealed with a SESSION_SECRET no longer set: set the old one ` +
        'as SESSION_SECRET_PREVIOUS and run `npm run secrets:rotate` (docs/secrets.md)',
    );
  }
}

export async function resealStoredKeys(
  db: Db,
  secrets?: string[],
): Promise<{ resealed: number; unopenable: number }> {
  const wrapping = wrappingKeys(secrets);
  let resealed = 0;
  let unopenable = 0;
  for (const row of await db.select().from(storedKeys)) {
    let again: string | null;
    try {
      again = resealSecret(row.sealed, { key: wrapping, boundTo: row.purpose });
    } catch (error) {
      if (!(error instanceof UnopenableSecret)) throw error;
      unopenable++;
      continue;
    }
    if (again === null) continue;
    await db.update(storedKeys).set({ sealed: again }).where(eq(storedKeys.purpose, row.purpose));
    resealed++;
  }
  return { resealed, unopenable };
}
