/**
 * The simulated provider playing a plan's whole life (local mode), as a buyer and the agency
 * see it: a monthly plan bought, renewed twice, one renewal failed then recovered, canceled at
 * period end; a one-time order refunded. After each step: the client dashboard's view and the
 * admin overview. POST /api/test/simulate-billing is the dashboard's and admin's button.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import { emailOutbox, orders } from '../../src/server/db/schema.ts';
import { getOverview } from '../../src/features/admin/overview/overview.server.ts';
import type { DashboardView } from '../../src/features/dashboard/dashboard.ts';
import { adminRequest, seedAdmin } from '../../src/testing/admin-seed.ts';
import { routed } from '../../src/testing/requests.ts';
import * as checkoutSessionFn from '../functions/checkout-session.mts';
import adminOrders from '../functions/admin-orders.mts';
import dashboardData from '../functions/dashboard-data.mts';
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

/** Buys `items` in simulated mode as Ada; answers the order and the dashboard cookie. */
async function buy(items: { id: string; billingCycle: string; quantity: number }[]) {
  const started = await startCheckout(items);
  const sessionId = started.id;
  await simulatedCheckout(
    new Request(`${ORIGIN}/api/simulated-checkout`, {
      method: 'POST',
      body: new URLSearchParams({
        session: sessionId,
        action: 'pay',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      }),
      headers: { origin: ORIGIN },
    }),
    {},
  );
  const lookup = await checkoutSession(
    new Request(`${ORIGIN}/api/checkout-session/${sessionId}`, {
      headers: { cookie: started.attempt },
    }),
    {},
  );
  const [order] = await db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
  return { order: order!, cookie: cookieOf(lookup) };
}

async function simulate(cookie: string, orderId: number, action: string) {
  const res = await simulateBillingFn(
    new Request(`${ORIGIN}/api/test/simulate-billing`, {
      method: 'POST',
      body: JSON.stringify({ orderId, action }),
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
    }),
    {},
  );
  return { status: res.status, body: (await res.json()) as { message?: string; error?: string } };
}

async function dashboard(cookie: string): Promise<DashboardView> {
  const res = await dashboardData(
    new Request(`${ORIGIN}/api/dashboard`, { headers: { cookie } }),
    {},
  );
  return (await res.json()) as DashboardView;
}

