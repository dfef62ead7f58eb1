/**
 * POST /api/stripe-webhook keeps what Stripe charged: a completed Checkout Session's
 * subtotal, discount (its promotion code, read from the session in full when the payload has
 * only its id), tax (its rate and jurisdiction) and invoice; a one-time invoice's number and
 * links from invoice.paid; a plan's invoice breakdown; and every refund as its own row from
 * refund.* events and a charge's refund list, the order's total refunded following them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders, refunds, subscriptionPayments } from '../../src/server/db/schema.ts';
import { pdfText } from '../../src/testing/pdf-text.ts';
import { storeCheckoutSession } from '../../src/testing/checkout-fixtures.ts';
import { startStripeStandIn, type StandIn } from '../../src/testing/stripe-stand-in.ts';
import {
  expandedPaymentsOf,
  paidCheckoutSession,
  stripeEvent,
  useStripeWebhook,
} from './stripe-events.ts';

const SECRET = 'whsec_test_secret_for_money';
const stripe = useStripeWebhook(SECRET);
const T0 = Math.floor(Date.parse('2026-11-02T10:00:00Z') / 1000);
let counter = 0;

async function deliver(type: string, object: unknown, created = T0) {
  const event = stripeEvent(`evt_money_${++counter}`, type, object, created, {
    expanded: expandedPaymentsOf(object),
  });
  const res = await stripe.deliver(event);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const orderOf = async (sessionId: string) =>
  (await stripe.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId)))[0]!;
const refundsOf = (orderId: number) =>
  stripe.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);

/** Starter ($1,000.00) bought with SAVE10 in New York, as checkout.session.completed sends it. */
function completed(id: string, extra: Record<string, unknown> = {}) {
  return paidCheckoutSession(
    { id, amount: 97_425 },
    {
      currency: 'usd',
      customer: 'cus_money',
      customer_details: { email: 'grace@example.com', name: 'Grace Hopper' },
      payment_intent: `pi_${id}`,
      amount_subtotal: 100_000,
      total_details: { amount_discount: 10_000, amount_shipping: 0, amount_tax: 7_425 },
      discounts: [{ coupon: 'co_save10', promotion_code: 'promo_save10' }],
      invoice: `in_${id}`,
      ...extra,
    },
  );
}

/** What the session read with its breakdown, promotion codes and invoice expanded answers. */
function expandedOf(session: Record<string, unknown>, invoiceId: string) {
  return {
    ...session,
    discounts: [
      {
        coupon: 'co_save10',
        promotion_code: { id: 'promo_save10', object: 'promotion_code', code: 'SAVE10' },
      },
    ],
    total_details: {
      amount_discount: 10_000,
      amount_shipping: 0,
      amount_tax: 7_425,
      breakdown: {
        discounts: [{ amount: 10_000, discount: { id: 'di_1', promotion_code: 'promo_save10' } }],
        taxes: [
          {
            amount: 7_425,
            taxable_amount: 90_000,
            rate: {
              id: 'txr_ny',
              object: 'tax_rate',
              percentage: 8.25,
              effective_percentage: 8.25,
              jurisdiction: 'NY',
              display_name: 'Sales Tax',
            },
          },
        ],
      },
    },
    invoice: {
      id: invoiceId,
      object: 'invoice',
      number: 'MONEY-0001',
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_1/${invoiceId}`,
      invoice_pdf: `https://pay.stripe.com/invoice/acct_1/${invoiceId}/pdf`,
    },
  };
}

