/**
 * Subscriptions after the first payment: what the payment provider tells us about a plan
 * (snapshots of a subscription, an invoice, a refund, a dispute), read from its event objects
 * with lenient schemas, and the rules that keep our record in step with it whatever order the
 * events arrive in. Pure: the simulated provider builds the same snapshots, so both providers
 * go through one code path (billing-events.server.ts).
 */
import { z } from '../../lib/zod.ts';
import {
  SUBSCRIPTION_STATUSES,
  type SubscriptionLine,
  type SubscriptionStatus,
} from '../../server/db/schema.ts';
import { planLabel } from '../../server/payments/provider.ts';
import { parseCatalogueLookupKey } from '../../server/payments/stripe-catalogue.ts';
import { findItem } from '../catalogue/catalogue.ts';

export type { SubscriptionLine, SubscriptionStatus };

/** A subscription as the provider last described it. */
export type SubscriptionSnapshot = {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  status: SubscriptionStatus;
  plan: string;
  lines: SubscriptionLine[];
  interval: 'month' | 'year';
  amountCents: number;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
  latestInvoiceId: string | null;
};

/** One invoice of a subscription, paid or failed. */
export type InvoiceSnapshot = {
  providerInvoiceId: string;
  providerSubscriptionId: string;
  paymentIntentId: string | null;
  billingReason: string;
  amountCents: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  attempts: number;
};

/** What the provider has refunded of one payment so far (Stripe sends the running total). */
export type RefundSnapshot = {
  paymentIntentId: string;
  chargeId: string;
  refundedCents: number;
  amountCents: number;
};

export type DisputeSnapshot = {
  disputeId: string;
  chargeId: string;
  paymentIntentId: string | null;
  amountCents: number;
  reason: string;
};

const seconds = z.number().int().nonnegative();
const toDate = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));
/** An id, or the object it names when Stripe expanded it. */
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

const stripeCharge = z.object({
  id: z.string().min(1).max(255),
  payment_intent: idOf.nullish(),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
});

const stripeDispute = z.object({
  id: z.string().min(1).max(255),
  charge: idOf,
  payment_intent: idOf.nullish(),
  amount: z.number().int().nonnegative(),
  reason: z.string().max(100).nullish(),
});

const INTERVAL_NAMES = { month: 'monthly', year: 'yearly' } as const;

/** "Lily AI Starter (yearly)": the lines as checkout names a plan. */
export function planLabelOf(lines: readonly SubscriptionLine[]): string {
  return planLabel(lines.map((l) => ({ ...l, billingCycle: INTERVAL_NAMES[l.interval] })));
}

/**
 * The plan's name: from the lines when each is a catalogue item (so a plan switched to another
 * cycle is named by its new one), else from checkout metadata, else from the first line.
 */
function planName(metadata: Record<string, string> | null | undefined, lines: SubscriptionLine[]) {
  if (lines.length && lines.every((l) => l.productId)) return planLabelOf(lines);
  const named = metadata?.plan?.trim();
  if (named) return named.slice(0, 200);
  const first = lines[0];
  return first ? `${first.name} (${INTERVAL_NAMES[first.interval]})` : 'Subscription';
}

/** A subscription item's line: the catalogue item its Price's lookup key names, if any. */
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

/** A Stripe subscription object as a snapshot, or null when it is not one we can read. */
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

/** A Stripe invoice of a subscription as a snapshot, or null (one-time invoices, other shapes). */
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
  };
}

export function refundFromStripe(object: unknown): RefundSnapshot | null {
  const parsed = stripeCharge.safeParse(object);
  if (!parsed.success || !parsed.data.payment_intent) return null;
  const c = parsed.data;
  return {
    paymentIntentId: c.payment_intent!,
    chargeId: c.id,
    refundedCents: c.amount_refunded,
    amountCents: c.amount,
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

/** Adds one billing interval, as Stripe does (the same day of the next month or year). */
export function addInterval(date: Date, interval: 'month' | 'year'): Date {
  const next = new Date(date);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * What the simulated provider reports when a simulated checkout of subscription mode is paid:
 * an active subscription of the recurring lines and its first, paid invoice. Mixed carts bill
 * one-time lines on that first invoice only, as Stripe does.
 */
export function simulatedStart(input: {
  subscriptionId: string;
  sessionId: string;
  paymentIntentId: string | null;
  lines: {
    /** The catalogue item (a checkout's priced line carries it). */
    id?: string;
    name: string;
    billingCycle: 'oneTime' | 'monthly' | 'yearly';
    unitAmountCents: number;
    quantity: number;
  }[];
  amountTotalCents: number;
  plan: string;
  now: Date;
}): { subscription: SubscriptionSnapshot; invoice: InvoiceSnapshot } {
  const recurring: SubscriptionLine[] = input.lines
    .filter((l) => l.billingCycle !== 'oneTime')
    .map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unitAmountCents: l.unitAmountCents,
      interval: l.billingCycle === 'yearly' ? 'year' : 'month',
      ...(l.id ? { productId: l.id } : {}),
    }));
  const interval = recurring[0]?.interval ?? 'month';
  const periodEnd = addInterval(input.now, interval);
  return {
    subscription: {
      providerSubscriptionId: input.subscriptionId,
      providerCustomerId: null,
      status: 'active',
      plan: input.plan,
      lines: recurring,
      interval,
      amountCents: recurring.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0),
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      latestInvoiceId: `sim_in_${input.sessionId.slice(7)}`,
    },
    invoice: {
      providerInvoiceId: `sim_in_${input.sessionId.slice(7)}`,
      providerSubscriptionId: input.subscriptionId,
      paymentIntentId: input.paymentIntentId,
      billingReason: 'subscription_create',
      amountCents: input.amountTotalCents,
      periodStart: input.now,
      periodEnd,
      attempts: 1,
    },
  };
}

