/**
 * The subscriptions and subscription_payments tables: this module is their only reader and
 * writer. What a provider's report means for them is decided in billing-events.server.ts.
 *
 * Every write is idempotent and order-independent: a subscription snapshot only replaces an
 * older one (`supersedes`), an invoice is one row per invoice id whose 'paid' is never undone
 * by a late failure, and refunds keep the provider's running total.
 */
import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { exported, type PersonalDataOwner } from '../../server/privacy/personal-data.ts';
import { cutoffOf } from '../../server/privacy/retention.ts';
import {
  weeklyCharges,
  weeklySums,
  type WeeklyCharges,
  type WeeklySum,
} from '../../server/db/weekly.ts';
import {
  subscriptionPayments,
  subscriptions,
  type Subscription,
  type SubscriptionPayment,
} from '../../server/db/schema.ts';
import type { ChargeBreakdown } from '../../lib/charge.ts';
import {
  invoiceChargeColumns,
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

function invoiceValues(invoice: InvoiceSnapshot) {
  return {
    providerInvoiceId: invoice.providerInvoiceId,
    providerSubscriptionId: invoice.providerSubscriptionId,
    paymentIntentId: invoice.paymentIntentId,
    billingReason: invoice.billingReason,
    amountCents: invoice.amountCents,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    attempts: invoice.attempts,
    ...invoiceChargeColumns(invoice.charge),
  };
}

/** On a later report of a stored invoice: what it knows, over what the row did not. */
function chargeUpdate(charge: ChargeBreakdown | null) {
  const p = subscriptionPayments;
  const values = invoiceChargeColumns(charge);
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  return {
    ...(charge ? { currency: charge.currency } : {}),
    subtotalCents: sql`coalesce(${values.subtotalCents}, ${p.subtotalCents})`,
    discountCents: sql`coalesce(${values.discountCents}, ${p.discountCents})`,
    discounts: values.discounts ? json(values.discounts) : p.discounts,
    taxCents: sql`coalesce(${values.taxCents}, ${p.taxCents})`,
    taxes: values.taxes ? json(values.taxes) : p.taxes,
    totalCents: sql`coalesce(${values.totalCents}, ${p.totalCents})`,
    invoiceNumber: sql`coalesce(${values.invoiceNumber}, ${p.invoiceNumber})`,
    invoiceHostedUrl: sql`coalesce(${values.invoiceHostedUrl}, ${p.invoiceHostedUrl})`,
    invoicePdfUrl: sql`coalesce(${values.invoicePdfUrl}, ${p.invoicePdfUrl})`,
  };
}

/**
 * A paid invoice, recorded once per invoice id (over an earlier failure of it); a renewal
 * extends the subscription's paid period. Returns whether this call recorded the payment.
 */
export async function storePaidInvoice(
  db: Db,
  invoice: InvoiceSnapshot,
  paidAt: Date,
): Promise<{ newlyPaid: boolean }> {
  const rows = await db
    .insert(subscriptionPayments)
    .values({ ...invoiceValues(invoice), status: 'paid', paidAt })
    .onConflictDoUpdate({
      target: subscriptionPayments.providerInvoiceId,
      set: {
        status: 'paid',
        paidAt,
        amountCents: invoice.amountCents,
        paymentIntentId: sql`coalesce(${subscriptionPayments.paymentIntentId}, ${invoice.paymentIntentId})`,
        attempts: sql`greatest(${subscriptionPayments.attempts}, ${invoice.attempts})`,
        ...chargeUpdate(invoice.charge),
      },
      setWhere: ne(subscriptionPayments.status, 'paid'),
    })
    .returning({ id: subscriptionPayments.id });
  // A redelivered payment adds what it knows of the invoice (a number, links), nothing else.
  if (!rows.length && invoice.charge) {
    await db
      .update(subscriptionPayments)
      .set(chargeUpdate(invoice.charge))
      .where(
        and(
          eq(subscriptionPayments.providerInvoiceId, invoice.providerInvoiceId),
          eq(subscriptionPayments.amountCents, invoice.amountCents),
        ),
      );
  }
  if (invoice.periodEnd) {
    await db
      .update(subscriptions)
      .set({
        currentPeriodEnd: sql`greatest(${subscriptions.currentPeriodEnd}, ${invoice.periodEnd})`,
        latestInvoiceId: invoice.providerInvoiceId,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.providerSubscriptionId, invoice.providerSubscriptionId));
  }
  return { newlyPaid: rows.length > 0 };
}

/**
 * A failed attempt at an invoice, never over a payment that went through. Returns whether
 * this is the invoice's first failure (a retry only counts the attempt).
 */
export async function storeFailedInvoice(
  tx: Db,
  invoice: InvoiceSnapshot,
  failedAt: Date,
): Promise<{ firstFailure: boolean }> {
  const [inserted] = await tx
    .insert(subscriptionPayments)
    .values({ ...invoiceValues(invoice), status: 'failed', failedAt })
    .onConflictDoNothing({ target: subscriptionPayments.providerInvoiceId })
    .returning({ id: subscriptionPayments.id });
  if (inserted) return { firstFailure: true };
  await tx
    .update(subscriptionPayments)
    .set({
      attempts: sql`greatest(${subscriptionPayments.attempts}, ${invoice.attempts})`,
      failedAt,
    })
    .where(
      and(
        eq(subscriptionPayments.providerInvoiceId, invoice.providerInvoiceId),
        eq(subscriptionPayments.status, 'failed'),
      ),
    );
  return { firstFailure: false };
}

/**
 * The refunded running total on the invoice paid with this payment (never lowered, unless
 * `exact`: then the refunds' own sum); whether there was one.
 */
export async function storePaymentRefund(
  db: Db,
  paymentIntentId: string,
  refundedCents: number,
  at: Date,
  { exact = false }: { exact?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(subscriptionPayments)
    .set({
      refundedCents: exact
        ? refundedCents
        : sql`greatest(${subscriptionPayments.refundedCents}, ${refundedCents})`,
      refundedAt: at,
    })
    .where(eq(subscriptionPayments.paymentIntentId, paymentIntentId))
    .returning({ id: subscriptionPayments.id });
  return rows.length > 0;
}

/** The invoice paid with this payment, if it is a plan's. */
export async function findPaymentByIntent(
  db: Db,
  paymentIntentId: string,
): Promise<SubscriptionPayment | null> {
  const [row] = await db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.paymentIntentId, paymentIntentId))
    .orderBy(desc(subscriptionPayments.id))
    .limit(1);
  return row ?? null;
}