describe('a completed checkout without a Stripe key to ask', () => {
  it('keeps the payload’s amounts; the code’s text, the rate and the invoice links stay unknown', async () => {
    const { id } = await storeCheckoutSession(stripe.db, 'cs_money_payload');
    await deliver('checkout.session.completed', completed(id));
    expect(await orderOf(id)).toMatchObject({
      amount: 97_425,
      subtotalCents: 100_000,
      discountCents: 10_000,
      discounts: [{ code: null, promotionCodeId: 'promo_save10', amountCents: 10_000 }],
      taxCents: 7_425,
      taxes: [{ amountCents: 7_425, ratePercent: null, jurisdiction: null }],
      invoiceId: 'in_cs_money_payload',
      invoiceNumber: null,
      invoiceHostedUrl: null,
    });

    // invoice.paid of that one-time invoice brings its number and links to the order.
    const body = await deliver('invoice.paid', {
      id: 'in_cs_money_payload',
      object: 'invoice',
      parent: null,
      currency: 'usd',
      number: 'MONEY-0002',
      hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/in_cs_money_payload',
      invoice_pdf: 'https://pay.stripe.com/invoice/acct_1/in_cs_money_payload/pdf',
      subtotal: 100_000,
      total: 97_425,
      amount_paid: 97_425,
      total_discount_amounts: [{ amount: 10_000, discount: 'di_1' }],
      total_taxes: [{ amount: 7_425, taxable_amount: 90_000, type: 'tax_rate_details' }],
    });
    const order = await orderOf(id);
    expect(body).toEqual({ received: true, orderId: order.id, status: 'invoiced' });
    expect(order).toMatchObject({
      invoiceNumber: 'MONEY-0002',
      invoiceHostedUrl: 'https://invoice.stripe.com/i/acct_1/in_cs_money_payload',
      invoicePdfUrl: 'https://pay.stripe.com/invoice/acct_1/in_cs_money_payload/pdf',
      // What the order knew stays as it was.
      discounts: [{ code: null, promotionCodeId: 'promo_save10', amountCents: 10_000 }],
    });
  });

  it('an older payload without the amounts leaves every part unknown (null), the total as charged', async () => {
    const { id } = await storeCheckoutSession(stripe.db, 'cs_money_old');
    await deliver(
      'checkout.session.completed',
      paidCheckoutSession(
        { id, amount: 100_000 },
        { customer_details: { email: 'old@example.com', name: 'Old Payload' } },
      ),
    );
    expect(await orderOf(id)).toMatchObject({
      amount: 100_000,
      subtotalCents: null,
      discountCents: null,
      discounts: null,
      taxCents: null,
      taxes: null,
      invoiceId: null,
    });
  });
});

describe('a completed checkout read in full from Stripe (local stand-in API)', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    process.env.STRIPE_SECRET_KEY = 'sk_test_money';
    process.env.STRIPE_API_HOST = standIn.url;
  });
  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_API_HOST;
    await standIn.close();
  });

  it('asks Stripe once with the breakdown expanded, and keeps the code, the rate and the invoice', async () => {
    const { id } = await storeCheckoutSession(stripe.db, 'cs_money_full');
    const payload = completed(id);
    standIn.sessions.set(id, expandedOf(payload, `in_${id}`));
    await deliver('checkout.session.completed', payload);

    const reads = standIn.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/${id}`));
    expect(reads).toHaveLength(1);
    expect(Object.values(reads[0]!.form).sort()).toEqual([
      'discounts.promotion_code',
      'invoice',
      'total_details.breakdown',
    ]);
    expect(await orderOf(id)).toMatchObject({
      amount: 97_425,
      subtotalCents: 100_000,
      discountCents: 10_000,
      discounts: [{ code: 'SAVE10', promotionCodeId: 'promo_save10', amountCents: 10_000 }],
      taxCents: 7_425,
      taxes: [
        {
          amountCents: 7_425,
          ratePercent: 8.25,
          jurisdiction: 'NY',
          displayName: 'Sales Tax',
          taxableAmountCents: 90_000,
        },
      ],
      invoiceId: `in_${id}`,
      invoiceNumber: 'MONEY-0001',
      invoiceHostedUrl: `https://invoice.stripe.com/i/acct_1/in_${id}`,
      invoicePdfUrl: `https://pay.stripe.com/invoice/acct_1/in_${id}/pdf`,
    });

    // The confirmation shows Stripe's breakdown and links Stripe's invoice; the receipt it
    // attaches is the site's own, numbered as the invoice is.
    const { orderNumber } = await orderOf(id);
    const confirmation = (
      await stripe.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order-confirmation'))
    ).find((m) => m.subject.includes(orderNumber));
    expect(confirmation!.text).toContain(
      [
        'Subtotal: $1,000.00',
        'Discount (SAVE10): -$100.00',
        'Sales Tax (NY, 8.25%): $74.25',
        'Total paid: $974.25',
        '',
        'Your invoice MONEY-0001:',
        `View invoice https://invoice.stripe.com/i/acct_1/in_${id}`,
        `Download invoice (PDF) https://pay.stripe.com/invoice/acct_1/in_${id}/pdf`,
      ].join('\n'),
    );
    const [receipt] = confirmation!.attachments;
    expect(receipt!.filename).toBe(`receipt-${orderNumber}.pdf`);
    const text = await pdfText(Buffer.from(receipt!.content, 'base64'));
    expect(text).toContain('Invoice number: MONEY-0001');
    expect(text).toContain('Sales Tax (NY, 8.25%) $74.25\nTotal paid $974.25 USD');
  });

  it('keeps the payload’s amounts when Stripe cannot answer', async () => {
    const { id } = await storeCheckoutSession(stripe.db, 'cs_money_unknown_at_stripe');
    await deliver('checkout.session.completed', completed(id));
    expect(await orderOf(id)).toMatchObject({
      amount: 97_425,
      discountCents: 10_000,
      discounts: [{ code: null, amountCents: 10_000 }],
    });
  });

  it('answers the success page’s lookup with Stripe’s amount_subtotal, total_details and amount_total', async () => {
    const { id } = await storeCheckoutSession(stripe.db, 'cs_money_lookup');
    standIn.sessions.set(id, { ...expandedOf(completed(id), `in_${id}`), status: 'open' });
    const { lookupCheckoutSession } =
      await import('../../src/features/checkout/checkout.server.ts');
    const open = await lookupCheckoutSession(
      new Request(`http://localhost:4321/api/checkout-session/${id}`),
      id,
      { db: stripe.db, ip: '10.62.9.1', rateLimit: false },
    );
    expect(open?.view.session).toMatchObject({
      status: 'open',
      amount_subtotal: 100_000,
      total_details: { amount_discount: 10_000, amount_tax: 7_425 },
      amount_total: 97_425,
    });
  });
});

