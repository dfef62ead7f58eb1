// Lenient: an object of another shape is null, never an error.
import { z } from '../../lib/zod.ts';
import type { ChargeInvoice } from '../../lib/charge.ts';
import { REFUND_STATUSES, SUBSCRIPTION_STATUSES } from '../../server/db/schema.ts';
import { planLabel } from '../../server/payments/provider.ts';
import { chargeFromStripeInvoice } from '../../server/payments/stripe-charge.ts';
import { parseCatalogueLookupKey } from '../../server/payments/stripe-catalogue.ts';
import { findItem } from '../catalogue/catalogue.ts';
import type {
  DisputeSnapshot,
  InvoicePaymentSnapshot,
  InvoiceSnapshot,
  ProviderRefund,
  RefundSnapshot,
  SubscriptionLine,
  SubscriptionSnapshot,
} from './subscriptions.ts';

const seconds = z.number().int().nonnegative();
const toDate = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));
const idOf = z
  .union([z.string().max(255), z.object({ id: z.string().max(255) })])
  .transform((v) => (typeof v === 'string' ? v : v.id));

const stripeSubscription = z.object({
  id: z.string().min(1).max(255),
  customer: idOf.nullish(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean().nullish(),
  canceled_at: seconds.nullish(),
  ended_at: seconds.nullish(),
  // Before API 2025-03-31 on the subscription, since then on each item.
  current_period_end: seconds.nullish(),
  latest_invoice: idOf.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  items: z
    .object({
      data: z.array(
        z.object({
          quantity: z.number().int().nullish(),
          current_period_end: seconds.nullish(),
          price: z.object({
            unit_amount: z.number().int().nullish(),
            nickname: z.string().nullish(),
            lookup_key: z.string().max(200).nullish(),
            recurring: z.object({ interval: z.string() }).nullish(),
          }),
        }),
      ),
    })
    .nullish(),
});

const stripeInvoice = z.object({
  id: z.string().min(1).max(255),
  billing_reason: z.string().max(64).nullish(),
  amount_paid: z.number().int().nullish(),
  amount_due: z.number().int().nullish(),
  attempt_count: z.number().int().nullish(),
  period_start: seconds.nullish(),
  period_end: seconds.nullish(),
  // Before API 2025-03-31 on the invoice, since then under parent.subscription_details.
  subscription: idOf.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf }).nullish() }).nullish(),
  payment_intent: idOf.nullish(),
  payments: z
    .object({
      data: z.array(z.object({ payment: z.object({ payment_intent: idOf.nullish() }).nullish() })),
    })
    .nullish(),
  lines: z
    .object({
      data: z.array(z.object({ period: z.object({ start: seconds, end: seconds }).nullish() })),
    })
    .nullish(),
});

const stripeInvoicePayment = z.object({
  invoice: idOf,
  status: z.string().max(32),
  payment: z.object({ type: z.string().max(32), payment_intent: idOf.nullish() }),
});

const stripeRefund = z.object({
  id: z.string().min(1).max(255),
  payment_intent: idOf.nullish(),
  charge: idOf.nullish(),
  amount: z.number().int().nonnegative().max(2_147_483_647),
  currency: z
    .string()
    .regex(/^[a-z]{3}$/i)
    .nullish(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string().max(100).nullish(),
  created: seconds,
});

const stripeCharge = z.object({
  id: z.string().min(1).max(255),
  payment_intent: idOf.nullish(),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
  // Listed only when expanded (or by API versions before 2022-11-15); unreadable ones are left out.
  refunds: z.object({ data: z.array(z.unknown()) }).nullish(),
});

const stripeDispute = z.object({
  id: z.string().min(1).max(255),
  charge: idOf,
  payment_intent: idOf.nullish(),
  amount: z.number().int().nonnegative(),
  reason: z.string().max(100).nullish(),
});

const INTERVAL_NAMES = { month: 'monthly', year: 'yearly' } as const;

function planLabelOf(lines: readonly SubscriptionLine[]): string {
  return planLabel(lines.map((l) => ({ ...l, billingCycle: INTERVAL_NAMES[l.interval] })));
}

/** From the lines when each is a catalogue item, so a switched plan is named by its new cycle. */
function planName(metadata: Record<string, string> | null | undefined, lines: SubscriptionLine[]) {
  if (lines.length && lines.every((l) => l.productId)) return planLabelOf(lines);
  const named = metadata?.plan?.trim();
  if (named) return named.slice(0, 200);
  const first = lines[0];
  return first ? `${first.name} (${INTERVAL_NAMES[first.interval]})` : 'Subscription';
}

function lineOf(item: {
  quantity?: number | null | undefined;
  price: {
    unit_amount?: number | null | undefined;
    nickname?: string | null | undefined;
    lookup_key?: string | null | undefined;
    recurring?: { interval: string } | null | undefined;
  };
}): SubscriptionLine {
  const catalogue = parseCatalogueLookupKey(item.price.lookup_key);
  const product = catalogue ? findItem(catalogue.catalogueId) : undefined;
  const line: SubscriptionLine = {
    name: product?.name ?? item.price.nickname ?? 'Plan',
    quantity: item.quantity ?? 1,
    unitAmountCents: item.price.unit_amount ?? 0,
    interval: item.price.recurring?.interval === 'year' ? 'year' : 'month',
  };
  if (product) line.productId = product.id;
  return line;
}

export function subscriptionFromStripe(object: unknown): SubscriptionSnapshot | null {
  const parsed = stripeSubscription.safeParse(object);
  if (!parsed.success) return null;
  const s = parsed.data;
  const items = s.items?.data ?? [];
  const lines = items.map(lineOf);
  const periodEnds = items.map((i) => i.current_period_end ?? 0);
  const periodEnd = Math.max(s.current_period_end ?? 0, ...periodEnds);
  return {
    providerSubscriptionId: s.id,
    providerCustomerId: s.customer ?? null,
    status: s.status,
    plan: planName(s.metadata, lines),
    lines,
    interval: lines[0]?.interval ?? 'month',
    amountCents: lines.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0),
    currentPeriodEnd: periodEnd > 0 ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: s.cancel_at_period_end ?? false,
    canceledAt: toDate(s.canceled_at),
    endedAt: toDate(s.ended_at),
    latestInvoiceId: s.latest_invoice ?? null,
  };
}

