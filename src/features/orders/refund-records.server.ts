// One row per provider refund; its status only moves forward (pending → succeeded → failed or
// canceled) and what was once known of it is never forgotten by a later, sparser report.
import { and, asc, eq, inArray, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { weeklySums, type WeeklySum } from '../../server/db/weekly.ts';
import { refunds, type Refund, type RefundStatus } from '../../server/db/schema.ts';
import type { PaymentRefund } from './orders.ts';

export type { Refund, RefundStatus };

export type NewRefund = Omit<typeof refunds.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const NOT_COUNTED: RefundStatus[] = ['failed', 'canceled'];

export function refundCounts(status: RefundStatus): boolean {
  return !NOT_COUNTED.includes(status);
}

export function paymentRefunds(
  rows: readonly Refund[],
  paymentIntentId: string | null,
): PaymentRefund[] {
  return rows
    .filter((r) => paymentIntentId !== null && r.paymentIntentId === paymentIntentId)
    .filter((r) => refundCounts(r.status))
    .map((r) => ({ amountCents: r.amountCents, refundedAt: r.refundedAt.toISOString() }));
}

const stage = (status: SQL) =>
  sql`case ${status} when 'failed' then 2 when 'canceled' then 2 when 'succeeded' then 1 else 0 end`;

export async function storeRefunds(db: Db, rows: NewRefund[]): Promise<Refund[]> {
  if (!rows.length) return [];
  const stored: Refund[] = [];
  // One at a time: a refund reported twice in one list is stored once, its later status winning.
  for (const row of rows) {
    const [result] = await db
      .insert(refunds)
      .values(row)
      .onConflictDoUpdate({
        target: refunds.providerRefundId,
        set: {
          status: sql`case when ${stage(sql`excluded.status`)} >= ${stage(sql`${refunds.status}`)} then excluded.status else ${refunds.status} end`,
          amountCents: sql`excluded.amount_cents`,
          orderId: sql`coalesce(${refunds.orderId}, excluded.order_id)`,
          providerInvoiceId: sql`coalesce(${refunds.providerInvoiceId}, excluded.provider_invoice_id)`,
          paymentIntentId: sql`coalesce(${refunds.paymentIntentId}, excluded.payment_intent_id)`,
          chargeId: sql`coalesce(${refunds.chargeId}, excluded.charge_id)`,
          reason: sql`coalesce(excluded.reason, ${refunds.reason})`,
          updatedAt: new Date(),
        },
      })
      .returning();
    if (result) stored.push(result);
  }
  return stored;
}

export async function refundedOfPayment(db: Db, paymentIntentId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::float8` })
    .from(refunds)
    .where(
      and(eq(refunds.paymentIntentId, paymentIntentId), notInArray(refunds.status, NOT_COUNTED)),
    );
  return row?.cents ?? 0;
}

export async function refundsOfOrders(db: Db, orderIds: number[]): Promise<Refund[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.refundedAt), asc(refunds.id));
}

export function refundsByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(
    db,
    refunds,
    refunds.refundedAt,
    since,
    and(notInArray(refunds.status, NOT_COUNTED), eq(refunds.currency, 'usd')),
    refunds.amountCents,
  );
}

/** A subquery: refunds of any other payment predate this table, known only by running total. */
export function paymentsWithRefundRows(db: Db) {
  return db
    .selectDistinct({ paymentIntentId: refunds.paymentIntentId })
    .from(refunds)
    .where(isNotNull(refunds.paymentIntentId));
}