describe('a monthly plan played through its life in local mode', () => {
  it('renews twice, recovers from a failed renewal, cancels at period end; the dashboard and admin follow', async () => {
    const { order, cookie } = await buy([{ id: 'lily', billingCycle: 'monthly', quantity: 1 }]);
    let view = await dashboard(cookie);
    const [bought] = view.subscriptions;
    expect(bought).toMatchObject({
      plan: 'Lily AI Sales Agent (monthly)',
      status: 'active',
      interval: 'month',
      orderId: order.id,
      lastPayment: { amountCents: order.amount, refundedCents: 0 },
      simulatedActions: [
        { action: 'renew', label: 'Simulate renewal' },
        { action: 'fail_renewal', label: 'Simulate failed renewal' },
        { action: 'cancel_at_period_end', label: 'Cancel at period end' },
        { action: 'refund', label: 'Refund last payment' },
        { action: 'partial_refund', label: 'Refund half of last payment' },
      ],
    });
    const firstEnd = new Date(bought!.currentPeriodEnd!);

    // Renewal 1 and 2: each pays one month and moves the renewal date a month on.
    for (const months of [1, 2]) {
      expect((await simulate(cookie, order.id, 'renew')).body.message).toBe(
        'The plan renewed and was paid.',
      );
      view = await dashboard(cookie);
      const expected = new Date(firstEnd);
      expected.setUTCMonth(expected.getUTCMonth() + months);
      expect(view.subscriptions[0]).toMatchObject({
        status: 'active',
        currentPeriodEnd: expected.toISOString(),
        lastPayment: { amountCents: bought!.amountCents },
      });
    }
    let overview = await getOverview(db);
    expect(overview.subscriptions).toMatchObject({
      active: 1,
      pastDue: 0,
      mrrCents: bought!.amountCents,
    });
    expect(overview.revenueByWeek.at(-1)).toMatchObject({ orders: 1, renewals: 2 });

    // Renewal 3 fails: past due, the client is e-mailed, the admin lists it to follow up.
    await db.delete(emailOutbox);
    expect((await simulate(cookie, order.id, 'fail_renewal')).body.message).toMatch(/failed/);
    view = await dashboard(cookie);
    expect(view.subscriptions[0]?.status).toBe('past due');
    const mails = await db.select().from(emailOutbox);
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'subscription.payment_failed',
      'subscription.payment_failed.team',
    ]);
    overview = await getOverview(db);
    expect(overview.subscriptions.pastDue).toBe(1);
    expect(overview.subscriptions.failedPayments).toHaveLength(1);

    // Recovered: the same invoice is paid on retry, the plan is active again.
    expect((await simulate(cookie, order.id, 'renew')).body.message).toBe(
      'The failed renewal was paid; the plan is active again.',
    );
    view = await dashboard(cookie);
    expect(view.subscriptions[0]?.status).toBe('active');
    overview = await getOverview(db);
    expect(overview.subscriptions.failedPayments).toEqual([]);
    expect(overview.revenueByWeek.at(-1)).toMatchObject({ renewals: 3 });

    // Canceled at period end: canceling until the date, then canceled when the period runs out.
    const endBefore = view.subscriptions[0]!.currentPeriodEnd!;
    await simulate(cookie, order.id, 'cancel_at_period_end');
    view = await dashboard(cookie);
    expect(view.subscriptions[0]).toMatchObject({
      status: 'canceling',
      currentPeriodEnd: endBefore,
    });
    expect((await simulate(cookie, order.id, 'renew')).body.message).toBe(
      'The period ended and the plan was canceled, as requested.',
    );
    view = await dashboard(cookie);
    expect(view.subscriptions[0]).toMatchObject({ status: 'canceled', endedAt: endBefore });
    overview = await getOverview(db);
    expect(overview.subscriptions).toMatchObject({ active: 0, mrrCents: 0 });
    expect((await simulate(cookie, order.id, 'renew')).status).toBe(409);
  });

  it('switches a monthly plan to yearly and back, as the portal does: the dashboard and the admin show the new cycle and price', async () => {
    const { order, cookie } = await buy([
      { id: 'lily-starter', billingCycle: 'monthly', quantity: 1 },
    ]);
    let view = await dashboard(cookie);
    expect(view.subscriptions[0]).toMatchObject({
      plan: 'Lily AI Starter (monthly)',
      interval: 'month',
      amountCents: 19800,
      simulatedActions: [
        { action: 'renew', label: 'Simulate renewal' },
        { action: 'fail_renewal', label: 'Simulate failed renewal' },
        { action: 'cancel_at_period_end', label: 'Cancel at period end' },
        { action: 'switch_to_yearly', label: 'Switch to yearly' },
        { action: 'refund', label: 'Refund last payment' },
        { action: 'partial_refund', label: 'Refund half of last payment' },
      ],
    });
    const monthlyEnd = new Date(view.subscriptions[0]!.currentPeriodEnd!);

    const switched = await simulate(cookie, order.id, 'switch_to_yearly');
    expect(switched.status).toBe(200);
    expect(switched.body.message).toMatch(
      /^Switched to yearly billing: \$1,900\.00 per year from today; \$[\d,.]+ charged now \(\$[\d,.]+ unused credited\)\.$/,
    );
    view = await dashboard(cookie);
    const yearly = view.subscriptions[0]!;
    expect(yearly).toMatchObject({
      plan: 'Lily AI Starter (yearly)',
      status: 'active',
      interval: 'year',
      amountCents: 190000,
    });
    expect(yearly.simulatedActions.map((a) => a.action)).toContain('switch_to_monthly');
    // The new period runs a year from the switch; the prorated charge is the last payment.
    expect(new Date(yearly.currentPeriodEnd!).getTime()).toBeGreaterThan(monthlyEnd.getTime());
    expect(yearly.lastPayment!.amountCents).toBeGreaterThan(190000 - 19800 - 1);
    expect(yearly.lastPayment!.amountCents).toBeLessThan(190000);

    const admin = await seedAdmin(db);
    const listed = await adminOrders(
      adminRequest('GET', `/api/admin/orders?q=${order.orderNumber}`, {
        cookie: await admin.cookie(),
      }),
      {},
    );
    const { items } = (await listed.json()) as {
      items: { id: number; subscription: Record<string, unknown> | null }[];
    };
    expect(items.find((o) => o.id === order.id)?.subscription).toMatchObject({
      status: 'active',
      plan: 'Lily AI Starter (yearly)',
      interval: 'year',
      amountCents: 190000,
    });

    const back = await simulate(cookie, order.id, 'switch_to_monthly');
    expect(back.body.message).toMatch(/^Switched to monthly billing: \$198\.00 per month/);
    view = await dashboard(cookie);
    expect(view.subscriptions[0]).toMatchObject({
      plan: 'Lily AI Starter (monthly)',
      interval: 'month',
      amountCents: 19800,
    });
    expect(new Date(view.subscriptions[0]!.currentPeriodEnd!).getTime()).toBeLessThan(
      new Date(yearly.currentPeriodEnd!).getTime(),
    );
    expect((await simulate(cookie, order.id, 'switch_to_monthly')).status).toBe(409);
  });

  it('refunds a one-time order in full: refunded on the dashboard and in the revenue', async () => {
    const { order, cookie } = await buy([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }]);
    const before = (await getOverview(db)).revenueByWeek.at(-1)!;
    expect((await simulate(cookie, order.id, 'refund')).body.message).toBe(
      'The order was refunded in full.',
    );
    const view = await dashboard(cookie);
    expect(view.orders.find((o) => o.id === order.id)?.status).toBe('refunded');
    const after = (await getOverview(db)).revenueByWeek.at(-1)!;
    expect(after.refundedCents - before.refundedCents).toBe(order.amount);
    expect(before.netCents - after.netCents).toBe(order.amount);
  });

  it('lets an admin act on any order, and nobody else', async () => {
    const { order } = await buy([{ id: 'lily-ai', billingCycle: 'monthly', quantity: 1 }]);
    const stranger = await simulate('', order.id, 'renew');
    expect(stranger).toEqual({ status: 404, body: { error: 'Order not found' } });
    const admin = await seedAdmin(db);
    const res = await simulateBillingFn(
      adminRequest('POST', '/api/test/simulate-billing', {
        cookie: await admin.cookie(),
        body: { orderId: order.id, action: 'renew' },
      }),
      {},
    );
    expect(res.status).toBe(200);
    const bad = await simulate('', order.id, 'explode');
    expect(bad.status).toBe(400);
  });

  it('does not exist when payments are real', async () => {
    const previous = process.env.STRIPE_SECRET_KEY;
    process.env.STRIPE_SECRET_KEY = 'sk_test_real';
    try {
      expect((await simulate('', 1, 'renew')).status).toBe(404);
    } finally {
      if (previous === undefined) delete process.env.STRIPE_SECRET_KEY;
      else process.env.STRIPE_SECRET_KEY = previous;
    }
  });
});
