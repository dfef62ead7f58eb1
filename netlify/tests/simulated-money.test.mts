/**
 * The simulated provider charges like Stripe: its payment page's promotion code (SAVE10: 10 %
 * off the whole order, once per buyer address; any other code refused), tax at
 * SIMULATED_TAX_RATE on the discounted subtotal, and the order keeps the breakdown it charged;
 * GET /api/checkout-session answers it as Stripe's Checkout Session does. Its lifecycle
 * simulator refunds in part and in full, each refund a row of its own.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import {
  checkoutSessions,
  orders,
  refunds,
  subscriptionPayments,
} from '../../src/server/db/schema.ts';
import { addsUp } from '../../src/lib/charge.ts';
import { routed } from '../../src/testing/requests.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import { getOverview } from '../../src/features/admin/overview/overview.server.ts';
import * as checkoutSessionFn from '../functions/checkout-session.mts';
import simulateBillingFn from '../functions/simulate-billing.mts';
import simulatedCheckout from '../functions/simulated-checkout.mts';
import { startCheckout } from './browser.ts';

const ORIGIN = 'http://localhost:4321';
const checkoutSession = routed(checkoutSessionFn);
let db: Db;

beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? '';

/** The payment page's form posted to /api/simulated-checkout: where it sends the browser. */
async function submit(fields: Record<string, string>) {
  const res = await simulatedCheckout(
    new Request(`${ORIGIN}/api/simulated-checkout`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { origin: ORIGIN },
    }),
    {},
  );
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

const pay = (session: string, email: string) =>
  submit({ session, action: 'pay', name: 'Ada Lovelace', email });

type SessionView = {
  session: {
    amount_subtotal: number | null;
    total_details: { amount_discount: number; amount_tax: number } | null;
    amount_total: number;
    status: string;
  };
  order: { charge: Record<string, unknown> } | null;
};

async function lookup(id: string, cookie?: string): Promise<SessionView> {
  const res = await checkoutSession(
    new Request(`${ORIGIN}/api/checkout-session/${id}`, cookie ? { headers: { cookie } } : {}),
    { ip: `10.62.0.${Math.floor(Math.random() * 250)}` },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as SessionView;
}

const orderOf = async (sessionId: string) =>
  (await db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId)))[0];
const sessionRow = async (id: string) =>
  (await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]!;

const STARTER = [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }];

function withTaxRate(rate: string | undefined) {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.SIMULATED_TAX_RATE;
    if (rate === undefined) delete process.env.SIMULATED_TAX_RATE;
    else process.env.SIMULATED_TAX_RATE = rate;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.SIMULATED_TAX_RATE;
    else process.env.SIMULATED_TAX_RATE = saved;
  });
}

