// Claimed before the e-mail is queued: the primary key makes a second delivery of the same expiry
// a no-op. Rows hold the address only as its keyed hash.
import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { checkoutReminders, type CheckoutReminder } from '../../server/db/schema.ts';
import { exported, type PersonalDataOwner } from '../../server/privacy/personal-data.ts';
import { cutoffOf } from '../../server/privacy/retention.ts';
import { weeklySums, type WeeklySum } from '../../server/db/weekly.ts';
import { addressHashIfKnown } from './unsubscribe-tokens.server.ts';

// So two checkouts of one buyer expiring at once cannot both pass the 7-day rule.
export async function lockAddress(tx: Db, hash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${hash}, 0))`);
}

export async function hasReminder(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: checkoutReminders.checkoutSessionId })
    .from(checkoutReminders)
    .where(eq(checkoutReminders.checkoutSessionId, sessionId));
  return Boolean(row);
}

export async function claimReminder(
  tx: Db,
  values: {
    checkoutSessionId: string;
    addressHash: string;
    dueAt: Date;
    now: Date;
    capped: boolean;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(checkoutReminders)
    .values({ ...values, createdAt: values.now })
    .onConflictDoNothing({ target: checkoutReminders.checkoutSessionId })
    .returning({ id: checkoutReminders.checkoutSessionId });
  return rows.length > 0;
}

export async function attachReminderEmail(tx: Db, sessionId: string, emailId: number) {
  await tx
    .update(checkoutReminders)
    .set({ outboxEmailId: emailId })
    .where(eq(checkoutReminders.checkoutSessionId, sessionId));
}

export async function remindedSince(db: Db, hash: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: checkoutReminders.checkoutSessionId })
    .from(checkoutReminders)
    .where(
      and(
        eq(checkoutReminders.addressHash, hash),
        gte(checkoutReminders.createdAt, since),
        isNull(checkoutReminders.canceledAt),
        eq(checkoutReminders.capped, false),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function remindersNotWithdrawn(
  tx: Db,
  { sessionIds, hash }: { sessionIds: string[]; hash: string | null },
): Promise<CheckoutReminder[]> {
  const of = or(
    sessionIds.length ? inArray(checkoutReminders.checkoutSessionId, sessionIds) : undefined,
    hash ? eq(checkoutReminders.addressHash, hash) : undefined,
  );
  if (!of) return [];
  return tx
    .select()
    .from(checkoutReminders)
    .where(and(isNull(checkoutReminders.canceledAt), of));
}

export async function markWithdrawn(tx: Db, emailIds: number[], now: Date): Promise<number> {
  if (!emailIds.length) return 0;
  const rows = await tx
    .update(checkoutReminders)
    .set({ canceledAt: now })
    .where(inArray(checkoutReminders.outboxEmailId, emailIds))
    .returning({ id: checkoutReminders.checkoutSessionId });
  return rows.length;
}

export async function remindersSince(db: Db, since: Date): Promise<CheckoutReminder[]> {
  return db
    .select()
    .from(checkoutReminders)
    .where(and(gte(checkoutReminders.createdAt, since), eq(checkoutReminders.capped, false)));
}

export function cappedRemindersByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(
    db,
    checkoutReminders,
    checkoutReminders.createdAt,
    since,
    eq(checkoutReminders.capped, true),
  );
}

// Kept while the checkout keeps the buyer: a week's memory is all the rules need.
export const personalData: PersonalDataOwner = {
  async holds(db, person) {
    const hash = await addressHashIfKnown(db, person.email);
    if (!hash) return { checkout_reminders: [] };
    const rows = await db
      .select()
      .from(checkoutReminders)
      .where(eq(checkoutReminders.addressHash, hash));
    return { checkout_reminders: rows.map((r) => exported(r)) };
  },
  async erase(db, person) {
    const hash = await addressHashIfKnown(db, person.email);
    if (!hash) return { checkout_reminders: 0 };
    const gone = await db
      .delete(checkoutReminders)
      .where(eq(checkoutReminders.addressHash, hash))
      .returning({ id: checkoutReminders.checkoutSessionId });
    return { checkout_reminders: gone.length };
  },
  async purge(db, { now }) {
    const gone = await db
      .delete(checkoutReminders)
      .where(lt(checkoutReminders.createdAt, cutoffOf('checkouts', now)))
      .returning({ id: checkoutReminders.checkoutSessionId });
    return { checkouts: { checkout_reminders: gone.length } };
  },
};
