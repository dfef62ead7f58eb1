/**
 * POST /api/stripe-webhook with signed events of a plan's life after checkout: subscription
 * created / updated / deleted, invoices paid and failed (renewals, dunning), refunds, disputes
 * and expired sessions. Each is applied once, in any order, and never moves a status back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutSessions,
  emailOutbox,
  orders,
  subscriptionPayments,
  subscriptions,
} from '../../src/server/db/schema.ts';
import { storeCheckoutSession } from '../../src/testing/checkout-fixtures.ts';
import { siteSettings } from '../../src/lib/site-settings.ts';
import { startStripeStandIn, type StandIn } from '../../src/testing/stripe-stand-in.ts';
import {
  expandedPaymentsOf,
  malformedStripeEvent,
  paidCheckoutSession,
  stripeEvent,
  useStripeWebhook,
} from './stripe-events.ts';

const SECRET = 'whsec_test_secret_for_billing_events';
const T0 = Math.floor(Date.parse('2026-11-01T10:00:00Z') / 1000);
const DAY = 86_400;
const stripe = useStripeWebhook(SECRET);
let eventCounter = 0;

async function deliver(
  type: string,
  object: unknown,
  created = T0,
  options: { apiVersion?: string; malformed?: true } = {},
) {
  const id = `evt_billing_${++eventCounter}`;
  const res = await stripe.deliver(
    options.malformed
      ? malformedStripeEvent(id, type, object, created)
      : stripeEvent(id, type, object, created, {
          ...options,
          expanded: expandedPaymentsOf(object),
        }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Before API 2025-03-31 (the shape `reads the older API shape` sends). */
const OLDER_API = { apiVersion: '2025-02-24.acacia' };

/** A subscription object in the current API's shape (period end on the item). */
function subscription(
  id: string,
  overrides: Record<string, unknown> = {},
  periodEnd = T0 + 30 * DAY,
) {
  return {
    id,
    object: 'subscription',
    customer: 'cus_billing',
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    latest_invoice: 'in_first',
    metadata: { plan: 'Lily AI Sales Agent (monthly)' },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          quantity: 1,
          current_period_end: periodEnd,
          price: { unit_amount: 29900, nickname: null, recurring: { interval: 'month' } },
        },
      ],
    },
    ...overrides,
  };
}

function invoice(
  id: string,
  subscriptionId: string,
  periodStart: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    id,
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    amount_paid: 29900,
    amount_due: 29900,
    attempt_count: 1,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId },
    },
    payments: { data: [{ payment: { payment_intent: `pi_${id}` } }] },
    lines: { data: [{ period: { start: periodStart, end: periodStart + 30 * DAY } }] },
    ...overrides,
  };
}

const subscriptionRow = async (id: string) =>
  (
    await stripe.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, id))
  )[0];
const paymentsOf = (id: string) =>
  stripe.db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.providerSubscriptionId, id))
    .orderBy(subscriptionPayments.id);

/** A paid subscription order, as checkout.session.completed leaves it. */
async function subscriptionOrder(subscriptionId: string) {
  const session = await storeCheckoutSession(stripe.db, `cs_${subscriptionId}`, [
    { id: 'lily-ai', billingCycle: 'monthly', quantity: 1 },
  ]);
  const res = await deliver(
    'checkout.session.completed',
    paidCheckoutSession(session, {
      mode: 'subscription',
      customer: 'cus_billing',
      customer_details: { email: 'ada@example.com', name: 'Ada Lovelace' },
      payment_intent: null,
      subscription: subscriptionId,
    }),
  );
  expect(res.status).toBe(200);
  await stripe.db.delete(emailOutbox); // the order confirmation is not what these tests look at
}