describe('SAVE10 and SIMULATED_TAX_RATE=8.25 on the Starter package', () => {
  withTaxRate('8.25');

  it('applies the code, charges 10 % off then tax, and the order and the lookup keep that breakdown', async () => {
    const { id, attempt } = await startCheckout(STARTER);
    // Before the code: $1,000.00 and 8.25 % tax.
    expect((await lookup(id)).session).toMatchObject({
      amount_subtotal: 100_000,
      total_details: { amount_discount: 0, amount_tax: 8_250 },
      amount_total: 108_250,
      status: 'open',
    });

    // Codes are matched regardless of case, as Stripe's are.
    expect(await submit({ session: id, action: 'apply', code: ' save10 ' })).toBe(
      `/pay/simulated?session=${id}`,
    );
    expect((await sessionRow(id)).promotionCode).toBe('SAVE10');
    expect((await lookup(id)).session).toMatchObject({
      amount_subtotal: 100_000,
      total_details: { amount_discount: 10_000, amount_tax: 7_425 },
      amount_total: 97_425,
    });

    expect(await pay(id, 'Ada.Money@Example.com')).toMatch(/\/checkout\/success\?session_id=/);
    const order = await orderOf(id);
    expect(order).toMatchObject({
      amount: 97_425,
      currency: 'usd',
      subtotalCents: 100_000,
      discountCents: 10_000,
      discounts: [{ code: 'SAVE10', promotionCodeId: 'sim_promo_SAVE10', amountCents: 10_000 }],
      taxCents: 7_425,
      taxes: [
        {
          amountCents: 7_425,
          ratePercent: 8.25,
          jurisdiction: null,
          displayName: 'Tax',
          taxableAmountCents: 90_000,
        },
      ],
      invoiceId: null,
    });

    const view = await lookup(id, attempt);
    expect(view.session).toMatchObject({
      amount_subtotal: 100_000,
      total_details: { amount_discount: 10_000, amount_tax: 7_425 },
      amount_total: 97_425,
      status: 'complete',
    });
    expect(view.order?.charge).toEqual({
      currency: 'usd',
      subtotalCents: 100_000,
      discountCents: 10_000,
      discounts: order!.discounts,
      taxCents: 7_425,
      taxes: order!.taxes,
      totalCents: 97_425,
      refundedCents: 0,
      invoice: null,
    });
  });

  it('refuses SAVE10 a second time for the same address: taken off at Pay, nothing charged, then the full price', async () => {
    const { id } = await startCheckout(STARTER);
    await submit({ session: id, action: 'apply', code: 'SAVE10' });
    // The address already bought with SAVE10 (the test above), whatever its case.
    expect(await pay(id, 'ada.money@example.com')).toBe(
      `/pay/simulated?session=${id}&error=code_used&code=SAVE10`,
    );
    expect(await orderOf(id)).toBeUndefined();
    expect(await sessionRow(id)).toMatchObject({
      status: 'open',
      promotionCode: null,
      // Typed before the refusal: the page shows them again.
      customerEmail: 'ada.money@example.com',
      customerName: 'Ada Lovelace',
    });
    // Applying it again now that the page knows the address is refused outright.
    expect(await submit({ session: id, action: 'apply', code: 'SAVE10' })).toBe(
      `/pay/simulated?session=${id}&error=code&code=SAVE10`,
    );
    expect(await pay(id, 'ada.money@example.com')).toMatch(/\/checkout\/success\?session_id=/);
    expect(await orderOf(id)).toMatchObject({
      amount: 108_250,
      subtotalCents: 100_000,
      discountCents: 0,
      discounts: [],
      taxCents: 8_250,
    });
  });

  it('refuses any other code with the page’s error, and Remove takes an applied code off', async () => {
    const { id } = await startCheckout(STARTER);
    expect(await submit({ session: id, action: 'apply', code: 'SAVE20' })).toBe(
      `/pay/simulated?session=${id}&error=code&code=SAVE20`,
    );
    // What is no code's shape is not echoed into the page.
    expect(await submit({ session: id, action: 'apply', code: '<b>x</b>' })).toBe(
      `/pay/simulated?session=${id}&error=code`,
    );
    expect((await sessionRow(id)).promotionCode).toBeNull();
    await submit({ session: id, action: 'apply', code: 'SAVE10' });
    expect(await submit({ session: id, action: 'remove_code' })).toBe(
      `/pay/simulated?session=${id}`,
    );
    expect((await sessionRow(id)).promotionCode).toBeNull();
    // Another address may use it.
    await submit({ session: id, action: 'apply', code: 'SAVE10' });
    await pay(id, 'grace.money@example.com');
    expect(await orderOf(id)).toMatchObject({ amount: 97_425, discountCents: 10_000 });
  });

  it('a plan bought with SAVE10: the first invoice is the order’s charge, a renewal is taxed in full', async () => {
    const { id, attempt } = await startCheckout([
      { id: 'lily', billingCycle: 'monthly', quantity: 1 },
    ]);
    await submit({ session: id, action: 'apply', code: 'SAVE10' });
    await pay(id, 'plan.money@example.com');
    const order = (await orderOf(id))!;
    // $299.00 − $29.90 = $269.10, + 8.25 % ($22.20) = $291.30.
    expect(order).toMatchObject({
      amount: 29_130,
      subtotalCents: 29_900,
      discountCents: 2_990,
      taxCents: 2_220,
      invoiceId: `sim_in_${id.slice(7)}`,
    });
    const cookie = cookieOf(
      await checkoutSession(
        new Request(`${ORIGIN}/api/checkout-session/${id}`, { headers: { cookie: attempt } }),
        { ip: '10.62.1.1' },
      ),
    );
    const renewed = await simulateBillingFn(
      new Request(`${ORIGIN}/api/test/simulate-billing`, {
        method: 'POST',
        body: JSON.stringify({ orderId: order.id, action: 'renew' }),
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
      }),
      {},
    );
    expect(renewed.status).toBe(200);
    const invoices = await db
      .select()
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.providerSubscriptionId, order.stripeSubscriptionId!))
      .orderBy(subscriptionPayments.id);
    expect(invoices).toMatchObject([
      {
        providerInvoiceId: order.invoiceId,
        billingReason: 'subscription_create',
        amountCents: 29_130,
        subtotalCents: 29_900,
        discountCents: 2_990,
        discounts: [{ code: 'SAVE10', amountCents: 2_990 }],
        taxCents: 2_220,
        totalCents: 29_130,
      },
      {
        billingReason: 'subscription_cycle',
        amountCents: 32_367,
        subtotalCents: 29_900,
        discountCents: 0,
        taxCents: 2_467,
        totalCents: 32_367,
      },
    ]);
  });
});

describe('without SIMULATED_TAX_RATE', () => {
  withTaxRate(undefined);

  it('charges the catalogue price: the specification’s totals are unchanged', async () => {
    const { id } = await startCheckout(STARTER);
    expect((await lookup(id)).session).toMatchObject({
      amount_subtotal: 100_000,
      total_details: { amount_discount: 0, amount_tax: 0 },
      amount_total: 100_000,
    });
    await pay(id, 'plain.money@example.com');
    const order = (await orderOf(id))!;
    expect(order).toMatchObject({
      amount: 100_000,
      subtotalCents: 100_000,
      discountCents: 0,
      discounts: [],
      taxCents: 0,
      taxes: [],
    });
  });
});