/**
 * Names the payment intent that paid an invoice (a webhook's invoice carries none since API
 * 2025-03-31); an intent already recorded is kept. Returns whether the invoice is known.
 */
export async function attachInvoicePaymentIntent(
  db: Db,
  providerInvoiceId: string,
  paymentIntentId: string,
): Promise<boolean> {
  const rows = await db
    .update(subscriptionPayments)
    .set({
      paymentIntentId: sql`coalesce(${subscriptionPayments.paymentIntentId}, ${paymentIntentId})`,
    })
    .where(eq(subscriptionPayments.providerInvoiceId, providerInvoiceId))
    .returning({ id: subscriptionPayments.id });
  return rows.length > 0;
}

/** The subscription's newest invoice whose payment failed and has not gone through since. */
export async function openFailedInvoice(
  db: Db,
  providerSubscriptionId: string,
): Promise<SubscriptionPayment | null> {
  const [open] = await db
    .select()
    .from(subscriptionPayments)
    .where(
      and(
        eq(subscriptionPayments.providerSubscriptionId, providerSubscriptionId),
        eq(subscriptionPayments.status, 'failed'),
      ),
    )
    .orderBy(desc(subscriptionPayments.id))
    .limit(1);
  return open ?? null;
}

/** The subscription's latest paid renewal (not its first invoice). */
export async function latestPaidRenewal(
  db: Db,
  providerSubscriptionId: string,
): Promise<SubscriptionPayment | null> {
  const [latest] = await db
    .select()
    .from(subscriptionPayments)
    .where(
      and(
        eq(subscriptionPayments.providerSubscriptionId, providerSubscriptionId),
        eq(subscriptionPayments.status, 'paid'),
        ne(subscriptionPayments.billingReason, 'subscription_create'),
      ),
    )
    .orderBy(desc(subscriptionPayments.paidAt), desc(subscriptionPayments.id))
    .limit(1);
  return latest ?? null;
}