export function invoiceFromStripe(object: unknown): InvoiceSnapshot | null {
  const parsed = stripeInvoice.safeParse(object);
  if (!parsed.success) return null;
  const i = parsed.data;
  const subscriptionId = i.parent?.subscription_details?.subscription ?? i.subscription;
  if (!subscriptionId) return null;
  const periods = (i.lines?.data ?? []).flatMap((l) => (l.period ? [l.period] : []));
  const start = periods.length ? Math.min(...periods.map((p) => p.start)) : i.period_start;
  const end = periods.length ? Math.max(...periods.map((p) => p.end)) : i.period_end;
  return {
    providerInvoiceId: i.id,
    providerSubscriptionId: subscriptionId,
    paymentIntentId: i.payment_intent ?? i.payments?.data[0]?.payment?.payment_intent ?? null,
    billingReason: i.billing_reason ?? 'subscription_cycle',
    amountCents: i.amount_paid || i.amount_due || 0,
    periodStart: toDate(start),
    periodEnd: toDate(end),
    attempts: i.attempt_count ?? 0,
    charge: chargeFromStripeInvoice(object),
  };
}

export function invoicePaymentFromStripe(object: unknown): InvoicePaymentSnapshot | null {
  const parsed = stripeInvoicePayment.safeParse(object);
  if (!parsed.success) return null;
  const { invoice, status, payment } = parsed.data;
  if (status !== 'paid' || !payment.payment_intent) return null;
  return { providerInvoiceId: invoice, paymentIntentId: payment.payment_intent };
}

export function oneTimeInvoiceFromStripe(object: unknown): ChargeInvoice | null {
  const parsed = stripeInvoice.safeParse(object);
  if (!parsed.success) return null;
  if (parsed.data.parent?.subscription_details?.subscription ?? parsed.data.subscription)
    return null;
  return chargeFromStripeInvoice(object)?.invoice ?? invoiceLinks(object);
}

function invoiceLinks(object: unknown): ChargeInvoice | null {
  const parsed = z
    .object({
      id: z.string().min(1).max(255),
      number: z.string().max(100).nullish(),
      hosted_invoice_url: z
        .string()
        .max(2000)
        .regex(/^https:\/\//)
        .nullish(),
      invoice_pdf: z
        .string()
        .max(2000)
        .regex(/^https:\/\//)
        .nullish(),
    })
    .safeParse(object);
  if (!parsed.success) return null;
  const i = parsed.data;
  return {
    id: i.id,
    number: i.number ?? null,
    hostedUrl: i.hosted_invoice_url ?? null,
    pdfUrl: i.invoice_pdf ?? null,
  };
}

export function providerRefundFromStripe(object: unknown): ProviderRefund | null {
  const parsed = stripeRefund.safeParse(object);
  if (!parsed.success) return null;
  const r = parsed.data;
  return {
    refundId: r.id,
    paymentIntentId: r.payment_intent ?? null,
    chargeId: r.charge ?? null,
    amountCents: r.amount,
    currency: r.currency?.toLowerCase() ?? 'usd',
    status: r.status,
    reason: r.reason ?? null,
    createdAt: new Date(r.created * 1000),
  };
}

export function refundFromStripe(object: unknown): RefundSnapshot | null {
  const parsed = stripeCharge.safeParse(object);
  if (!parsed.success || !parsed.data.payment_intent) return null;
  const c = parsed.data;
  const refunds = (c.refunds?.data ?? []).flatMap((r) => providerRefundFromStripe(r) ?? []);
  return {
    paymentIntentId: c.payment_intent!,
    chargeId: c.id,
    refundedCents: c.amount_refunded,
    amountCents: c.amount,
    refunds: refunds.map((r) => ({
      ...r,
      paymentIntentId: r.paymentIntentId ?? c.payment_intent!,
      chargeId: r.chargeId ?? c.id,
    })),
  };
}

export function disputeFromStripe(object: unknown): DisputeSnapshot | null {
  const parsed = stripeDispute.safeParse(object);
  if (!parsed.success) return null;
  const d = parsed.data;
  return {
    disputeId: d.id,
    chargeId: d.charge,
    paymentIntentId: d.payment_intent ?? null,
    amountCents: d.amount,
    reason: d.reason ?? 'unknown',
  };
}
