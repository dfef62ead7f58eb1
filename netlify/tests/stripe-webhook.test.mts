/**
 * POST /api/stripe-webhook with events signed by stripe.webhooks.generateTestHeaderString:
 * signature checks on the raw body, exactly-once fulfilment under redelivery and races,
 * and the pending → paid / failed transitions of delayed payments.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  clients,
  emailOutbox,
  orderItems,
  orders,
  webhookEvents,
} from '../../src/server/db/schema.ts';
import { storeCheckoutSession } from '../../src/testing/checkout-fixtures.ts';
import { paidCheckoutSession, stripeEvent, useStripeWebhook } from './stripe-events.ts';

const SECRET = 'whsec_test_secret_for_vitest';
const stripe = useStripeWebhook(SECRET);
const { deliver } = stripe;
let sessionCounter = 0;

/** A checkout session as /api/create-checkout-session would have stored it. */
function storedSession(items = [{ id: 'starter', billingCycle: 'oneTime' as const, quantity: 1 }]) {
  return storeCheckoutSession(stripe.db, `cs_test_webhook_${++sessionCounter}`, items);
}

function event(
  type: string,
  session: { id: string; amount: number },
  overrides: Record<string, unknown> = {},
  eventId = `evt_${type}_${session.id}`,
) {
  return stripeEvent(
    eventId,
    type,
    paidCheckoutSession(session, {
      currency: 'usd',
      customer: 'cus_test_1',
      customer_email: null,
      customer_details: { email: 'Grace@Example.com', name: 'Grace Hopper' },
      payment_intent: `pi_for_${session.id}`,
      ...overrides,
    }),
    Math.floor(Date.now() / 1000),
  );
}

const ordersFor = (sessionId: string) =>
  stripe.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));

describe('Stripe webhook signature', () => {
  it('accepts a correctly signed event and creates the paid order', async () => {
    const session = await storedSession();
    const res = await deliver(event('checkout.session.completed', session));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { received: boolean; orderId: number; status: string };
    expect(body).toMatchObject({ received: true, status: 'paid' });
    const [order] = await ordersFor(session.id);
    expect(order).toMatchObject({
      id: body.orderId,
      amount: 100000,
      status: 'paid',
      customerEmail: 'Grace@Example.com',
      customerName: 'Grace Hopper',
      stripePaymentIntentId: `pi_for_${session.id}`,
      productId: 'starter',
    });
    const [client] = await stripe.db.select().from(clients);
    // Typing an address proves nothing: the Stripe customer waits on the order until the
    // client proves the address with a sign-in link.
    expect(client).toMatchObject({
      email: 'grace@example.com',
      stripeCustomerId: null,
      emailVerifiedAt: null,
    });
    expect(order?.clientId).toBe(client?.id);
    expect(order?.stripeCustomerId).toBe('cus_test_1');
  });

  it('rejects a tampered body, a missing signature, a wrong secret and a stale timestamp with 400', async () => {
    const session = await storedSession();
    const payload = event('checkout.session.completed', session);
    const signature = stripe.sign(payload);

    const tampered = payload.replace('"amount_total":100000', '"amount_total":1');
    expect((await deliver(tampered, signature)).status).toBe(400);
    expect((await deliver(payload, null)).status).toBe(400);
    expect((await deliver(payload, 'garbage')).status).toBe(400);
    const foreign = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_someone_else',
    });
    expect((await deliver(payload, foreign)).status).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 60 * 60,
    });
    const res = await deliver(payload, stale);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Invalid webhook signature' });

    expect(await ordersFor(session.id)).toEqual([]);
  });
});

