/**
 * The simulated provider's monthly↔yearly switch: prorated as Stripe does, applied through the
 * webhook's reading of a subscription object (which is shaped as Stripe's own), so the record's
 * plan, cycle, price and period follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import { useFreshTestDb } from '../../testing/test-db';
import { stripeShapeProblems } from '../../testing/stripe-shapes';
import { startSimulatedSubscription } from './simulated-billing.server';
import { simulatePlanSwitch, switchedSubscriptionObject } from './simulated-plan-switch.server';
import { findSubscription, subscriptionsByProviderIds } from './subscription-records.server';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const T0 = new Date('2026-11-01T10:00:00Z');
const DAY = 86_400_000;
const after = (days: number, from = T0) => new Date(from.getTime() + days * DAY);
const event = (eventAt: Date) => ({ eventAt, provider: 'simulated' as const });

async function monthlyStarter(id: string) {
  await startSimulatedSubscription(db, {
    subscriptionId: id,
    sessionId: `sim_cs_${id}`,
    paymentIntentId: `sim_pi_${id}`,
    lines: [
      {
        id: 'lily-starter',
        name: 'Lily AI Starter',
        billingCycle: 'monthly',
        unitAmountCents: 19800,
        quantity: 1,
      },
    ],
    amountTotalCents: 19800,
    charge: null,
    plan: 'Lily AI Starter (monthly)',
    now: T0,
  });
  return (await findSubscription(db, id))!;
}

describe('the simulated monthly↔yearly switch', () => {
  it('charges the yearly price less the unused month, and the plan reads yearly from today', async () => {
    const row = await monthlyStarter('sim_sub_up');
    expect(row.lines).toEqual([
      {
        name: 'Lily AI Starter',
        quantity: 1,
        unitAmountCents: 19800,
        interval: 'month',
        productId: 'lily-starter',
      },
    ]);
    // 10 days into a 30-day period: 20/30 of $198.00 is credited.
    const message = await simulatePlanSwitch(db, row, 'yearly', event(after(10)));
    expect(message).toBe(
      'Switched to yearly billing: $1,900.00 per year from today; $1,768.00 charged now ($132.00 unused credited).',
    );
    const [plan] = await subscriptionsByProviderIds(db, ['sim_sub_up']);
    expect(plan).toMatchObject({
      status: 'active',
      plan: 'Lily AI Starter (yearly)',
      interval: 'year',
      amountCents: 190000,
      currentPeriodEnd: new Date('2027-11-11T10:00:00Z'),
      lines: [{ productId: 'lily-starter', interval: 'year', unitAmountCents: 190000 }],
    });
    expect(plan!.payments[0]).toMatchObject({
      billingReason: 'subscription_update',
      status: 'paid',
      amountCents: 176800,
      periodStart: after(10),
      periodEnd: new Date('2027-11-11T10:00:00Z'),
    });
    expect(plan!.latestInvoiceId).toBe(plan!.payments[0]!.providerInvoiceId);
  });

  it('switches back to monthly with nothing charged, and the shorter period replaces the year', async () => {
    await monthlyStarter('sim_sub_down');
    await simulatePlanSwitch(
      db,
      (await findSubscription(db, 'sim_sub_down'))!,
      'yearly',
      event(after(0)),
    );
    const yearly = (await findSubscription(db, 'sim_sub_down'))!;
    // 73 of 365 days used: $1,520.00 unused, more than a month costs.
    const at = after(73);
    const message = await simulatePlanSwitch(db, yearly, 'monthly', event(at));
    expect(message).toBe(
      'Switched to monthly billing: $198.00 per month from today; nothing charged now (the $1,520.00 unused stays as credit for the next invoices).',
    );
    const [plan] = await subscriptionsByProviderIds(db, ['sim_sub_down']);
    expect(plan).toMatchObject({
      plan: 'Lily AI Starter (monthly)',
      interval: 'month',
      amountCents: 19800,
      currentPeriodEnd: new Date('2027-02-13T10:00:00Z'),
    });
    expect(plan!.payments.map((p) => p.billingReason)).toEqual([
      'subscription_update',
      'subscription_create',
    ]);
  });

  it('refuses a switch the plan does not allow', async () => {
    const row = await monthlyStarter('sim_sub_refused');
    await expect(simulatePlanSwitch(db, row, 'monthly', event(after(1)))).rejects.toMatchObject({
      status: 409,
      message: 'This plan cannot switch to monthly billing.',
    });
    await expect(
      simulatePlanSwitch(db, { ...row, cancelAtPeriodEnd: true }, 'yearly', event(after(1))),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('builds the subscription Stripe would send, field for field one of Stripe’s', async () => {
    const row = await monthlyStarter('sim_sub_shape');
    const object = switchedSubscriptionObject(
      { ...row, providerCustomerId: 'cus_shape' },
      'yearly',
      { now: after(3), invoiceId: 'in_shape' },
    );
    expect(stripeShapeProblems(object)).toEqual([]);
  });
});
