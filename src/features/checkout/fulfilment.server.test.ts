/**
 * Exactly-once fulfilment under faults: the connection dies inside the order's transaction
 * (src/testing/faulty-db.ts), so nothing of it commits, and every path that fulfils (the
 * simulated Pay, the Stripe webhook, the success page's lookup, the scheduled sweep) then
 * finishes the purchase once: one order, its session complete, one confirmation e-mail.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { checkoutSessions, emailOutbox, orders, webhookEvents } from '../../server/db/schema';
import type { PaymentProvider, ProviderSession } from '../../server/payments/provider';
import { storeCheckoutSession } from '../../testing/checkout-fixtures';
import { stripeShapeProblems } from '../../testing/stripe-shapes';
import { dbLosingEveryCommit } from '../../testing/faulty-db';
import { useFreshTestDb } from '../../testing/test-db';
import {
  handleStripeEvent,
  lookupCheckoutSession,
  runSimulatedAction,
  sweepCheckouts,
} from './checkout.server';
import { SWEEP_GRACE_MS } from './checkout-sweep.server';
import * as sweepFunction from '../../../netlify/functions/checkout-sweep.mts';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const paid = (id: string): ProviderSession => ({
  id,
  status: 'complete',
  paymentStatus: 'paid',
  customerEmail: `${id}@example.com`,
  customerName: 'Zoë',
  paymentIntentId: `pi_${id}`,
  subscriptionId: null,
  customerId: null,
  amountTotalCents: null,
});

/** A provider that reports each session as `state(id)` says, and counts what it was asked. */
function provider(state: (id: string) => Partial<ProviderSession> | Error): PaymentProvider & {
  asked: string[];
} {
  const asked: string[] = [];
  return {
    name: 'stripe',
    asked,
    createCheckout: () => Promise.reject(new Error('not used')),
    retrieveSession: async ({ id }) => {
      asked.push(id);
      const answer = state(id);
      if (answer instanceof Error) throw answer;
      return { ...paid(id), ...answer };
    },
  };
}

/** What the database holds of one purchase. */
async function purchase(id: string) {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return {
    status: session?.status,
    orders: await db.$count(orders, eq(orders.checkoutSessionId, id)),
    confirmations: await db.$count(
      emailOutbox,
      eq(emailOutbox.to, session?.customerEmail ?? `${id}@example.com`),
    ),
  };
}

const done = { status: 'complete', orders: 1, confirmations: 1 };

async function expectUnavailable(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isDatabaseUnavailable(error), String(error)).toBe(true);
}

describe('the simulated Pay', () => {
  it('records nothing when the connection dies before the commit, and a second press pays once', async () => {
    const id = 'sim_cs_fault';
    await storeCheckoutSession(db, id, undefined, 'simulated');
    const pay = {
      action: 'pay',
      session: id,
      name: 'Zoë',
      email: 'Zoe.Fault@example.com',
    } as const;

    await expectUnavailable(runSimulatedAction(dbLosingEveryCommit(db), pay));
    // Not "complete without an order": the payment and its order are one transaction.
    expect(await purchase(id)).toEqual({ status: 'open', orders: 0, confirmations: 0 });

    expect(await runSimulatedAction(db, pay)).toMatch(
      /\/checkout\/success\?session_id=sim_cs_fault/,
    );
    expect(await runSimulatedAction(db, pay)).toMatch(/\/checkout\/success/);
    expect(await purchase(id)).toEqual(done);
  });

  it('starts a plan with its order or not at all', async () => {
    const id = 'sim_cs_plan_fault';
    await storeCheckoutSession(
      db,
      id,
      [{ id: 'lily-ai', billingCycle: 'monthly', quantity: 1 }],
      'simulated',
    );
    const pay = { action: 'pay', session: id, name: 'Zoë', email: 'plan@example.com' } as const;
    await expectUnavailable(runSimulatedAction(dbLosingEveryCommit(db), pay));
    expect(await purchase(id)).toMatchObject({ status: 'open', orders: 0 });
    await runSimulatedAction(db, pay);
    const [order] = await db.select().from(orders).where(eq(orders.checkoutSessionId, id));
    expect(order?.stripeSubscriptionId).toMatch(/^sim_sub_/);
    expect(await purchase(id)).toEqual(done);
  });

  it('completes a session an earlier fault left paid without its order', async () => {
    const id = 'sim_cs_half_done';
    await storeCheckoutSession(db, id, undefined, 'simulated');
    // What Pay did before the payment and its order became one transaction.
    await db
      .update(checkoutSessions)
      .set({ status: 'complete', customerEmail: 'half@example.com', customerName: 'Half' })
      .where(eq(checkoutSessions.id, id));
    const pay = { action: 'pay', session: id, name: 'Half', email: 'half@example.com' } as const;
    expect(await runSimulatedAction(db, pay)).toMatch(/\/checkout\/success/);
    expect(await purchase(id)).toEqual(done);
  });
});

function completedEvent(eventId: string, sessionId: string): Stripe.Event {
  const event = {
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        status: 'complete',
        payment_status: 'paid',
        customer_details: { email: `${sessionId}@example.com`, name: 'Zoë' },
        payment_intent: `pi_${sessionId}`,
        amount_total: 99_900,
      },
    },
  };
  expect(stripeShapeProblems(event)).toEqual([]);
  return event as unknown as Stripe.Event;
}