describe('refunds in the lifecycle simulator', () => {
  withTaxRate('8.25');

  async function simulate(orderId: number, body: Record<string, unknown>) {
    const res = await simulateBillingFn(
      new Request(`${ORIGIN}/api/test/simulate-billing`, {
        method: 'POST',
        body: JSON.stringify({ orderId, ...body }),
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: buyerCookie },
      }),
      {},
    );
    return { status: res.status, body: (await res.json()) as { message?: string; error?: string } };
  }
  let buyerCookie = '';

  it('refunds part, half of the rest, then the rest: a row each, the order’s total and status follow, revenue nets them', async () => {
    const { id, attempt } = await startCheckout(STARTER);
    await pay(id, 'refund.money@example.com');
    buyerCookie = cookieOf(
      await checkoutSession(
        new Request(`${ORIGIN}/api/checkout-session/${id}`, { headers: { cookie: attempt } }),
        { ip: '10.62.2.1' },
      ),
    );
    const order = (await orderOf(id))!;
    expect(order.amount).toBe(108_250);
    const before = (await getOverview(db)).revenueByWeek.at(-1)!;

    expect(await simulate(order.id, { action: 'refund', amountCents: 25_000 })).toEqual({
      status: 200,
      body: { message: '$250.00 of the order was refunded.' },
    });
    expect(await orderOf(id)).toMatchObject({ status: 'paid', refundedCents: 25_000 });
    const afterPartial = (await getOverview(db)).revenueByWeek.at(-1)!;
    expect(afterPartial.refundedCents - before.refundedCents).toBe(25_000);
    expect(before.netCents - afterPartial.netCents).toBe(25_000);
    // The $82.50 of tax is collected for the state, never revenue.
    expect(before.taxCents).toBeGreaterThanOrEqual(8_250);
    expect(before.netCents).toBe(before.grossCents - before.taxCents - before.refundedCents);

    // More than is left is refused, and changes nothing.
    expect(await simulate(order.id, { action: 'refund', amountCents: 100_000 })).toEqual({
      status: 400,
      body: { error: 'Only $832.50 of that payment is left to refund.' },
    });
    // amountCents goes with a refund only.
    expect((await simulate(order.id, { action: 'renew', amountCents: 5 })).status).toBe(400);

    expect(await simulate(order.id, { action: 'partial_refund' })).toEqual({
      status: 200,
      body: { message: '$416.25 of the order was refunded.' },
    });
    expect(await simulate(order.id, { action: 'refund' })).toEqual({
      status: 200,
      body: { message: 'The order was refunded in full.' },
    });
    expect(await orderOf(id)).toMatchObject({ status: 'refunded', refundedCents: 108_250 });
    // Each refund counted once, by its own row (not again by the order's running total).
    const afterFull = (await getOverview(db)).revenueByWeek.at(-1)!;
    expect(afterFull.refundedCents - before.refundedCents).toBe(108_250);
    const rows = await db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id))
      .orderBy(refunds.id);
    expect(rows.map((r) => [r.amountCents, r.status, r.provider, r.paymentIntentId])).toEqual([
      [25_000, 'succeeded', 'simulated', order.stripePaymentIntentId],
      [41_625, 'succeeded', 'simulated', order.stripePaymentIntentId],
      [41_625, 'succeeded', 'simulated', order.stripePaymentIntentId],
    ]);
    expect(new Set(rows.map((r) => r.providerRefundId)).size).toBe(3);
    expect(await simulate(order.id, { action: 'refund' })).toMatchObject({ status: 409 });
  });
});

describe('every simulated charge adds up', () => {
  withTaxRate('7.0001');

  it('whatever the cart, the code and the rate', async () => {
    const carts = [
      [{ id: 'advanced', billingCycle: 'oneTime', quantity: 3 }],
      [
        { id: 'starter', billingCycle: 'oneTime', quantity: 2 },
        { id: 'lily-growth', billingCycle: 'yearly', quantity: 7 },
      ],
    ];
    for (const [i, cart] of carts.entries()) {
      const { id } = await startCheckout(cart);
      await submit({ session: id, action: 'apply', code: 'SAVE10' });
      await pay(id, `adds.up.${i}@example.com`);
      const o = (await orderOf(id))!;
      expect(
        addsUp({
          currency: o.currency,
          subtotalCents: o.subtotalCents!,
          discountCents: o.discountCents!,
          discounts: o.discounts!,
          taxCents: o.taxCents!,
          taxes: o.taxes!,
          totalCents: o.amount,
          invoice: null,
        }),
      ).toBe(true);
    }
  });
});