describe('a plan’s invoice', () => {
  it('keeps its breakdown, number and links; a redelivery adds what the first lacked', async () => {
    const invoice = {
      id: 'in_money_plan',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      currency: 'usd',
      amount_paid: 29_135,
      attempt_count: 1,
      parent: { subscription_details: { subscription: 'sub_money' } },
      payments: { data: [{ payment: { payment_intent: 'pi_money_plan' } }] },
      subtotal: 29_900,
      total: 29_135,
      total_discount_amounts: [{ amount: 2_990, discount: 'di_plan' }],
      total_taxes: [{ amount: 2_225, taxable_amount: 26_910, type: 'tax_rate_details' }],
      number: null,
    };
    await deliver('invoice.paid', invoice);
    await deliver('invoice.paid', {
      ...invoice,
      number: 'PLAN-0002',
      hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/in_money_plan',
      invoice_pdf: 'https://pay.stripe.com/invoice/acct_1/in_money_plan/pdf',
    });
    const [row] = await stripe.db
      .select()
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.providerInvoiceId, 'in_money_plan'));
    expect(row).toMatchObject({
      amountCents: 29_135,
      currency: 'usd',
      subtotalCents: 29_900,
      discountCents: 2_990,
      discounts: [{ code: null, promotionCodeId: null, amountCents: 2_990 }],
      taxCents: 2_225,
      taxes: [{ amountCents: 2_225, ratePercent: null, jurisdiction: null }],
      totalCents: 29_135,
      invoiceNumber: 'PLAN-0002',
      invoiceHostedUrl: 'https://invoice.stripe.com/i/acct_1/in_money_plan',
      invoicePdfUrl: 'https://pay.stripe.com/invoice/acct_1/in_money_plan/pdf',
    });
  });
});

