import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminFactors, adminRecoveryCodes, type AdminFactor } from '../db/schema.ts';

export type FactorView = Pick<AdminFactor, 'id' | 'kind' | 'label' | 'createdAt' | 'lastUsedAt'>;

export async function listFactors(db: Db, userId: number): Promise<FactorView[]> {
  return db
    .select({
      id: adminFactors.id,
      kind: adminFactors.kind,
      label: adminFactors.label,
      createdAt: adminFactors.createdAt,
      lastUsedAt: adminFactors.lastUsedAt,
    })
    .from(adminFactors)
    .where(eq(adminFactors.userId, userId))
    .orderBy(asc(adminFactors.id));
}

export async function factorsOfKind(db: Db, userId: number, kind: AdminFactor['kind']) {
  return db
    .select()
    .from(adminFactors)
    .where(and(eq(adminFactors.userId, userId), eq(adminFactors.kind, kind)))
    .orderBy(asc(adminFactors.id));
}

export async function addPasskey(
  db: Db,
  userId: number,
  passkey: {
    label: string;
    credentialId: string;
    publicKey: string;
    signCount: number;
    transports: string[];
  },
): Promise<void> {
  await db.insert(adminFactors).values({
    userId,
    kind: 'passkey',
    label: passkey.label,
    credentialId: passkey.credentialId,
    publicKey: passkey.publicKey,
    signCount: passkey.signCount,
    transports: passkey.transports.join(','),
  });
}

export async function addTotp(
  db: Db,
  userId: number,
  totp: { label: string; sealedSecret: string; step: number },
): Promise<void> {
  await db.insert(adminFactors).values({
    userId,
    kind: 'totp',
    label: totp.label,
    totpSecret: totp.sealedSecret,
    lastTotpStep: totp.step,
  });
}

export async function resealTotpSecrets(
  db: Db,
  reseal: (sealed: string) => string | null,
): Promise<number> {
  const rows = await db
    .select({ id: adminFactors.id, sealed: adminFactors.totpSecret })
    .from(adminFactors)
    .where(eq(adminFactors.kind, 'totp'));
  let replaced = 0;
  for (const row of rows) {
    const again = row.sealed === null ? null : reseal(row.sealed);
    if (again === null) continue;
    await db.update(adminFactors).set({ totpSecret: again }).where(eq(adminFactors.id, row.id));
    replaced++;
  }
  return replaced;
}

export async function passkeyUsed(db: Db, id: number, signCount: number, now: Date) {
  await db.update(adminFactors).set({ signCount, lastUsedAt: now }).where(eq(adminFactors.id, id));
}

// One conditional UPDATE, so a code (even sent twice at the same moment) signs in at most once and
// never after a later one.
export async function acceptTotpStep(db: Db, id: number, step: number, now: Date) {
  const [row] = await db
    .update(adminFactors)
    .set({ lastTotpStep: step, lastUsedAt: now })
    .where(
      and(
        eq(adminFactors.id, id),
        or(isNull(adminFactors.lastTotpStep), lt(adminFactors.lastTotpStep, step)),
      ),
    )
    .returning({ id: adminFactors.id });
  return Boolean(row);
}

export async function removeFactor(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(adminFactors)
    .where(and(eq(adminFactors.id, id), eq(adminFactors.userId, userId)))
    .returning({ id: adminFactors.id });
  return removed.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  if (hashes.length)
    await db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now: Date) {
  const [row] = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return Boolean(row);
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function removeAllFactors(db: Db, userId: number): Promise<number> {
  const removed = await db
    .delete(adminFactors)
    .where(eq(adminFactors.userId, userId))
    .returning({ id: adminFactors.id });
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  return removed.length;
}
