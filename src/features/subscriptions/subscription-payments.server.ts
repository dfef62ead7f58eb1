/**
 * Every write is idempotent and order-independent: one row per invoice id, whose 'paid' is never
 * undone by a late failure, and refunds keep the provider's running total.
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
import {
  weeklyCharges,
  weeklySums,
  type WeeklyCharges,
  type WeeklySum,
} from '../../server/db/weekly.ts';
import { subscriptionPayments, type SubscriptionPayment } from '../../server/db/schema.ts';
import type { ChargeBreakdown } from '../../lib/charge.ts';
import { invoiceChargeColumns, type InvoiceSnapshot } from './subscriptions.ts';

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
 * A paid invoice, recorded once per invoice id (over an earlier failure of it). Returns whether
 * this call recorded the payment.
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

/** Invoices whose payment failed and has not gone through since, newest first. */
export function failedPayments(db: Db, limit: number): Promise<SubscriptionPayment[]> {
  return db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.status, 'failed'))
    .orderBy(desc(subscriptionPayments.failedAt), desc(subscriptionPayments.id))
    .limit(limit);
}

/** The invoices of these plans (by provider subscription id), newest first. */
export async function paymentsOfPlans(
  db: Db,
  providerSubscriptionIds: string[],
): Promise<SubscriptionPayment[]> {
  if (!providerSubscriptionIds.length) return [];
  return db
    .select()
    .from(subscriptionPayments)
    .where(inArray(subscriptionPayments.providerSubscriptionId, providerSubscriptionIds))
    .orderBy(desc(subscriptionPayments.createdAt), desc(subscriptionPayments.id));
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

/** The invoice links of these plans' payments are forgotten (a person's erasure). */
export function withoutInvoiceLinksOf(db: Db, providerSubscriptionIds: string[]) {
  return withoutInvoiceLinks(
    db,
    inArray(subscriptionPayments.providerSubscriptionId, providerSubscriptionIds),
  );
}

/** The invoice links of every payment of a plan outside `serving` (a subquery of plan ids). */
export function withoutInvoiceLinksOutside(db: Db, serving: SQLWrapper) {
  return withoutInvoiceLinks(db, notInArray(subscriptionPayments.providerSubscriptionId, serving));
}
