/**
 * The simulated provider's side of a plan: what Stripe would report when a plan is bought,
 * renews, fails, is canceled, switches between monthly and yearly (simulated-plan-switch.server.ts)
 * or is refunded, played through the same billing events as Stripe's (local runs and tests only;
 * the function that calls it is a 404 when payments are real).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client.ts';
import type { Order, Subscription } from '../../server/db/schema.ts';
import type { FunctionContext } from '../../server/handler.ts';
import { HttpError } from '../../server/responses.ts';
import {
  applySubscriptionSnapshot,
  recordInvoiceFailed,
  recordInvoicePaid,
  recordRefund,
  type BillingEvent,
} from './billing-events.server.ts';
import { simulatePlanSwitch } from './simulated-plan-switch.server.ts';
import {
  findSubscription,
  latestPaidRenewal,
  openFailedInvoice,
} from './subscription-records.server.ts';
import {
  addInterval,
  simulatedStart,
  type InvoiceSnapshot,
  type SimulatedBillingAction,
  type SubscriptionSnapshot,
} from './subscriptions.ts';

/**
 * The simulated provider's answer to a paid checkout of subscription mode: the subscription
 * and its first invoice, applied exactly as Stripe's customer.subscription.created and
 * invoice.paid events are.
 */
export async function startSimulatedSubscription(
  db: Db,
  input: Parameters<typeof simulatedStart>[0],
): Promise<void> {
  const { subscription, invoice } = simulatedStart(input);
  const event: BillingEvent = { eventAt: input.now, provider: 'simulated' };
  await applySubscriptionSnapshot(db, subscription, event);
  await recordInvoicePaid(db, invoice, event);
}

/** The record as a snapshot, for the simulated provider to report a change to it. */
function snapshotOf(row: Subscription): SubscriptionSnapshot {
  return {
    providerSubscriptionId: row.providerSubscriptionId,
    providerCustomerId: row.providerCustomerId,
    status: row.status,
    plan: row.plan,
    lines: row.lines,
    interval: row.interval,
    amountCents: row.amountCents,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    endedAt: row.endedAt,
    latestInvoiceId: row.latestInvoiceId,
  };
}

const simulatedRef = (prefix: 'in' | 'pi') =>
  `sim_${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * The simulated provider playing what Stripe would report next for an order's plan or payment,
 * through the same functions as Stripe's events (local runs and tests only; the function that
 * calls it is a 404 when payments are real). Answers a sentence saying what happened.
 */
export async function simulateBilling(
  db: Db,
  order: Order,
  action: SimulatedBillingAction,
  { now = new Date(), context }: { now?: Date; context?: FunctionContext | undefined } = {},
): Promise<string> {
  const event: BillingEvent = { eventAt: now, provider: 'simulated', context };
  if (action === 'refund') return simulateRefund(db, order, event);
  const row = order.stripeSubscriptionId
    ? await findSubscription(db, order.stripeSubscriptionId)
    : null;
  if (!row || row.provider !== 'simulated')
    throw new HttpError(409, 'This order has no simulated subscription.');
  if (row.status === 'canceled') throw new HttpError(409, 'This plan is canceled.');
  if (action === 'switch_to_yearly' || action === 'switch_to_monthly')
    return simulatePlanSwitch(db, row, action === 'switch_to_yearly' ? 'yearly' : 'monthly', event);
  const current = snapshotOf(row);

  if (action === 'cancel_at_period_end') {
    await applySubscriptionSnapshot(
      db,
      { ...current, cancelAtPeriodEnd: true, canceledAt: now },
      event,
    );
    return 'The plan is canceled at the end of its period.';
  }

  const periodStart = row.currentPeriodEnd ?? now;
  if (action === 'renew' && row.cancelAtPeriodEnd) {
    // The period ran out: what Stripe reports as customer.subscription.deleted.
    await applySubscriptionSnapshot(
      db,
      { ...current, status: 'canceled', endedAt: periodStart },
      event,
    );
    return 'The period ended and the plan was canceled, as requested.';
  }

  // A renewal retries the invoice that failed, if one is open, as Stripe's retries do.
  const open = await openFailedInvoice(db, row.providerSubscriptionId);
  const invoice: InvoiceSnapshot = {
    providerInvoiceId: open?.providerInvoiceId ?? simulatedRef('in'),
    providerSubscriptionId: row.providerSubscriptionId,
    paymentIntentId: action === 'renew' ? simulatedRef('pi') : null,
    billingReason: 'subscription_cycle',
    amountCents: row.amountCents,
    periodStart: open?.periodStart ?? periodStart,
    periodEnd: open?.periodEnd ?? addInterval(periodStart, row.interval),
    attempts: (open?.attempts ?? 0) + 1,
  };
  if (action === 'fail_renewal') {
    await recordInvoiceFailed(db, invoice, event);
    await applySubscriptionSnapshot(db, { ...current, status: 'past_due' }, event);
    return 'The renewal payment failed; the client was e-mailed and the plan is past due.';
  }
  await recordInvoicePaid(db, invoice, event);
  await applySubscriptionSnapshot(
    db,
    {
      ...current,
      status: 'active',
      currentPeriodEnd: invoice.periodEnd,
      latestInvoiceId: invoice.providerInvoiceId,
    },
    event,
  );
  return open
    ? 'The failed renewal was paid; the plan is active again.'
    : 'The plan renewed and was paid.';
}

/** Refunds the latest payment in full: a renewal, or the order's own payment. */
async function simulateRefund(db: Db, order: Order, event: BillingEvent): Promise<string> {
  const latest = order.stripeSubscriptionId
    ? await latestPaidRenewal(db, order.stripeSubscriptionId)
    : null;
  const target =
    latest?.paymentIntentId && latest.refundedCents < latest.amountCents
      ? { paymentIntentId: latest.paymentIntentId, amountCents: latest.amountCents }
      : { paymentIntentId: order.stripePaymentIntentId, amountCents: order.amount };
  if (!target.paymentIntentId) throw new HttpError(409, 'There is no payment to refund.');
  const { target: refunded } = await recordRefund(
    db,
    {
      paymentIntentId: target.paymentIntentId,
      chargeId: `sim_ch_${target.paymentIntentId}`,
      refundedCents: target.amountCents,
      amountCents: target.amountCents,
    },
    event,
  );
  if (!refunded) throw new HttpError(409, 'There is no payment to refund.');
  return refunded === 'order'
    ? 'The order was refunded in full.'
    : 'The last renewal was refunded in full.';
}