describe('subscription events', () => {
  it('follows created → cancel at period end → deleted, and keeps the canceled plan until its end', async () => {
    await deliver('customer.subscription.created', subscription('sub_life'), T0);
    expect(await subscriptionRow('sub_life')).toMatchObject({
      status: 'active',
      plan: 'Lily AI Sales Agent (monthly)',
      amountCents: 29900,
      interval: 'month',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date((T0 + 30 * DAY) * 1000),
    });
    await deliver(
      'customer.subscription.updated',
      subscription('sub_life', { cancel_at_period_end: true }),
      T0 + DAY,
    );
    expect(await subscriptionRow('sub_life')).toMatchObject({ cancelAtPeriodEnd: true });
    const end = T0 + 30 * DAY;
    const res = await deliver(
      'customer.subscription.deleted',
      subscription('sub_life', { status: 'canceled', canceled_at: T0 + DAY, ended_at: end }),
      end,
    );
    expect(res.body).toMatchObject({ received: true, status: 'canceled' });
    expect(await subscriptionRow('sub_life')).toMatchObject({
      status: 'canceled',
      endedAt: new Date(end * 1000),
    });
  });

  it('applies events in any order without moving a status back', async () => {
    await deliver(
      'customer.subscription.deleted',
      subscription('sub_order', { status: 'canceled', ended_at: T0 + 5 * DAY }),
      T0 + 5 * DAY,
    );
    const late = await deliver(
      'customer.subscription.updated',
      subscription('sub_order'),
      T0 + DAY,
    );
    expect(late.body).toMatchObject({ received: true, stale: true, status: 'canceled' });
    const created = await deliver('customer.subscription.created', subscription('sub_order'), T0);
    expect(created.body).toMatchObject({ stale: true });
    expect((await subscriptionRow('sub_order'))?.status).toBe('canceled');

    // Same second: incomplete (created) never overrides active (updated).
    await deliver('customer.subscription.updated', subscription('sub_same'), T0);
    await deliver(
      'customer.subscription.created',
      subscription('sub_same', { status: 'incomplete' }),
      T0,
    );
    expect((await subscriptionRow('sub_same'))?.status).toBe('active');
  });

  it('reads the older API shape (period end on the subscription, subscription on the invoice)', async () => {
    const legacy = subscription('sub_legacy', { current_period_end: T0 + 365 * DAY });
    legacy.items.data[0]!.current_period_end = undefined as never;
    legacy.items.data[0]!.price.recurring = { interval: 'year' };
    await deliver('customer.subscription.created', legacy, T0, OLDER_API);
    expect(await subscriptionRow('sub_legacy')).toMatchObject({
      interval: 'year',
      currentPeriodEnd: new Date((T0 + 365 * DAY) * 1000),
    });
    const old = invoice('in_legacy', 'sub_legacy', T0 + 365 * DAY, {
      parent: null,
      subscription: 'sub_legacy',
    });
    await deliver('invoice.paid', old, T0 + 365 * DAY, OLDER_API);
    expect(await paymentsOf('sub_legacy')).toHaveLength(1);
  });

  it('follows a plan switched in the Billing Portal: the new Price names the cycle and the price, and its period replaces the old one', async () => {
    const plan = (cycle: 'monthly' | 'yearly', at: number) =>
      subscription('sub_switch', {
        metadata: { plan: 'Lily AI Starter (monthly)' },
        items: {
          object: 'list',
          data: [
            {
              id: 'si_switch',
              object: 'subscription_item',
              quantity: 1,
              current_period_end: at + (cycle === 'yearly' ? 365 : 30) * DAY,
              price: {
                id: `price_lily_starter_${cycle}`,
                object: 'price',
                unit_amount: cycle === 'yearly' ? 190000 : 19800,
                nickname: null,
                lookup_key: `catalogue:lily-starter:${cycle}`,
                recurring: { interval: cycle === 'yearly' ? 'year' : 'month' },
              },
            },
          ],
        },
      });
    await deliver('customer.subscription.created', plan('monthly', T0), T0);
    expect(await subscriptionRow('sub_switch')).toMatchObject({
      plan: 'Lily AI Starter (monthly)',
      interval: 'month',
      amountCents: 19800,
    });
    await deliver('customer.subscription.updated', plan('yearly', T0 + 10 * DAY), T0 + 10 * DAY);
    expect(await subscriptionRow('sub_switch')).toMatchObject({
      plan: 'Lily AI Starter (yearly)',
      interval: 'year',
      amountCents: 190000,
      lines: [{ name: 'Lily AI Starter', productId: 'lily-starter', interval: 'year' }],
      currentPeriodEnd: new Date((T0 + 375 * DAY) * 1000),
    });
    // Back to monthly: a period that ends sooner than the yearly one it replaces.
    await deliver('customer.subscription.updated', plan('monthly', T0 + 20 * DAY), T0 + 20 * DAY);
    expect(await subscriptionRow('sub_switch')).toMatchObject({
      plan: 'Lily AI Starter (monthly)',
      interval: 'month',
      amountCents: 19800,
      currentPeriodEnd: new Date((T0 + 50 * DAY) * 1000),
    });
  });

  it('acknowledges objects it cannot read, and events it does not handle, without a 5xx', async () => {
    for (const type of [
      'customer.subscription.updated',
      'invoice.paid',
      'invoice.payment_failed',
      'charge.refunded',
      'charge.dispute.created',
      'checkout.session.expired',
      'customer.created',
    ]) {
      for (const object of [null, {}, { id: 42 }, { id: 'x', status: 'nonsense' }, 'text']) {
        const res = await deliver(type, object, T0, { malformed: true });
        expect(res.status, `${type} ${JSON.stringify(object)}`).toBe(200);
        expect(res.body).toMatchObject({ received: true });
      }
    }
  });
});

