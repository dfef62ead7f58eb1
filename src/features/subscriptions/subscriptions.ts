// Pure: the simulated provider builds the same snapshots, so both providers share one code path.
import { z } from '../../lib/zod.ts';
import { chargeFor, type ChargeBreakdown } from '../../lib/charge.ts';
import type { RefundStatus, SubscriptionLine, SubscriptionStatus } from '../../server/db/schema.ts';
import { findItem } from '../catalogue/catalogue.ts';

export type { SubscriptionLine, SubscriptionStatus };
export {
  disputeFromStripe,
  invoiceFromStripe,
  invoicePaymentFromStripe,
  oneTimeInvoiceFromStripe,
  providerRefundFromStripe,
  refundFromStripe,
  subscriptionFromStripe,
} from './stripe-billing-objects.ts';

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

export type InvoiceSnapshot = {
  providerInvoiceId: string;
  providerSubscriptionId: string;
  paymentIntentId: string | null;
  billingReason: string;
  amountCents: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  attempts: number;
  charge: ChargeBreakdown | null;
};

export type InvoicePaymentSnapshot = {
  providerInvoiceId: string;
  paymentIntentId: string;
};

export type ProviderRefund = {
  refundId: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  amountCents: number;
  currency: string;
  status: RefundStatus;
  reason: string | null;
  createdAt: Date;
};

/** Stripe sends the running total of what was refunded of one payment. */
export type RefundSnapshot = {
  paymentIntentId: string;
  chargeId: string;
  refundedCents: number;
  amountCents: number;
  refunds: ProviderRefund[];
};

export type DisputeSnapshot = {
  disputeId: string;
  chargeId: string;
  paymentIntentId: string | null;
  amountCents: number;
  reason: string;
};

export function invoiceChargeColumns(charge: ChargeBreakdown | null) {
  return {
    ...(charge ? { currency: charge.currency } : {}),
    subtotalCents: charge?.subtotalCents ?? null,
    discountCents: charge?.discountCents ?? null,
    discounts: charge?.discounts ?? null,
    taxCents: charge?.taxCents ?? null,
    taxes: charge?.taxes ?? null,
    totalCents: charge?.totalCents ?? null,
    invoiceNumber: charge?.invoice?.number ?? null,
    invoiceHostedUrl: charge?.invoice?.hostedUrl ?? null,
    invoicePdfUrl: charge?.invoice?.pdfUrl ?? null,
  };
}

/** Adds one billing interval, as Stripe does (the same day of the next month or year). */
export function addInterval(date: Date, interval: 'month' | 'year'): Date {
  const next = new Date(date);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** Mixed carts bill one-time lines on the first invoice only, as Stripe does. */
export function simulatedStart(input: {
  subscriptionId: string;
  sessionId: string;
  paymentIntentId: string | null;
  lines: {
    id?: string;
    name: string;
    billingCycle: 'oneTime' | 'monthly' | 'yearly';
    unitAmountCents: number;
    quantity: number;
  }[];
  amountTotalCents: number;
  charge: ChargeBreakdown | null;
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
      charge: input.charge,
    },
  };
}

/** A promotion code counts once, on the first invoice only. */
export function simulatedRenewalCharge(
  invoiceId: string,
  amountCents: number,
  taxRatePercent: number,
): ChargeBreakdown {
  return chargeFor({
    currency: 'usd',
    subtotalCents: amountCents,
    tax: { ratePercent: taxRatePercent },
    invoice: { id: invoiceId, number: null, hostedUrl: null, pdfUrl: null },
  });
}

/** How far along a subscription's life a status is; a later event never moves it back. */
function stage(status: SubscriptionStatus): number {
  if (status === 'incomplete') return 0;
  if (status === 'canceled' || status === 'incomplete_expired') return 2;
  return 1;
}

// Newer events win; an ended subscription stays ended; at the same second the later stage wins
// (created and updated often share one).
export function supersedes(
  incoming: { status: SubscriptionStatus; eventAt: Date },
  current: { status: SubscriptionStatus; lastEventAt: Date },
): boolean {
  if (stage(current.status) === 2 && stage(incoming.status) < 2) return false;
  const delta = incoming.eventAt.getTime() - current.lastEventAt.getTime();
  if (delta !== 0) return delta > 0;
  return stage(incoming.status) >= stage(current.status);
}

const SIMULATED_BILLING_ACTIONS = [
  'renew',
  'fail_renewal',
  'cancel_at_period_end',
  'switch_to_yearly',
  'switch_to_monthly',
  'refund',
  'partial_refund',
] as const;
export type SimulatedBillingAction = (typeof SIMULATED_BILLING_ACTIONS)[number];

const SIMULATED_BILLING_LABEL: Record<SimulatedBillingAction, string> = {
  renew: 'Simulate renewal',
  fail_renewal: 'Simulate failed renewal',
  cancel_at_period_end: 'Cancel at period end',
  switch_to_yearly: 'Switch to yearly',
  switch_to_monthly: 'Switch to monthly',
  refund: 'Refund last payment',
  partial_refund: 'Refund half of last payment',
};

/** As the Billing Portal offers it: the other cycle, when every line is sold that way. */
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

export type SimulatedAction = { action: SimulatedBillingAction; label: string };

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
  const refunds: SimulatedBillingAction[] = ['refund', 'partial_refund'];
  let actions: SimulatedBillingAction[];
  if (!plan || plan.provider !== 'simulated') actions = refundable ? refunds : [];
  else if (plan.status === 'canceled') actions = refunds;
  else if (plan.cancelAtPeriodEnd) actions = ['renew', ...refunds];
  else {
    const target = plan.status === 'active' ? switchTarget(plan) : null;
    actions = ['renew', 'fail_renewal', 'cancel_at_period_end'];
    if (target) actions.push(target === 'yearly' ? 'switch_to_yearly' : 'switch_to_monthly');
    actions.push(...refunds);
  }
  return actions.map((action) => ({ action, label: SIMULATED_BILLING_LABEL[action] }));
}

export const simulateBillingSchema = z
  .object({
    orderId: z.number().int().positive().max(2_147_483_647),
    action: z.enum(SIMULATED_BILLING_ACTIONS),
    amountCents: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((input) => input.amountCents === undefined || input.action === 'refund', {
    message: 'amountCents goes with the refund action only',
    path: ['amountCents'],
  });
export type SimulatedBilling = Pick<
  z.infer<typeof simulateBillingSchema>,
  'action' | 'amountCents'
>;

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
