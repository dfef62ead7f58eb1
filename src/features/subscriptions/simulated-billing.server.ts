// What Stripe would report, played through the same billing events (local runs and tests only).
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client.ts';
import type { Order, Subscription } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import type { FunctionContext } from '../../server/handler.ts';
import { HttpError } from '../../server/responses.ts';
import { formatCents } from '../../lib/money.ts';
import {
  applySubscriptionSnapshot,
  recordInvoiceFailed,
  recordInvoicePaid,
  recordRefund,
  type BillingEvent,
} from './billing-events.server.ts';
import { simulatePlanSwitch } from './simulated-plan-switch.server.ts';
import { latestPaidRenewal, openFailedInvoice } from './subscription-payments.server.ts';
import { findSubscription } from './subscription-records.server.ts';
import {
  addInterval,
  simulatedRenewalCharge,
  simulatedStart,
  type InvoiceSnapshot,
  type SimulatedBilling,
  type SubscriptionSnapshot,
} from './subscriptions.ts';

export async function startSimulatedSubscription(
  db: Db,
  input: Parameters<typeof simulatedStart>[0],
): Promise<void> {
  const { subscription, invoice } = simulatedStart(input);
  const event: BillingEvent = { eventAt: input.now, provider: 'simulated' };
  await applySubscriptionSnapshot(db, subscription, event);
  await recordInvoicePaid(db, invoice, event);
}

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

const simulatedRef = (prefix: 'in' | 'pi' | 're') =>
  `sim_${prefix}_${randomBytes(12).toString('base64url')}`;

export async function simulateBilling(
  db: Db,
  order: Order,
  { action, amountCents }: SimulatedBilling,
  {
    now = new Date(),
    context,
    taxRatePercent = readEnv().simulatedTaxRatePercent,
  }: { now?: Date; context?: FunctionContext | undefined; taxRatePercent?: number } = {},
): Promise<string> {
  const event: BillingEvent = { eventAt: now, provider: 'simulated', context };
  if (action === 'refund') return simulateRefund(db, order, event, amountCents);
  if (action === 'partial_refund') return simulateRefund(db, order, event, 'half');
  const row = order.stripeSubscriptionId
    ? await findSubscription(db, order.stripeSubscriptionId)
    : null;
  if (!row || row.provider !== 'simulated')
    throw new HttpError(409, 'This order has no simulated subscription.');
  if (row.status === 'canceled') throw new HttpError(409, 'This plan is canceled.');
  if (action === 'switch_to_yearly' || action === 'switch_to_monthly')
    return simulatePlanSwitch(
      db,
      row,
      action === 'switch_to_yearly' ? 'yearly' : 'monthly',
      event,
      taxRatePercent,
    );
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
  const invoiceId = open?.providerInvoiceId ?? simulatedRef('in');
  const charge = simulatedRenewalCharge(invoiceId, row.amountCents, taxRatePercent);
  const invoice: InvoiceSnapshot = {
    providerInvoiceId: invoiceId,
    providerSubscriptionId: row.providerSubscriptionId,
    paymentIntentId: action === 'renew' ? simulatedRef('pi') : null,
    billingReason: 'subscription_cycle',
    amountCents: charge.totalCents,
    periodStart: open?.periodStart ?? periodStart,
    periodEnd: open?.periodEnd ?? addInterval(periodStart, row.interval),
    attempts: (open?.attempts ?? 0) + 1,
    charge,
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

/** Each refund is its own, as Stripe's are; `'half'` takes at least a cent. */
async function simulateRefund(
  db: Db,
  order: Order,
  event: BillingEvent,
  part?: number | 'half',
): Promise<string> {
  const latest = order.stripeSubscriptionId
    ? await latestPaidRenewal(db, order.stripeSubscriptionId)
    : null;
  const target =
    latest?.paymentIntentId && latest.refundedCents < latest.amountCents
      ? {
          paymentIntentId: latest.paymentIntentId,
          paid: latest.amountCents,
          refunded: latest.refundedCents,
        }
      : {
          paymentIntentId: order.stripePaymentIntentId,
          paid: order.amount,
          refunded: order.refundedCents,
        };
  const left = target.paid - target.refunded;
  if (!target.paymentIntentId || left <= 0)
    throw new HttpError(409, 'There is no payment to refund.');
  const amount = part === 'half' ? Math.max(1, Math.floor(left / 2)) : (part ?? left);
  if (amount > left)
    throw new HttpError(
      400,
      `Only ${formatCents(left, order.currency)} of that payment is left to refund.`,
    );
  const chargeId = `sim_ch_${target.paymentIntentId}`;
  const { target: refunded } = await recordRefund(
    db,
    {
      paymentIntentId: target.paymentIntentId,
      chargeId,
      refundedCents: target.refunded + amount,
      amountCents: target.paid,
      refunds: [
        {
          refundId: simulatedRef('re'),
          paymentIntentId: target.paymentIntentId,
          chargeId,
          amountCents: amount,
          currency: order.currency,
          status: 'succeeded',
          reason: 'requested_by_customer',
          createdAt: event.eventAt,
        },
      ],
    },
    event,
  );
  if (!refunded) throw new HttpError(409, 'There is no payment to refund.');
  const what = refunded === 'order' ? 'the order' : 'the last renewal';
  if (amount === left)
    return `${what === 'the order' ? 'The order' : 'The last renewal'} was refunded in full.`;
  return `${formatCents(amount, order.currency)} of ${what} was refunded.`;
}