describe('renewals and failed payments', () => {
  it('records each renewal once, extends the paid period, and counts a failed attempt once', async () => {
    await subscriptionOrder('sub_renew');
    await deliver('customer.subscription.created', subscription('sub_renew'), T0);

    // Renewal 1.
    const first = invoice('in_r1', 'sub_renew', T0 + 30 * DAY);
    await deliver('invoice.paid', first, T0 + 30 * DAY);
    await deliver('invoice.paid', first, T0 + 30 * DAY); // redelivered under a new event id
    expect(await paymentsOf('sub_renew')).toHaveLength(1);
    expect((await subscriptionRow('sub_renew'))?.currentPeriodEnd).toEqual(
      new Date((T0 + 60 * DAY) * 1000),
    );

    // Renewal 2 fails: the client gets the dunning e-mail, the team a notice.
    const second = invoice('in_r2', 'sub_renew', T0 + 60 * DAY, { amount_paid: 0 });
    const failed = await deliver('invoice.payment_failed', second, T0 + 60 * DAY);
    expect(failed.body).toMatchObject({ status: 'failed' });
    await deliver(
      'customer.subscription.updated',
      subscription('sub_renew', { status: 'past_due' }, T0 + 60 * DAY),
      T0 + 60 * DAY,
    );
    expect((await subscriptionRow('sub_renew'))?.status).toBe('past_due');
    const mails = await stripe.db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ['subscription.payment_failed', 'ada@example.com'],
      ['subscription.payment_failed.team', siteSettings.salesEmail],
    ]);
    expect(mails[0]?.text).toContain('$299.00');
    expect(mails[0]?.text).toContain('Manage billing: http://localhost:4321/dashboard');

    // The retry fails again: one more attempt, no new e-mails.
    await deliver('invoice.payment_failed', { ...second, attempt_count: 2 }, T0 + 63 * DAY);
    expect(await stripe.db.$count(emailOutbox)).toBe(2);
    expect((await paymentsOf('sub_renew'))[1]).toMatchObject({ status: 'failed', attempts: 2 });

    // Recovered: paid, and back to active; a failure delivered late changes nothing.
    await deliver(
      'invoice.paid',
      { ...second, amount_paid: 29900, attempt_count: 3 },
      T0 + 65 * DAY,
    );
    await deliver(
      'customer.subscription.updated',
      subscription('sub_renew', {}, T0 + 90 * DAY),
      T0 + 65 * DAY,
    );
    await deliver('invoice.payment_failed', second, T0 + 64 * DAY);
    const payments = await paymentsOf('sub_renew');
    expect(payments.map((p) => [p.providerInvoiceId, p.status, p.amountCents])).toEqual([
      ['in_r1', 'paid', 29900],
      ['in_r2', 'paid', 29900],
    ]);
    expect(await subscriptionRow('sub_renew')).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date((T0 + 90 * DAY) * 1000),
    });
  });

  it('ignores invoices that belong to no subscription (one-time invoices)', async () => {
    const res = await deliver('invoice.paid', { id: 'in_once', amount_paid: 100000, parent: null });
    expect(res.body).toMatchObject({ received: true, ignored: true });
  });
});

