/**
 * Every write is idempotent and order-independent: a subscription snapshot only replaces an
 * older one (`supersedes`).
 */
import { and, desc, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { exported, type PersonalDataOwner } from '../../server/privacy/personal-data.ts';
import { cutoffOf } from '../../server/privacy/retention.ts';
import {
  subscriptions,
  type Subscription,
  type SubscriptionPayment,
} from '../../server/db/schema.ts';
import {
  failedPayments,
  paymentsOfPlans,
  withoutInvoiceLinksOf,
  withoutInvoiceLinksOutside,
} from './subscription-payments.server.ts';
import {
  supersedes,
  type InvoiceSnapshot,
  type SubscriptionSnapshot,
  type SubscriptionStatus,
} from './subscriptions.ts';

export type SubscriptionWithPayments = Subscription & { payments: SubscriptionPayment[] };

function laterOf(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * The record becomes the snapshot, unless it already reflects a newer event. Returns whether
 * it changed.
 */
export async function storeSubscriptionSnapshot(
  db: Db,
  snapshot: SubscriptionSnapshot,
  { eventAt, provider }: { eventAt: Date; provider: Subscription['provider'] },
): Promise<{ applied: boolean; subscription: Subscription }> {
  const values = {
    providerCustomerId: snapshot.providerCustomerId,
    status: snapshot.status,
    plan: snapshot.plan,
    lines: snapshot.lines,
    interval: snapshot.interval,
    amountCents: snapshot.amountCents,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    canceledAt: snapshot.canceledAt,
    endedAt: snapshot.endedAt,
    latestInvoiceId: snapshot.latestInvoiceId,
    lastEventAt: eventAt,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(subscriptions)
      .values({ provider, providerSubscriptionId: snapshot.providerSubscriptionId, ...values })
      .onConflictDoNothing({ target: subscriptions.providerSubscriptionId })
      .returning();
    if (inserted) return { applied: true, subscription: inserted };
    // Locked, so two events for one subscription are applied one after the other.
    const [current] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, snapshot.providerSubscriptionId))
      .for('update');
    if (!current) throw new Error('Subscription row vanished inside its transaction');
    if (!supersedes({ status: snapshot.status, eventAt }, current)) {
      return { applied: false, subscription: current };
    }
    const [updated] = await tx
      .update(subscriptions)
      .set({
        ...values,
        // A renewal recorded meanwhile may already know a later period end; a switch to
        // another cycle starts a new period, which may end sooner.
        currentPeriodEnd:
          snapshot.interval === current.interval
            ? laterOf(current.currentPeriodEnd, snapshot.currentPeriodEnd)
            : snapshot.currentPeriodEnd,
      })
      .where(eq(subscriptions.id, current.id))
      .returning();
    return { applied: true, subscription: updated! };
  });
}

export async function findSubscription(
  db: Db,
  providerSubscriptionId: string,
): Promise<Subscription | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row ?? null;
}

/** A paid invoice's period: a renewal extends the subscription's paid period. */
export async function extendPaidPeriod(db: Db, invoice: InvoiceSnapshot): Promise<void> {
  if (!invoice.periodEnd) return;
  await db
    .update(subscriptions)
    .set({
      currentPeriodEnd: sql`greatest(${subscriptions.currentPeriodEnd}, ${invoice.periodEnd})`,
      latestInvoiceId: invoice.providerInvoiceId,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.providerSubscriptionId, invoice.providerSubscriptionId));
}

/** The plans in these statuses, with what they bill. */
export function subscriptionsIn(db: Db, statuses: readonly SubscriptionStatus[]) {
  return db
    .select({
      status: subscriptions.status,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      amountCents: subscriptions.amountCents,
      interval: subscriptions.interval,
    })
    .from(subscriptions)
    .where(inArray(subscriptions.status, [...statuses]));
}