describe('the Stripe webhook', () => {
  it('answers a fault with an error Stripe retries, and the retry fulfils once', async () => {
    const id = 'cs_webhook_fault';
    await storeCheckoutSession(db, id);
    const event = completedEvent('evt_fault', id);
    await expectUnavailable(handleStripeEvent(dbLosingEveryCommit(db), event));
    expect(await purchase(id)).toEqual({ status: 'open', orders: 0, confirmations: 0 });
    // Not recorded as processed, so the redelivery is not taken for a duplicate.
    expect(await db.$count(webhookEvents, eq(webhookEvents.id, 'evt_fault'))).toBe(0);

    expect(await handleStripeEvent(db, event)).toMatchObject({ status: 'paid' });
    expect(await handleStripeEvent(db, event)).toMatchObject({ duplicate: true });
    expect(await purchase(id)).toEqual(done);
  });
});

describe('the success page lookup', () => {
  it('answers a fault with an error the page retries, and the retry fulfils once', async () => {
    const id = 'cs_lookup_fault';
    await storeCheckoutSession(db, id);
    const request = new Request(`http://localhost:4321/api/checkout-session/${id}`);
    const options = {
      provider: provider(() => ({})),
      ip: '203.0.113.9',
      rateLimit: false,
    } as const;
    await expectUnavailable(
      lookupCheckoutSession(request, id, { ...options, db: dbLosingEveryCommit(db) }),
    );
    expect(await purchase(id)).toEqual({ status: 'open', orders: 0, confirmations: 0 });
    const found = await lookupCheckoutSession(request, id, { ...options, db });
    expect(found?.view.session.status).toBe('complete');
    expect(await purchase(id)).toEqual(done);
  });
});

describe('the scheduled sweep', () => {
  const later = () => new Date(Date.now() + SWEEP_GRACE_MS + 60_000);

  it('fulfils sessions paid at the provider that no webhook or lookup completed, once', async () => {
    await storeCheckoutSession(db, 'cs_sweep_paid');
    await storeCheckoutSession(db, 'cs_sweep_open');
    await storeCheckoutSession(db, 'cs_sweep_expired');
    const stripe = provider((id) =>
      id === 'cs_sweep_open'
        ? { status: 'open', paymentStatus: 'unpaid' }
        : id === 'cs_sweep_expired'
          ? { status: 'expired', paymentStatus: 'unpaid' }
          : {},
    );

    // A fault half-way through commits nothing (an expiry commits with its reminder decision,
    // so it fails too), and the next run finishes both.
    const failed = await sweepCheckouts(dbLosingEveryCommit(db), {
      now: later(),
      provider: stripe,
    });
    expect(failed).toMatchObject({ checked: 3, fulfilled: 0, failed: 2, expired: 0 });
    expect(await purchase('cs_sweep_paid')).toMatchObject({ status: 'open', orders: 0 });
    expect(await purchase('cs_sweep_expired')).toMatchObject({ status: 'open', orders: 0 });

    const run = await sweepCheckouts(db, { now: later(), provider: stripe });
    expect(run).toMatchObject({ checked: 3, fulfilled: 1, expired: 1, failed: 0 });
    expect(await purchase('cs_sweep_paid')).toEqual(done);
    expect(await purchase('cs_sweep_expired')).toMatchObject({ status: 'expired', orders: 0 });
    expect(await purchase('cs_sweep_open')).toMatchObject({ status: 'open', orders: 0 });

    // The next run asks only about what may still be paid, and fulfils nothing twice.
    stripe.asked.length = 0;
    expect(await sweepCheckouts(db, { now: later(), provider: stripe })).toMatchObject({
      fulfilled: 0,
    });
    expect(stripe.asked).not.toContain('cs_sweep_paid');
    expect(stripe.asked).not.toContain('cs_sweep_expired');
    expect(await purchase('cs_sweep_paid')).toEqual(done);
  });

  it('leaves a session alone while its buyer may still be paying, and goes on past one that fails', async () => {
    await storeCheckoutSession(db, 'cs_sweep_fresh');
    const stripe = provider(() => ({}));
    await sweepCheckouts(db, { now: new Date(), provider: stripe });
    expect(stripe.asked).not.toContain('cs_sweep_fresh');

    await storeCheckoutSession(db, 'cs_sweep_flaky');
    const flaky = provider((id) => (id === 'cs_sweep_flaky' ? new Error('Stripe is down') : {}));
    const run = await sweepCheckouts(db, { now: later(), provider: flaky });
    expect(run.failed).toBe(1);
    expect(await purchase('cs_sweep_fresh')).toEqual(done);
  });

  it('runs every 10 minutes as a scheduled function (no URL) on the process database', async () => {
    expect(sweepFunction.config).toEqual({ schedule: '*/10 * * * *' });
    const answer = await sweepFunction.default();
    expect(answer.status).toBe(200);
    // Everything of this file is either done or still inside its buyer's grace period.
    expect(await answer.json()).toEqual({ checked: 0, fulfilled: 0, expired: 0, failed: 0 });
  });
});