describe('refunds', () => {
  const refund = (id: string, pi: string, amount: number, status: string, created = T0) => ({
    id,
    object: 'refund',
    amount,
    currency: 'usd',
    charge: `ch_${pi}`,
    payment_intent: pi,
    status,
    reason: 'requested_by_customer',
    created,
  });

  it('are each a row from refund.* events; a failed one counts nowhere; the order’s total follows', async () => {
    const { id } = await storeCheckoutSession(stripe.db, 'cs_money_refunds');
    await deliver('checkout.session.completed', completed(id, { invoice: null }));
    const order = await orderOf(id);
    const pi = order.stripePaymentIntentId;

    expect(await deliver('refund.created', refund('re_1', pi, 20_000, 'pending'))).toMatchObject({
      status: 'refund pending',
    });
    await deliver('refund.updated', refund('re_1', pi, 20_000, 'succeeded'));
    // A late "pending" never moves a succeeded refund back.
    await deliver('refund.created', refund('re_1', pi, 20_000, 'pending'));
    await deliver('refund.created', refund('re_2', pi, 5_000, 'pending', T0 + 60));
    await deliver('refund.failed', refund('re_2', pi, 5_000, 'failed', T0 + 60));
    expect(await orderOf(id)).toMatchObject({ status: 'paid', refundedCents: 20_000 });
    expect(
      (await refundsOf(order.id)).map((r) => [r.providerRefundId, r.amountCents, r.status]),
    ).toEqual([
      ['re_1', 20_000, 'succeeded'],
      ['re_2', 5_000, 'failed'],
    ]);

    // charge.refunded with its refund list (expanded): the rest, in one more refund.
    await deliver('charge.refunded', {
      id: `ch_${pi}`,
      object: 'charge',
      payment_intent: pi,
      amount: 97_425,
      amount_refunded: 97_425,
      refunds: {
        object: 'list',
        data: [
          refund('re_1', pi, 20_000, 'succeeded'),
          refund('re_3', pi, 77_425, 'succeeded', T0 + 120),
        ],
      },
    });
    const rows = await refundsOf(order.id);
    expect(rows.map((r) => [r.providerRefundId, r.status])).toEqual([
      ['re_1', 'succeeded'],
      ['re_2', 'failed'],
      ['re_3', 'succeeded'],
    ]);
    expect(rows[2]).toMatchObject({
      provider: 'stripe',
      orderId: order.id,
      paymentIntentId: pi,
      chargeId: `ch_${pi}`,
      amountCents: 77_425,
      refundedAt: new Date((T0 + 120) * 1000),
    });
    expect(await orderOf(id)).toMatchObject({ status: 'refunded', refundedCents: 97_425 });
  });

  it('of a renewal belongs to the order that started the plan and to the renewal’s invoice', async () => {
    const { id } = await storeCheckoutSession(stripe.db, 'cs_money_plan', [
      { id: 'lily', billingCycle: 'monthly', quantity: 1 },
    ]);
    await deliver(
      'checkout.session.completed',
      completed(id, { mode: 'subscription', subscription: 'sub_money_refund', invoice: null }),
    );
    const order = await orderOf(id);
    await deliver('invoice.paid', {
      id: 'in_money_renewal',
      billing_reason: 'subscription_cycle',
      amount_paid: 29_900,
      parent: { subscription_details: { subscription: 'sub_money_refund' } },
      payments: { data: [{ payment: { payment_intent: 'pi_money_renewal' } }] },
    });
    expect(
      await deliver('refund.created', refund('re_renewal', 'pi_money_renewal', 9_900, 'succeeded')),
    ).toMatchObject({ status: 'refund succeeded' });
    expect(await refundsOf(order.id)).toMatchObject([
      { providerRefundId: 're_renewal', providerInvoiceId: 'in_money_renewal', amountCents: 9_900 },
    ]);
    const [renewal] = await stripe.db
      .select()
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.providerInvoiceId, 'in_money_renewal'));
    expect(renewal).toMatchObject({ refundedCents: 9_900 });
    expect(await orderOf(id)).toMatchObject({ refundedCents: 0, status: 'paid' });
  });

  it('of a payment this site never took is acknowledged and stored nowhere', async () => {
    expect(
      await deliver('refund.created', refund('re_alien', 'pi_alien', 100, 'succeeded')),
    ).toEqual({ received: true, ignored: true });
    expect(
      await stripe.db.select().from(refunds).where(eq(refunds.providerRefundId, 're_alien')),
    ).toEqual([]);
  });
});
