import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../../server/db/client';
import { refunds, subscriptionPayments } from '../../../server/db/schema';
import { seedOrder } from '../../../testing/admin-seed';
import { useFreshTestDb } from '../../../testing/test-db';
import { getOverview } from './overview.server';
import { revenueTotals } from './weeks';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const NOW = new Date('2026-03-18T12:00:00Z');
const at = (iso: string) => new Date(`${iso}T10:00:00Z`);
const breakdown = (subtotal: number, tax: number) => ({
  amount: subtotal + tax,
  subtotalCents: subtotal,
  discountCents: 0,
  taxCents: tax,
});

describe('the overview counts money as an accountant does', () => {
  it('nets out tax and refunds per week, refunds in their own week, unknown tax flagged', async () => {
    // Week of Mar 2: an order of $1,000 + $82.50 tax, and an old $500 order of unknown tax.
    const taxed = await seedOrder(db, {
      ...breakdown(100_000, 8_250),
      createdAt: at('2026-03-03'),
      stripePaymentIntentId: 'pi_taxed',
      stripeSubscriptionId: 'sub_acct',
    });
    await seedOrder(db, { amount: 50_000, taxCents: null, createdAt: at('2026-03-04') });
    // Week of Mar 9: the plan's renewal, $100 + $8.25 tax; its first invoice is the order.
    await db.insert(subscriptionPayments).values([
      {
        providerInvoiceId: 'in_first',
        providerSubscriptionId: 'sub_acct',
        paymentIntentId: 'pi_taxed',
        billingReason: 'subscription_create',
        status: 'paid',
        amountCents: 108_250,
        taxCents: 8_250,
        paidAt: at('2026-03-03'),
      },
      {
        providerInvoiceId: 'in_renewal',
        providerSubscriptionId: 'sub_acct',
        paymentIntentId: 'pi_renewal',
        billingReason: 'subscription_cycle',
        status: 'paid',
        amountCents: 10_825,
        taxCents: 825,
        paidAt: at('2026-03-10'),
      },
    ]);
    // Week of Mar 16: $250 of the taxed order refunded (the order shows its running total).
    await db.insert(refunds).values({
      providerRefundId: 're_partial',
      provider: 'stripe',
      orderId: taxed.id,
      paymentIntentId: 'pi_taxed',
      amountCents: 25_000,
      status: 'succeeded',
      refundedAt: at('2026-03-16'),
    });
    await db.insert(refunds).values({
      providerRefundId: 're_failed',
      provider: 'stripe',
      orderId: taxed.id,
      paymentIntentId: 'pi_taxed',
      amountCents: 9_999,
      status: 'failed',
      refundedAt: at('2026-03-17'),
    });
    // A refund from before the refunds table: only the order's running total and date.
    await seedOrder(db, {
      amount: 20_000,
      taxCents: 0,
      createdAt: at('2026-03-05'),
      refundedCents: 5_000,
      refundedAt: at('2026-03-17'),
    });

    const weeks = (await getOverview(db, NOW)).revenueByWeek.slice(-3);
    expect(weeks).toEqual([
      {
        weekStart: '2026-03-02',
        grossCents: 178_250,
        taxCents: 8_250,
        refundedCents: 0,
        netCents: 170_000,
        orders: 3,
        renewals: 0,
        taxUnknown: 1,
      },
      {
        weekStart: '2026-03-09',
        grossCents: 10_825,
        taxCents: 825,
        refundedCents: 0,
        netCents: 10_000,
        orders: 0,
        renewals: 1,
        taxUnknown: 0,
      },
      {
        weekStart: '2026-03-16',
        grossCents: 0,
        taxCents: 0,
        refundedCents: 30_000,
        netCents: -30_000,
        orders: 0,
        renewals: 0,
        taxUnknown: 0,
      },
    ]);
    expect(revenueTotals(weeks).netCents).toBe(150_000);
  });
});