describe('exactly-once fulfilment', () => {
  it('creates one order (and one e-mail) when the same event arrives 20 times, 10 of them at once', async () => {
    const session = await storedSession([
      { id: 'starter', billingCycle: 'oneTime', quantity: 1 },
      { id: 'advanced', billingCycle: 'oneTime', quantity: 1 },
    ]);
    const payload = event('checkout.session.completed', session);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    const sequential = [];
    for (let i = 0; i < 10; i++) sequential.push(await deliver(payload));
    for (const res of [...concurrent, ...sequential]) expect(res.status).toBe(200);

    const found = await ordersFor(session.id);
    expect(found).toHaveLength(1);
    const items = await stripe.db.select().from(orderItems);
    expect(items.filter((i) => i.orderId === found[0]?.id)).toHaveLength(2);
    const mails = await stripe.db.select().from(emailOutbox);
    expect(mails.filter((m) => m.kind === 'order-confirmation')).toHaveLength(1);
    expect(mails[0]?.to).toBe('Grace@Example.com');
    expect(mails[0]?.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(Buffer.from(mails[0]!.attachments[0]!.content, 'base64').subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
    const events = await stripe.db.select().from(webhookEvents);
    expect(
      events.filter((e) => e.id === `evt_checkout.session.completed_${session.id}`),
    ).toHaveLength(1);
  });

  it('answers a redelivered event as a duplicate without new work', async () => {
    const session = await storedSession();
    const payload = event('checkout.session.completed', session);
    await deliver(payload);
    const again = await deliver(payload);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
  });

  it('keeps a delayed payment pending, then marks it paid exactly once', async () => {
    const session = await storedSession();
    const completed = await deliver(
      event('checkout.session.completed', session, { payment_status: 'unpaid' }),
    );
    expect(await completed.json()).toMatchObject({ status: 'pending' });
    expect(await stripe.db.select().from(emailOutbox)).toHaveLength(0);

    const succeeded = event('checkout.session.async_payment_succeeded', session);
    await Promise.all([deliver(succeeded), deliver(succeeded), deliver(succeeded)]);
    const [order] = await ordersFor(session.id);
    expect(order?.status).toBe('paid');
    expect(order?.paidAt).toBeInstanceOf(Date);
    expect(await stripe.db.select().from(emailOutbox)).toHaveLength(1);

    // A late "completed (unpaid)" with a new event id never moves the order back.
    await deliver(
      event('checkout.session.completed', session, { payment_status: 'unpaid' }, 'evt_late_retry'),
    );
    expect((await ordersFor(session.id))[0]?.status).toBe('paid');
  });

  it('marks a failed delayed payment as failed and sends no confirmation', async () => {
    const session = await storedSession();
    await deliver(event('checkout.session.completed', session, { payment_status: 'unpaid' }));
    const res = await deliver(
      event('checkout.session.async_payment_failed', session, { payment_status: 'unpaid' }),
    );
    expect(await res.json()).toMatchObject({ status: 'failed' });
    expect((await ordersFor(session.id))[0]?.status).toBe('failed');
    expect(await stripe.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('acknowledges events it does not handle and sessions it did not create', async () => {
    const other = stripeEvent(
      'evt_other',
      'customer.created',
      { id: 'cus_1', object: 'customer' },
      Math.floor(Date.now() / 1000),
    );
    expect(await (await deliver(other)).json()).toEqual({ received: true, ignored: true });
    const foreign = await deliver(
      event('checkout.session.completed', { id: 'cs_not_ours', amount: 5 }),
    );
    expect(foreign.status).toBe(200);
    expect(await ordersFor('cs_not_ours')).toEqual([]);
  });
});

describe('off the request path', () => {
  it('answers once the order is committed; the e-mail goes out through waitUntil', async () => {
    // An SMTP server that accepts the connection and never answers: before, the webhook
    // waited for it (≥ 10 s) before Stripe got its 2xx.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const handedOver: Promise<unknown>[] = [];
    try {
      const session = await storedSession();
      const payload = event('checkout.session.completed', session);
      const started = Date.now();
      const res = await deliver(payload, undefined, {
        waitUntil: (p: Promise<unknown>) => void handedOver.push(p),
      });
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(handedOver).toHaveLength(1);
      const [mail] = await stripe.db.select().from(emailOutbox);
      expect(mail).toMatchObject({ kind: 'order-confirmation', status: 'pending' });
    } finally {
      delete process.env.SMTP_URL;
      for (const socket of sockets) socket.destroy();
      silent.close();
      await Promise.allSettled(handedOver);
    }
  });
});