/**
 * Plan invoices paid since `since` other than the first (renewals, a cycle switch's proration;
 * the first is the order's payment), per week of payment, with their tax.
 */
export function renewalsByWeek(db: Db, since: Date): Promise<WeeklyCharges[]> {
  const p = subscriptionPayments;
  return weeklyCharges(
    db,
    p,
    p.paidAt,
    since,
    and(eq(p.status, 'paid'), ne(p.billingReason, 'subscription_create'), eq(p.currency, 'usd')),
    { total: p.amountCents, tax: p.taxCents },
  );
}

/**
 * Refunds of those invoices whose payment has no row in `refunds` (`listedPayments`), made
 * before that table existed: their running total, in the week of the latest refund. The first
 * invoice's refunds are the order's.
 */
export function unlistedRenewalRefundsByWeek(
  db: Db,
  since: Date,
  listedPayments: SQLWrapper,
): Promise<WeeklySum[]> {
  const p = subscriptionPayments;
  return weeklySums(
    db,
    p,
    p.refundedAt,
    since,
    and(
      gt(p.refundedCents, 0),
      ne(p.billingReason, 'subscription_create'),
      eq(p.currency, 'usd'),
      or(isNull(p.paymentIntentId), notInArray(p.paymentIntentId, listedPayments)),
    ),
    p.refundedCents,
  );
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
export function failedInvoices(db: Db, limit: number) {
  return db
    .select({ payment: subscriptionPayments, plan: subscriptions.plan })
    .from(subscriptionPayments)
    .leftJoin(
      subscriptions,
      eq(subscriptions.providerSubscriptionId, subscriptionPayments.providerSubscriptionId),
    )
    .where(eq(subscriptionPayments.status, 'failed'))
    .orderBy(desc(subscriptionPayments.failedAt), desc(subscriptionPayments.id))
    .limit(limit);
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
  const payments = await db
    .select()
    .from(subscriptionPayments)
    .where(inArray(subscriptionPayments.providerSubscriptionId, providerSubscriptionIds))
    .orderBy(desc(subscriptionPayments.createdAt), desc(subscriptionPayments.id));
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
 * The invoices' hosted pages and PDFs (they show the buyer's name and address) of the payments
 * `where` picks are forgotten; their numbers and amounts stay. Counted only when there were any.
 */
async function withoutInvoiceLinks(db: Db, where: SQL): Promise<Record<string, number>> {
  const p = subscriptionPayments;
  const changed = await db
    .update(p)
    .set({ invoiceHostedUrl: null, invoicePdfUrl: null })
    .where(and(where, or(isNotNull(p.invoiceHostedUrl), isNotNull(p.invoicePdfUrl))))
    .returning({ id: p.id });
  return changed.length ? { subscription_payments: changed.length } : {};
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
    const unlinked = await withoutInvoiceLinks(
      db,
      inArray(subscriptionPayments.providerSubscriptionId, person.subscriptionIds),
    );
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
    const unlinked = await withoutInvoiceLinks(
      db,
      notInArray(subscriptionPayments.providerSubscriptionId, serving),
    );
    return { orders: { subscriptions: changed.length, ...unlinked } };
  },
};