/** Invoices whose payment failed and has not gone through since, newest first, with the plan. */
export async function failedInvoices(
  db: Db,
  limit: number,
): Promise<{ payment: SubscriptionPayment; plan: string | null }[]> {
  const payments = await failedPayments(db, limit);
  const ids = [...new Set(payments.map((p) => p.providerSubscriptionId))];
  const plans = ids.length
    ? await db
        .select({ id: subscriptions.providerSubscriptionId, plan: subscriptions.plan })
        .from(subscriptions)
        .where(inArray(subscriptions.providerSubscriptionId, ids))
    : [];
  const planOf = new Map(plans.map((p) => [p.id, p.plan]));
  return payments.map((payment) => ({
    payment,
    plan: planOf.get(payment.providerSubscriptionId) ?? null,
  }));
}

/** The subscriptions with these provider ids, newest payment first (dashboard and admin). */
export async function subscriptionsByProviderIds(
  db: Db,
  providerSubscriptionIds: string[],
): Promise<SubscriptionWithPayments[]> {
  if (!providerSubscriptionIds.length) return [];
  const rows = await db
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.providerSubscriptionId, providerSubscriptionIds))
    .orderBy(desc(subscriptions.createdAt));
  const payments = await paymentsOfPlans(db, providerSubscriptionIds);
  return rows.map((s) => ({
    ...s,
    payments: payments.filter((p) => p.providerSubscriptionId === s.providerSubscriptionId),
  }));
}

/** The provider's statuses of a plan that has ended for good. */
const ENDED: SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

/** When an ended plan ended: the first date the provider gave of these. */
const endedAt = sql`coalesce(${subscriptions.endedAt}, ${subscriptions.canceledAt}, ${subscriptions.currentPeriodEnd}, ${subscriptions.updatedAt})`;

/**
 * Provider ids of the plans that served their client at `cutoff` or later, as a subquery:
 * still running (any status but the final ones), or ended since (src/server/privacy/retention.ts).
 */
export function plansServingSince(db: Db, cutoff: Date) {
  return db
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      or(
        notInArray(subscriptions.status, ENDED),
        sql`${endedAt} >= ${cutoff.toISOString()}::timestamptz`,
      ),
    );
}

/**
 * The plans hold no name or address; the provider's customer id is what ties them to the
 * person, so it goes where the orders let go of their buyer. Amounts and invoices stay, their
 * hosted pages and PDFs do not.
 */
export const personalData: PersonalDataOwner = {
  async identify(db, person) {
    if (!person.subscriptionIds.length) return {};
    const rows = await db
      .select({ customer: subscriptions.providerCustomerId })
      .from(subscriptions)
      .where(inArray(subscriptions.providerSubscriptionId, person.subscriptionIds));
    return { customerIds: rows.flatMap((r) => (r.customer ? [r.customer] : [])) };
  },
  async holds(db, person) {
    const plans = await subscriptionsByProviderIds(db, person.subscriptionIds);
    return {
      subscriptions: plans.map((plan) => exported(plan, 'payments')),
      subscription_payments: plans.flatMap((p) => p.payments.map((payment) => exported(payment))),
    };
  },
  async erase(db, person) {
    if (!person.subscriptionIds.length) return { subscriptions: 0 };
    const changed = await db
      .update(subscriptions)
      .set({ providerCustomerId: null })
      .where(
        and(
          inArray(subscriptions.providerSubscriptionId, person.subscriptionIds),
          isNotNull(subscriptions.providerCustomerId),
        ),
      )
      .returning({ id: subscriptions.id });
    const unlinked = await withoutInvoiceLinksOf(db, person.subscriptionIds);
    return { subscriptions: changed.length, ...unlinked };
  },
  // With the orders' anonymisation: a plan that ended before the period loses its customer.
  async purge(db, { now }) {
    const serving = plansServingSince(db, cutoffOf('orders', now));
    const changed = await db
      .update(subscriptions)
      .set({ providerCustomerId: null })
      .where(
        and(
          isNotNull(subscriptions.providerCustomerId),
          notInArray(subscriptions.providerSubscriptionId, serving),
        ),
      )
      .returning({ id: subscriptions.id });
    const unlinked = await withoutInvoiceLinksOutside(db, serving);
    return { orders: { subscriptions: changed.length, ...unlinked } };
  },
};
