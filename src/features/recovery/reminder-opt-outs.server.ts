import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { reminderOptOuts } from '../../server/db/schema.ts';
import { exported, type PersonalDataOwner } from '../../server/privacy/personal-data.ts';
import { addressHashIfKnown } from './unsubscribe-tokens.server.ts';

export async function recordOptOut(db: Db, hash: string, now = new Date()): Promise<void> {
  await db
    .insert(reminderOptOuts)
    .values({ addressHash: hash, createdAt: now })
    .onConflictDoNothing({ target: reminderOptOuts.addressHash });
}

export async function hasOptedOut(db: Db, hash: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: reminderOptOuts.addressHash })
    .from(reminderOptOuts)
    .where(eq(reminderOptOuts.addressHash, hash));
  return Boolean(row);
}

export const personalData: PersonalDataOwner = {
  async holds(db, person) {
    const hash = await addressHashIfKnown(db, person.email);
    if (!hash) return { reminder_opt_outs: [] };
    const rows = await db
      .select()
      .from(reminderOptOuts)
      .where(eq(reminderOptOuts.addressHash, hash));
    return { reminder_opt_outs: rows.map((r) => exported(r)) };
  },
  // Kept through an erasure and every purge: the hash is what stops us e-mailing the person
  // again, it names nobody (a keyed hash), and removing it would undo their unsubscribe.
  async erase() {
    return { reminder_opt_outs: 0 };
  },
  async purge() {
    return {};
  },
};
