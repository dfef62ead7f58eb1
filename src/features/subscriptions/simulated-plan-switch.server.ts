// What Stripe reports when a subscriber switches in the Billing Portal (proration on, see
// portal-configuration.ts), built as Stripe's object and read by the webhook's own code.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client.ts';
import type { Subscription } from '../../server/db/schema.ts';
import { HttpError } from '../../server/responses.ts';
import { formatCents } from '../../lib/money.ts';
import {
  catalogueLookupKey,
  catalogueProductId,
  CURRENCY,
  INTERVAL,
} from '../../server/payments/stripe-catalogue.ts';
import { findItem, toCents } from '../catalogue/catalogue.ts';
import {
  applySubscriptionSnapshot,
  recordInvoicePaid,
  type BillingEvent,
} from './billing-events.server.ts';
import {
  addInterval,
  simulatedRenewalCharge,
  subscriptionFromStripe,
  switchTarget,
  type InvoiceSnapshot,
} from './subscriptions.ts';

const simulatedRef = (prefix: string) => `sim_${prefix}_${randomBytes(12).toString('base64url')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function periodStartOf(end: Date, interval: 'month' | 'year'): Date {
  const start = new Date(end);
  if (interval === 'year') start.setUTCFullYear(start.getUTCFullYear() - 1);
  else start.setUTCMonth(start.getUTCMonth() - 1);
  return start;
}

/** Checkout's plan name stays in the metadata, as on Stripe's object. */
export function switchedSubscriptionObject(
  row: Subscription,
  cycle: 'monthly' | 'yearly',
  { now, invoiceId }: { now: Date; invoiceId: string },
) {
  const interval = INTERVAL[cycle];
  const end = addInterval(now, interval);
  return {
    id: row.providerSubscriptionId,
    object: 'subscription',
    ...(row.providerCustomerId ? { customer: row.providerCustomerId } : {}),
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    latest_invoice: invoiceId,
    metadata: { plan: row.plan },
    items: {
      object: 'list',
      data: row.lines.map((line, i) => {
        const item = findItem(line.productId ?? '')!;
        const lookupKey = catalogueLookupKey(item.id, cycle);
        return {
          id: `si_sim_${i}_${row.id}`,
          object: 'subscription_item',
          quantity: line.quantity,
          current_period_start: seconds(now),
          current_period_end: seconds(end),
          price: {
            id: `price_sim_${item.id}_${cycle}`,
            object: 'price',
            active: true,
            currency: CURRENCY,
            lookup_key: lookupKey,
            nickname: null,
            product: catalogueProductId(item.id),
            recurring: { interval, interval_count: 1, usage_type: 'licensed' },
            tax_behavior: 'exclusive',
            type: 'recurring',
            unit_amount: toCents(item.prices[cycle]!),
          },
        };
      }),
      has_more: false,
      url: `/v1/subscription_items?subscription=${row.providerSubscriptionId}`,
    },
  };
}

// Prorated as Stripe does: the unused period is credited, the rest charged now (nothing when the
// credit covers it: Stripe keeps the remainder as credit balance).
export async function simulatePlanSwitch(
  db: Db,
  row: Subscription,
  cycle: 'monthly' | 'yearly',
  event: BillingEvent,
  taxRatePercent = 0,
): Promise<string> {
  if (row.status !== 'active' || row.cancelAtPeriodEnd || switchTarget(row) !== cycle)
    throw new HttpError(409, `This plan cannot switch to ${cycle} billing.`);
  const now = event.eventAt;
  const invoiceId = simulatedRef('in');
  const object = switchedSubscriptionObject(row, cycle, { now, invoiceId });
  const snapshot = subscriptionFromStripe(object);
  if (!snapshot) throw new Error('The switched subscription is not one the webhook reads');

  const end = row.currentPeriodEnd ?? now;
  const start = periodStartOf(end, row.interval);
  const unused = Math.min(
    1,
    Math.max(0, (end.getTime() - now.getTime()) / (end.getTime() - start.getTime())),
  );
  const credit = Math.round(row.amountCents * unused);
  const charged = Math.max(0, snapshot.amountCents - credit);

  await applySubscriptionSnapshot(db, snapshot, event);
  if (charged > 0) {
    const charge = simulatedRenewalCharge(invoiceId, charged, taxRatePercent);
    const invoice: InvoiceSnapshot = {
      providerInvoiceId: invoiceId,
      providerSubscriptionId: row.providerSubscriptionId,
      paymentIntentId: simulatedRef('pi'),
      billingReason: 'subscription_update',
      amountCents: charge.totalCents,
      charge,
      periodStart: now,
      periodEnd: snapshot.currentPeriodEnd,
      attempts: 1,
    };
    await recordInvoicePaid(db, invoice, event);
  }
  const per = cycle === 'yearly' ? 'year' : 'month';
  const price = `${formatCents(snapshot.amountCents)} per ${per}`;
  return charged > 0
    ? `Switched to ${cycle} billing: ${price} from today; ${formatCents(charged)} charged now (${formatCents(credit)} unused credited).`
    : `Switched to ${cycle} billing: ${price} from today; nothing charged now (the ${formatCents(credit)} unused stays as credit for the next invoices).`;
}