/** How far along a subscription's life a status is; a later event never moves it back. */
function stage(status: SubscriptionStatus): number {
  if (status === 'incomplete') return 0;
  if (status === 'canceled' || status === 'incomplete_expired') return 2;
  return 1;
}

/**
 * Whether a snapshot from an event at `eventAt` may replace the record last updated by an
 * event at `lastEventAt` with `current` status: newer events win; an ended subscription stays
 * ended; at the same second, the later stage wins (created and updated often share one).
 */
export function supersedes(
  incoming: { status: SubscriptionStatus; eventAt: Date },
  current: { status: SubscriptionStatus; lastEventAt: Date },
): boolean {
  if (stage(current.status) === 2 && stage(incoming.status) < 2) return false;
  const delta = incoming.eventAt.getTime() - current.lastEventAt.getTime();
  if (delta !== 0) return delta > 0;
  return stage(incoming.status) >= stage(current.status);
}

/** What the simulated provider can play of a plan's life (local runs and tests only). */
const SIMULATED_BILLING_ACTIONS = [
  'renew',
  'fail_renewal',
  'cancel_at_period_end',
  'switch_to_yearly',
  'switch_to_monthly',
  'refund',
] as const;
export type SimulatedBillingAction = (typeof SIMULATED_BILLING_ACTIONS)[number];

const SIMULATED_BILLING_LABEL: Record<SimulatedBillingAction, string> = {
  renew: 'Simulate renewal',
  fail_renewal: 'Simulate failed renewal',
  cancel_at_period_end: 'Cancel at period end',
  switch_to_yearly: 'Switch to yearly',
  switch_to_monthly: 'Switch to monthly',
  refund: 'Refund last payment',
};

/**
 * The cycle a plan may switch to, as the Billing Portal offers it: the other of monthly and
 * yearly, when every line is a catalogue item sold that way. Null otherwise.
 */
export function switchTarget(plan: {
  interval: 'month' | 'year';
  lines: readonly SubscriptionLine[];
}): 'monthly' | 'yearly' | null {
  const target = plan.interval === 'month' ? 'yearly' : 'monthly';
  const sold = plan.lines.every(
    (l) => l.productId && findItem(l.productId)?.prices[target] !== undefined,
  );
  return plan.lines.length && sold ? target : null;
}

/** A button of the simulated provider, as the dashboard and the admin show it. */
export type SimulatedAction = { action: SimulatedBillingAction; label: string };

/**
 * What the simulated provider can play for an order (none when payments are real): its plan's
 * next steps, or a refund of a paid one-time order.
 */
export function simulatedActionsFor(
  order: { status: string },
  plan:
    | {
        provider: string;
        status: SubscriptionStatus;
        cancelAtPeriodEnd: boolean;
        interval: 'month' | 'year';
        lines: readonly SubscriptionLine[];
      }
    | undefined,
  simulatedPayments: boolean,
): SimulatedAction[] {
  if (!simulatedPayments) return [];
  const refundable = order.status === 'paid' || order.status === 'completed';
  let actions: SimulatedBillingAction[];
  if (!plan || plan.provider !== 'simulated') actions = refundable ? ['refund'] : [];
  else if (plan.status === 'canceled') actions = ['refund'];
  else if (plan.cancelAtPeriodEnd) actions = ['renew', 'refund'];
  else {
    const target = plan.status === 'active' ? switchTarget(plan) : null;
    actions = ['renew', 'fail_renewal', 'cancel_at_period_end'];
    if (target) actions.push(target === 'yearly' ? 'switch_to_yearly' : 'switch_to_monthly');
    actions.push('refund');
  }
  return actions.map((action) => ({ action, label: SIMULATED_BILLING_LABEL[action] }));
}

export const simulateBillingSchema = z.object({
  orderId: z.number().int().positive().max(2_147_483_647),
  action: z.enum(SIMULATED_BILLING_ACTIONS),
});

/** The four states a client sees. */
export type DisplayStatus = 'active' | 'past due' | 'canceling' | 'canceled';

export function displayStatus(s: {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
}): DisplayStatus {
  if (s.status === 'canceled' || s.status === 'incomplete_expired') return 'canceled';
  if (s.status === 'past_due' || s.status === 'unpaid') return 'past due';
  if (s.cancelAtPeriodEnd) return 'canceling';
  return 'active';
}

/** Monthly recurring revenue of one subscription, in cents (yearly plans count a twelfth). */
export function monthlyCents(s: { amountCents: number; interval: 'month' | 'year' }): number {
  return s.interval === 'year' ? Math.round(s.amountCents / 12) : s.amountCents;
}