describe('refunds, disputes and expired sessions', () => {
  async function oneTimeOrder(id: string) {
    const session = await storeCheckoutSession(stripe.db, id);
    await deliver(
      'checkout.session.completed',
      paidCheckoutSession(session, {
        customer_details: { email: 'grace@example.com', name: 'Grace Hopper' },
        payment_intent: `pi_${id}`,
      }),
    );
    await stripe.db.delete(emailOutbox); // the order confirmation is not what these tests look at
    return (await stripe.db.select().from(orders).where(eq(orders.checkoutSessionId, id)))[0]!;
  }

  it('keeps a partial refund on the order, marks a full one refunded, and never lowers the total', async () => {
    const order = await oneTimeOrder('cs_refund');
    const charge = {
      id: 'ch_refund',
      object: 'charge',
      payment_intent: 'pi_cs_refund',
      amount: 100000,
    };
    await deliver('charge.refunded', { ...charge, amount_refunded: 25000 }, T0 + DAY);
    expect((await stripe.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject(
      {
        status: 'paid',
        refundedCents: 25000,
      },
    );
    await deliver('charge.refunded', { ...charge, amount_refunded: 100000 }, T0 + 2 * DAY);
    await deliver('charge.refunded', { ...charge, amount_refunded: 25000 }, T0 + DAY); // late
    expect((await stripe.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject(
      {
        status: 'refunded',
        refundedCents: 100000,
      },
    );
  });

  it('puts a refund of a renewal on that renewal', async () => {
    await deliver('customer.subscription.created', subscription('sub_refund'), T0);
    await deliver('invoice.paid', invoice('in_refund', 'sub_refund', T0 + 30 * DAY), T0 + 30 * DAY);
    const res = await deliver('charge.refunded', {
      id: 'ch_renewal',
      payment_intent: 'pi_in_refund',
      amount: 29900,
      amount_refunded: 10000,
    });
    expect(res.body).toMatchObject({ status: 'refunded' });
    expect((await paymentsOf('sub_refund'))[0]).toMatchObject({
      status: 'paid',
      refundedCents: 10000,
    });
  });

  it('alerts the team about a dispute', async () => {
    await oneTimeOrder('cs_dispute');
    await deliver('charge.dispute.created', {
      id: 'dp_1',
      charge: 'ch_dispute',
      payment_intent: 'pi_cs_dispute',
      amount: 100000,
      reason: 'fraudulent',
    });
    const [mail] = await stripe.db.select().from(emailOutbox);
    expect(mail).toMatchObject({ kind: 'payment.dispute.team', to: siteSettings.salesEmail });
    expect(mail?.text).toContain('Grace Hopper <grace@example.com>');
    expect(mail?.subject).toBe('Payment disputed: $1,000.00 (fraudulent)');
  });

  it('closes an open session that expired, and leaves a completed one alone', async () => {
    await storeCheckoutSession(stripe.db, 'cs_expired');
    const res = await deliver('checkout.session.expired', {
      id: 'cs_expired',
      object: 'checkout.session',
    });
    expect(res.body).toMatchObject({ status: 'expired' });
    await oneTimeOrder('cs_done');
    await deliver('checkout.session.expired', { id: 'cs_done' });
    const rows = await stripe.db.select().from(checkoutSessions);
    expect(rows.find((r) => r.id === 'cs_expired')?.status).toBe('expired');
    expect(rows.find((r) => r.id === 'cs_done')?.status).toBe('complete');
  });
});

describe("a renewal's payment intent, as webhooks carry it (the invoice names none)", () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    process.env.STRIPE_SECRET_KEY = 'sk_test_renewal_intent';
    process.env.STRIPE_API_HOST = standIn.url;
  });
  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_API_HOST;
    await standIn.close();
  });

  /** A renewal as invoice.paid delivers it: no `payments`, no `payment_intent`. */
  async function renewalPaid(subscriptionId: string, invoiceId: string) {
    await deliver('customer.subscription.created', subscription(subscriptionId), T0);
    const webhookInvoice: Record<string, unknown> = invoice(
      invoiceId,
      subscriptionId,
      T0 + 30 * DAY,
    );
    delete webhookInvoice.payments;
    await deliver('invoice.paid', webhookInvoice, T0 + 30 * DAY);
    expect((await paymentsOf(subscriptionId))[0]?.paymentIntentId).toBeNull();
  }
  const invoicePayment = (invoiceId: string, paymentIntent: string) => ({
    id: `inpay_${invoiceId}`,
    object: 'invoice_payment',
    amount_paid: 29900,
    amount_requested: 29900,
    created: T0 + 30 * DAY,
    currency: 'usd',
    invoice: invoiceId,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: T0 + 30 * DAY },
  });
  const refundOf = (paymentIntent: string, cents: number) =>
    deliver(
      'charge.refunded',
      {
        id: `ch_${paymentIntent}`,
        object: 'charge',
        payment_intent: paymentIntent,
        amount: 29900,
        amount_refunded: cents,
      },
      T0 + 31 * DAY,
    );
  const invoiceLookups = () => standIn.requests.filter((r) => r.path === '/v1/invoice_payments');

  it('learns it from invoice_payment.paid, so a refund of the renewal lands on it', async () => {
    await renewalPaid('sub_intent_event', 'in_intent_event');
    const recorded = await deliver(
      'invoice_payment.paid',
      invoicePayment('in_intent_event', 'pi_renewal_event'),
    );
    expect(recorded.body).toMatchObject({ status: 'payment recorded' });
    const before = invoiceLookups().length;
    expect((await refundOf('pi_renewal_event', 10000)).body).toMatchObject({ status: 'refunded' });
    expect((await paymentsOf('sub_intent_event'))[0]).toMatchObject({
      paymentIntentId: 'pi_renewal_event',
      refundedCents: 10000,
    });
    expect(invoiceLookups()).toHaveLength(before);
  });

  it('asks Stripe which invoice a refunded payment paid when that event never came', async () => {
    await renewalPaid('sub_intent_lookup', 'in_intent_lookup');
    standIn.invoicesPaidBy.set('pi_renewal_lookup', { invoice: 'in_intent_lookup', amount: 29900 });
    expect((await refundOf('pi_renewal_lookup', 29900)).body).toMatchObject({
      status: 'refunded',
    });
    expect((await paymentsOf('sub_intent_lookup'))[0]).toMatchObject({
      paymentIntentId: 'pi_renewal_lookup',
      refundedCents: 29900,
    });
    expect(invoiceLookups().at(-1)?.form).toMatchObject({
      'payment[type]': 'payment_intent',
      'payment[payment_intent]': 'pi_renewal_lookup',
    });
    expect(standIn.shapeProblems).toEqual([]);
  });

  it('acknowledges an invoice payment of an unknown invoice, and a refund of a payment of none', async () => {
    const early = await deliver('invoice_payment.paid', invoicePayment('in_unknown', 'pi_early'));
    expect(early.body).toMatchObject({ received: true, ignored: true });
    const stray = await refundOf('pi_of_nothing', 500);
    expect(stray.status).toBe(200);
    expect(stray.body).toMatchObject({ received: true, ignored: true });
  });
});
