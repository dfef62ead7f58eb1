import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import { useFreshTestDb } from '../../testing/test-db';
import { getOverview } from '../admin/overview/overview.server';
import {
  applySubscriptionSnapshot,
  recordInvoiceFailed,
  recordInvoicePaid,
  recordRefund,
  subscriptionStats,
  type InvoiceSnapshot,
  type SubscriptionSnapshot,
} from './subscriptions.server';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const event = (eventAt: Date) => ({ eventAt, provider: 'stripe' as const });

function plan(id: string, overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    providerSubscriptionId: id,
    providerCustomerId: 'cus_1',
    status: 'active',
    plan: `Plan ${id}`,
    lines: [{ name: 'Lily AI', quantity: 1, unitAmountCents: 29900, interval: 'month' }],
    interval: 'month',
    amountCents: 29900,
    currentPeriodEnd: new Date(NOW.getTime() + 10 * DAY),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    latestInvoiceId: null,
    ...overrides,
  };
}

function invoice(id: string, sub: string, reason = 'subscription_cycle'): InvoiceSnapshot {
  return {
    providerInvoiceId: id,
    providerSubscriptionId: sub,
    paymentIntentId: `pi_${id}`,
    billingReason: reason,
    amountCents: 29900,
    periodStart: ago(1),
    periodEnd: new Date(NOW.getTime() + 29 * DAY),
    attempts: 1,
    charge: null,
  };
}

describe('subscriptions in the admin overview', () => {
  it('counts active, past due and canceling plans, MRR, and the failed payments to follow up', async () => {
    await applySubscriptionSnapshot(db, plan('sub_a'), event(ago(40)));
    await applySubscriptionSnapshot(
      db,
      plan('sub_y', { interval: 'year', amountCents: 299000 }),
      event(ago(40)),
    );
    await applySubscriptionSnapshot(db, plan('sub_c', { cancelAtPeriodEnd: true }), event(ago(40)));
    await applySubscriptionSnapshot(db, plan('sub_p', { status: 'past_due' }), event(ago(2)));
    await applySubscriptionSnapshot(db, plan('sub_x', { status: 'canceled' }), event(ago(2)));
    await recordInvoiceFailed(db, invoice('in_p', 'sub_p'), event(ago(2)));

    const stats = await subscriptionStats(db);
    expect(stats).toMatchObject({ active: 3, pastDue: 1, canceling: 1 });
    // 3 monthly plans at $299 and a yearly one at $2,990 (a twelfth: $249.17); canceled excluded.
    expect(stats.mrrCents).toBe(3 * 29900 + 24917);
    expect(stats.failedPayments).toEqual([
      {
        invoiceId: 'in_p',
        plan: 'Plan sub_p',
        amountCents: 29900,
        attempts: 1,
        failedAt: ago(2).toISOString(),
      },
    ]);
  });

  it('puts renewals into the weekly revenue and takes refunds out, never the first invoice twice', async () => {
    await recordInvoicePaid(db, invoice('in_first', 'sub_a', 'subscription_create'), event(ago(1)));
    await recordInvoicePaid(db, invoice('in_renew', 'sub_a'), event(ago(1)));
    await recordRefund(
      db,
      {
        paymentIntentId: 'pi_in_renew',
        chargeId: 'ch_1',
        refundedCents: 10000,
        amountCents: 29900,
        refunds: [],
      },
      event(NOW),
    );
    const overview = await getOverview(db, NOW);
    const week = overview.revenueByWeek.at(-1)!;
    expect(week).toMatchObject({ orders: 0, renewals: 1, refundedCents: 10000, netCents: 19900 });
    expect(overview.subscriptions.active).toBe(3);
  });
});
