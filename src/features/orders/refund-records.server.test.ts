/**
 * The money an order keeps as its owners store it: refunds one row per provider refund, their
 * status only moving forward; a later report filling in only what the order did not know; the
 * once-per-address check of a promotion code; and the person's data: refunds in an export,
 * the invoice links (which show the buyer) gone with the buyer.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import { orders, subscriptionPayments } from '../../server/db/schema';
import { personWith } from '../../server/privacy/personal-data';
import { chargeFor } from '../../lib/charge';
import { useFreshTestDb } from '../../testing/test-db';
import { personalData as subscriptionRecordsPersonalData } from '../subscriptions/subscription-records.server';
import { personalData as orderRecordsPersonalData } from './records/order-personal-data.server';
import { fillOrderCharge } from './records/order-writes.server';
import {
  attachOrderInvoice,
  insertOrder,
  newOrderNumber,
  promotionCodeUsedBy,
  refundedOfPayment,
  storeRefunds,
} from './orders.server';
import type { NewRefund } from './refund-records.server';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const AT = new Date('2026-11-03T12:00:00Z');
const STARTER = [
  {
    id: 'starter',
    name: 'Starter Website Package',
    type: 'package' as const,
    billingCycle: 'oneTime' as const,
    unitAmountCents: 100_000,
    quantity: 1,
  },
];

async function order(sessionId: string, extra: Partial<typeof orders.$inferInsert> = {}) {
  const created = await insertOrder(
    db,
    {
      orderNumber: newOrderNumber(AT),
      checkoutSessionId: sessionId,
      productId: 'starter',
      productName: 'Starter Website Package',
      amount: 97_425,
      stripePaymentIntentId: `pi_${sessionId}`,
      stripeSubscriptionId: `sub_${sessionId}`,
      customerEmail: 'ada.refunds@example.com',
      customerName: 'Ada Lovelace',
      status: 'paid',
      paidAt: AT,
      ...extra,
    },
    STARTER,
  );
  return created!.order;
}

const refund = (id: string, pi: string, extra: Partial<NewRefund> = {}): NewRefund => ({
  providerRefundId: id,
  provider: 'stripe',
  orderId: null,
  providerInvoiceId: null,
  paymentIntentId: pi,
  chargeId: null,
  amountCents: 1_000,
  currency: 'usd',
  status: 'pending',
  reason: null,
  refundedAt: AT,
  ...extra,
});

describe('refunds', () => {
  it('are one row per provider refund, whose status only moves forward and which never forgets its order', async () => {
    const o = await order('cs_refund_rows');
    await storeRefunds(db, [refund('re_a', 'pi_x', { orderId: o.id, providerInvoiceId: 'in_1' })]);
    await storeRefunds(db, [refund('re_a', 'pi_x', { status: 'succeeded' })]);
    const [late] = await storeRefunds(db, [refund('re_a', 'pi_x', { status: 'pending' })]);
    expect(late).toMatchObject({ status: 'succeeded', orderId: o.id, providerInvoiceId: 'in_1' });
    const [failed] = await storeRefunds(db, [refund('re_a', 'pi_x', { status: 'failed' })]);
    expect(failed?.status).toBe('failed');
    const [again] = await storeRefunds(db, [refund('re_a', 'pi_x', { status: 'succeeded' })]);
    expect(again?.status).toBe('failed');
  });

  it('count toward a payment’s total unless they failed or were canceled', async () => {
    await storeRefunds(db, [
      refund('re_b1', 'pi_sum', { status: 'succeeded', amountCents: 2_000 }),
      refund('re_b2', 'pi_sum', { status: 'pending', amountCents: 300 }),
      refund('re_b3', 'pi_sum', { status: 'failed', amountCents: 50_000 }),
      refund('re_b4', 'pi_sum', { status: 'canceled', amountCents: 40_000 }),
    ]);
    expect(await refundedOfPayment(db, 'pi_sum')).toBe(2_300);
    expect(await refundedOfPayment(db, 'pi_none')).toBe(0);
  });
});

describe("an order's breakdown", () => {
  const charge = chargeFor({
    currency: 'usd',
    subtotalCents: 100_000,
    promotion: { code: 'SAVE10', percentOff: 10 },
    tax: { ratePercent: 8.25 },
    invoice: {
      id: 'in_fill',
      number: 'N-1',
      hostedUrl: 'https://invoice.stripe.com/x',
      pdfUrl: null,
    },
  });

  it('is filled in where unknown by a later report of the same total, and nothing known changes', async () => {
    await order('cs_fill', { invoiceId: 'in_fill' });
    await fillOrderCharge(db, 'cs_fill', { ...charge, totalCents: 1 });
    const [untouched] = await db
      .select()
      .from(orders)
      .where(eq(orders.checkoutSessionId, 'cs_fill'));
    expect(untouched).toMatchObject({ subtotalCents: null, discounts: null });

    await fillOrderCharge(db, 'cs_fill', charge);
    const [filled] = await db.select().from(orders).where(eq(orders.checkoutSessionId, 'cs_fill'));
    expect(filled).toMatchObject({
      subtotalCents: 100_000,
      discountCents: 10_000,
      discounts: [{ code: 'SAVE10', amountCents: 10_000 }],
      taxCents: 7_425,
      invoiceId: 'in_fill',
      invoiceNumber: 'N-1',
      invoiceHostedUrl: 'https://invoice.stripe.com/x',
    });
    await fillOrderCharge(db, 'cs_fill', {
      ...charge,
      discounts: [{ code: 'OTHER', amountCents: 10_000 }],
    });
    const [kept] = await db.select().from(orders).where(eq(orders.checkoutSessionId, 'cs_fill'));
    expect(kept!.discounts).toEqual(filled!.discounts);
  });

  it('tells whether an address already used a promotion code (a failed payment did not)', async () => {
    await order('cs_code_used', {
      customerEmail: 'Code.User@Example.com',
      discounts: [{ code: 'SAVE10', amountCents: 10_000 }],
    });
    await order('cs_code_failed', {
      customerEmail: 'failed.user@example.com',
      status: 'failed',
      discounts: [{ code: 'SAVE10', amountCents: 10_000 }],
    });
    expect(await promotionCodeUsedBy(db, 'code.user@example.com', 'SAVE10')).toBe(true);
    expect(await promotionCodeUsedBy(db, 'code.user@example.com', 'OTHER')).toBe(false);
    expect(await promotionCodeUsedBy(db, 'failed.user@example.com', 'SAVE10')).toBe(false);
  });
});

describe("a person's money records", () => {
  it('are exported with the refunds of their orders; erasing them forgets the invoice links, never the invoice', async () => {
    const email = 'erase.money@example.com';
    const o = await order('cs_erase_money', {
      customerEmail: email,
      invoiceId: 'in_erase',
      invoiceNumber: 'E-1',
      invoiceHostedUrl: 'https://invoice.stripe.com/i/erase',
      invoicePdfUrl: 'https://pay.stripe.com/invoice/erase/pdf',
    });
    await storeRefunds(db, [
      refund('re_erase', o.stripePaymentIntentId, { orderId: o.id, status: 'succeeded' }),
    ]);
    await db.insert(subscriptionPayments).values({
      providerInvoiceId: 'in_erase_plan',
      providerSubscriptionId: o.stripeSubscriptionId!,
      billingReason: 'subscription_cycle',
      status: 'paid',
      amountCents: 29_900,
      invoiceNumber: 'E-2',
      invoiceHostedUrl: 'https://invoice.stripe.com/i/erase-plan',
    });
    const person = personWith(email, {
      orderIds: [o.id],
      subscriptionIds: [o.stripeSubscriptionId!],
    });

    const held = await orderRecordsPersonalData.holds(db, person);
    expect(held.refunds).toEqual([
      expect.objectContaining({ providerRefundId: 're_erase', orderId: o.id, amountCents: 1_000 }),
    ]);

    expect(await orderRecordsPersonalData.erase(db, person, AT)).toEqual({ orders: 1 });
    expect(await subscriptionRecordsPersonalData.erase(db, person, AT)).toEqual({
      subscriptions: 0,
      subscription_payments: 1,
    });
    const [erased] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(erased).toMatchObject({
      customerEmail: '',
      invoiceId: 'in_erase',
      invoiceNumber: 'E-1',
      invoiceHostedUrl: null,
      invoicePdfUrl: null,
      amount: 97_425,
    });
    const [plan] = await db
      .select()
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.providerInvoiceId, 'in_erase_plan'));
    expect(plan).toMatchObject({ invoiceNumber: 'E-2', invoiceHostedUrl: null });
    // A late invoice.paid does not bring the links back to an order without its buyer.
    await attachOrderInvoice(db, {
      id: 'in_erase',
      number: 'E-1',
      hostedUrl: 'https://invoice.stripe.com/i/erase',
      pdfUrl: 'https://pay.stripe.com/invoice/erase/pdf',
    });
    const [still] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(still).toMatchObject({ invoiceHostedUrl: null, invoicePdfUrl: null });
    // Nothing left to erase: the counts say so.
    expect(await orderRecordsPersonalData.erase(db, person, AT)).toEqual({ orders: 0 });
    expect(await subscriptionRecordsPersonalData.erase(db, person, AT)).toEqual({
      subscriptions: 0,
    });
  });
});
