/**
 * The checkout functions end to end (handlers called with Requests, in-memory database):
 * validation and server-side pricing, the simulated provider's Pay / Decline / Cancel,
 * the success page lookup with its client session, orders, downloads, and the test-only
 * endpoints. The Stripe path runs against a local stand-in for the Stripe API.
 */
import { routed } from '../../src/testing/requests.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import {
  checkoutSessions,
  orders,
  subscriptionPayments,
  subscriptions,
} from '../../src/server/db/schema.ts';
import { CATALOGUE_NOT_IN_STRIPE } from '../../src/server/payments/stripe-prices.ts';
import { startStripeStandIn, type StandIn } from '../../src/testing/stripe-stand-in.ts';
import {
  attachStripeCustomer,
  clientForPurchase,
  CLIENT_SESSION_COOKIE,
  proveClientEmail,
  startClientSession,
} from '../../src/features/clients/clients.server.ts';
import {
  CHECKOUT_ATTEMPT_COOKIE,
  expireCheckout,
  STRIPE_READS_PER_VISITOR,
} from '../../src/features/checkout/checkout.server.ts';
import * as checkoutSessionFn from '../functions/checkout-session.mts';
import createCheckoutSession from '../functions/create-checkout-session.mts';
import createPaymentIntent from '../functions/create-payment-intent.mts';
import dashboardData from '../functions/dashboard-data.mts';
import * as downloadFn from '../functions/download.mts';
import * as ordersModule from '../functions/orders.mts';
import simulatedCheckout from '../functions/simulated-checkout.mts';
import mockOrder from '../functions/test-create-mock-order.mts';

const checkoutSession = routed(checkoutSessionFn);
const download = routed(downloadFn);
const ordersFn = routed(ordersModule);

const ORIGIN = 'http://localhost:4321';
let db: Db;

beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

type Item = Record<string, unknown>;
const payload = (items: Item[], extra: Record<string, unknown> = {}) => ({
  items,
  success_url: `${ORIGIN}/checkout/success`,
  cancel_url: `${ORIGIN}/checkout`,
  ...extra,
});

function post(
  fn: typeof createCheckoutSession,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fn(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    }),
    {},
  );
}

let visitors = 0;
/** A GET from a new visitor each time, unless `ip` names one. */
function get(fn: typeof checkoutSession, path: string, cookie?: string, ip?: string) {
  visitors += 1;
  return fn(new Request(`${ORIGIN}${path}`, cookie ? { headers: { cookie } } : {}), {
    ip: ip ?? `10.20.${visitors >> 8}.${visitors & 255}`,
  });
}

function submitForm(fields: Record<string, string>) {
  return simulatedCheckout(
    new Request(`${ORIGIN}/api/simulated-checkout`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { origin: ORIGIN },
    }),
    {},
  );
}

const cookieFrom = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? '';
const sessionIdOf = (url: string) => new URL(url, ORIGIN).searchParams.get('session') ?? '';

/** Starts a checkout; `attempt` is the paying browser's checkout-attempt cookie. */
async function startSimulated(items: Item[]) {
  const res = await post(createCheckoutSession, '/api/create-checkout-session', payload(items));
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const attempt = cookieFrom(res);
  expect(attempt).toMatch(new RegExp(`^${CHECKOUT_ATTEMPT_COOKIE}=[\\w-]{43}$`));
  return { url, id: sessionIdOf(url), attempt };
}

describe('POST /api/create-checkout-session', () => {
  it('answers the simulated payment page URL and stores the session priced from the catalogue', async () => {
    const { url, id } = await startSimulated([
      {
        id: 'starter',
        billingCycle: 'oneTime',
        quantity: 1,
        price: 0.01,
        name: 'Free website',
        originalPrice: 1,
      },
      { id: 'lily-ai', billingCycle: 'monthly', quantity: 1, price: 1 },
    ]);
    expect(url).toMatch(/^http:\/\/localhost:4321\/pay\/simulated\?session=sim_cs_/);
    const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row).toMatchObject({
      provider: 'simulated',
      mode: 'subscription',
      amountTotalCents: 119900,
      status: 'open',
      successUrl: `${ORIGIN}/checkout/success?session_id={CHECKOUT_SESSION_ID}&ref=${row?.successRef}`,
      successRef: expect.stringMatching(/^[\w-]{32}$/),
      cancelUrl: `${ORIGIN}/checkout?canceled=1`,
    });
    expect(row?.lines.map((l) => [l.id, l.name, l.unitAmountCents])).toEqual([
      ['starter', 'Starter Website Package', 100000],
      ['lily-ai', 'Lily AI Customer Service Agent', 19900],
    ]);
  });

  it.each([
    ['an empty cart', payload([])],
    ['an unknown id', payload([{ id: 'free-stuff', billingCycle: 'oneTime', quantity: 1 }])],
    [
      'a cycle the item is not sold in',
      payload([{ id: 'starter', billingCycle: 'yearly', quantity: 1 }]),
    ],
    ['an invalid cycle', payload([{ id: 'starter', billingCycle: 'weekly', quantity: 1 }])],
    [
      'mixed recurring cycles',
      payload([
        { id: 'lily-starter', billingCycle: 'monthly', quantity: 1 },
        { id: 'lily-growth', billingCycle: 'yearly', quantity: 1 },
      ]),
    ],
    ['quantity 0', payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 0 }])],
    ['quantity 100', payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 100 }])],
    ['a huge quantity', payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 1e12 }])],
    ['a negative quantity', payload([{ id: 'starter', billingCycle: 'oneTime', quantity: -3 }])],
    ['a fractional quantity', payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 0.5 }])],
    ['a string quantity', payload([{ id: 'starter', billingCycle: 'oneTime', quantity: '1' }])],
    [
      'a foreign success URL',
      payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }], {
        success_url: 'https://evil.example/ok',
      }),
    ],
    [
      'a foreign cancel URL',
      payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }], {
        cancel_url: 'https://evil.example/no',
      }),
    ],
    [
      'a javascript: URL',
      payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }], {
        success_url: 'javascript:alert(1)',
      }),
    ],
    [
      'a missing success URL',
      {
        items: [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
        cancel_url: `${ORIGIN}/checkout`,
      },
    ],
    ['malformed JSON', '{"items": ['],
  ])('refuses %s with 400 and a JSON error', async (_name, body) => {
    const before = await db.$count(checkoutSessions);
    const res = await post(createCheckoutSession, '/api/create-checkout-session', body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: unknown };
    expect(typeof json.error).toBe('string');
    expect(await db.$count(checkoutSessions)).toBe(before);
  });

  it('refuses cross-site requests and other methods', async () => {
    const res = await post(
      createCheckoutSession,
      '/api/create-checkout-session',
      payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }]),
      {
        origin: 'https://evil.example',
      },
    );
    expect(res.status).toBe(403);
    expect((await get(createCheckoutSession, '/api/create-checkout-session')).status).toBe(405);
  });
});

describe('one checkout attempt, one session', () => {
  const cart = [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }];
  async function attempt(items: Item[], attemptId: string | undefined, cookie?: string) {
    const res = await post(
      createCheckoutSession,
      '/api/create-checkout-session',
      payload(items, attemptId ? { attempt_id: attemptId } : {}),
      cookie ? { cookie } : {},
    );
    expect(res.status).toBe(200);
    return { url: ((await res.json()) as { url: string }).url, cookie: cookieFrom(res) };
  }

  it('answers a double click (same attempt, same browser) with the same session, stored once', async () => {
    const first = await attempt(cart, 'attempt-0000000000000001');
    const again = await attempt(cart, 'attempt-0000000000000001', first.cookie);
    expect(again.url).toBe(first.url);
    const id = sessionIdOf(first.url);
    expect(await db.$count(checkoutSessions, eq(checkoutSessions.id, id))).toBe(1);
  });

  it('makes a new session for a changed cart, another browser, or no attempt id', async () => {
    const first = await attempt(cart, 'attempt-0000000000000002');
    const changed = await attempt(
      [...cart, { id: 'lily-ai', billingCycle: 'monthly', quantity: 1 }],
      'attempt-0000000000000002',
      first.cookie,
    );
    expect(changed.url).not.toBe(first.url);
    const otherBrowser = await attempt(cart, 'attempt-0000000000000002');
    expect(otherBrowser.url).not.toBe(first.url);
    const plain = await attempt(cart, undefined, first.cookie);
    const plainAgain = await attempt(cart, undefined, first.cookie);
    expect(plainAgain.url).not.toBe(plain.url);
  });

  it('refuses a malformed attempt id', async () => {
    const res = await post(
      createCheckoutSession,
      '/api/create-checkout-session',
      payload(cart, { attempt_id: 'short' }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/attempt_id/);
  });
});

describe('simulated provider and the success page lookup', () => {
  it('Pay fulfils the order, returns to the success URL, and the lookup signs the purchaser in', async () => {
    const { id, attempt } = await startSimulated([
      { id: 'starter', billingCycle: 'oneTime', quantity: 1 },
      { id: 'social-media-empire', billingCycle: 'oneTime', quantity: 1 },
    ]);
    const paid = await submitForm({
      session: id,
      action: 'pay',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(
      new RegExp(`^${ORIGIN}/checkout/success\\?session_id=${id}&ref=[\\w-]{32}$`),
    );

    // Paying twice (double click, back button) changes nothing.
    expect(
      (
        await submitForm({
          session: id,
          action: 'pay',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
        })
      ).status,
    ).toBe(303);
    expect(await db.$count(orders, eq(orders.checkoutSessionId, id))).toBe(1);

    const res = await get(checkoutSession, `/api/checkout-session/${id}`, attempt);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      session: Record<string, unknown> & { metadata: { items: string } };
      order: {
        id: number;
        status: string;
        amount: number;
        items: { id: number; productId: string; onboardingPath: string }[];
        paymentIntentId: string;
      };
    };
    expect(body.session).toMatchObject({
      id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 1_100_000,
      customer_details: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(JSON.parse(body.session.metadata.items)).toEqual([
      {
        id: 'starter',
        name: 'Starter Website Package',
        type: 'website',
        billingCycle: 'oneTime',
        price: 1000,
        quantity: 1,
      },
      {
        id: 'social-empire',
        name: 'Social Media Empire Digital Agent',
        type: 'agent',
        billingCycle: 'oneTime',
        price: 10000,
        quantity: 1,
      },
    ]);
    expect(body.order).toMatchObject({ status: 'paid', amount: 11000 });
    expect(body.order.items.map((i) => i.onboardingPath)).toEqual([
      `/onboarding-starter/${body.order.id}`,
      `/onboarding-social-media/${body.order.id}`,
    ]);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${CLIENT_SESSION_COOKIE}=`));
    expect(setCookie).toContain('HttpOnly');

    // Downloads: the purchaser gets a PDF; nobody else does.
    const itemId = body.order.items[0]!.id;
    const file = await get(download, `/api/download/${itemId}`, cookieFrom(res));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await get(download, `/api/download/${itemId}`)).status).toBe(403);
    const stranger = `${CLIENT_SESSION_COOKIE}=forged-session-token`;
    expect((await get(download, `/api/download/${itemId}`, stranger)).status).toBe(403);
    expect((await get(download, '/api/download/abc', cookieFrom(res))).status).toBe(404);

    // The same order by its payment reference: for the buyer with personal data, for anyone
    // else without.
    const mine = await get(ordersFn, `/api/orders/${body.order.paymentIntentId}`, cookieFrom(res));
    expect(((await mine.json()) as { order: unknown }).order).toMatchObject({
      id: body.order.id,
      customerEmail: 'ada@example.com',
      access: 'buyer',
    });
    const byPi = await get(ordersFn, `/api/orders/${body.order.paymentIntentId}`);
    expect(byPi.status).toBe(200);
    expect(byPi.headers.get('set-cookie')).toBeNull();
    expect(((await byPi.json()) as { order: unknown }).order).toMatchObject({
      id: body.order.id,
      customerName: '',
      customerEmail: '',
      access: 'public',
    });
    expect((await get(ordersFn, '/api/orders/pi_unknown')).status).toBe(404);
  });

  it('Pay on a subscription cart starts the plan and its first invoice, shown on the dashboard', async () => {
    const { id, attempt } = await startSimulated([
      { id: 'lily-ai', billingCycle: 'monthly', quantity: 1 },
      { id: 'starter', billingCycle: 'oneTime', quantity: 1 },
    ]);
    const before = Date.now();
    await submitForm({
      session: id,
      action: 'pay',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    const [order] = await db.select().from(orders).where(eq(orders.checkoutSessionId, id));
    const [plan] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, order!.stripeSubscriptionId!));
    expect(plan).toMatchObject({
      provider: 'simulated',
      status: 'active',
      plan: 'Lily AI Customer Service Agent (monthly)',
      interval: 'month',
      amountCents: 19900,
      cancelAtPeriodEnd: false,
    });
    const days = (plan!.currentPeriodEnd!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(27);
    expect(days).toBeLessThanOrEqual(32);
    const payments = await db
      .select()
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.providerSubscriptionId, plan!.providerSubscriptionId));
    expect(payments).toMatchObject([
      { status: 'paid', billingReason: 'subscription_create', amountCents: 119900 },
    ]);

    const lookup = await get(checkoutSession, `/api/checkout-session/${id}`, attempt);
    const dashboard = await get(dashboardData, '/api/dashboard', cookieFrom(lookup));
    const view = (await dashboard.json()) as { subscriptions: Record<string, unknown>[] };
    expect(view.subscriptions).toEqual([
      {
        id: plan!.id,
        orderId: order!.id,
        plan: 'Lily AI Customer Service Agent (monthly)',
        status: 'active',
        interval: 'month',
        amountCents: 19900,
        currentPeriodEnd: plan!.currentPeriodEnd!.toISOString(),
        endedAt: null,
        orderNumber: order!.orderNumber,
        lastPayment: {
          amountCents: 119900,
          paidAt: payments[0]!.paidAt!.toISOString(),
          refundedCents: 0,
          // The first invoice's breakdown; a simulated invoice has no number or links.
          charge: {
            currency: 'usd',
            subtotalCents: 119900,
            discountCents: 0,
            discounts: [],
            taxCents: 0,
            taxes: [],
            totalCents: 119900,
            refundedCents: 0,
            invoice: null,
          },
          refunds: [],
        },
        simulatedActions: [
          { action: 'renew', label: 'Simulate renewal' },
          { action: 'fail_renewal', label: 'Simulate failed renewal' },
          { action: 'cancel_at_period_end', label: 'Cancel at period end' },
          { action: 'refund', label: 'Refund last payment' },
          { action: 'partial_refund', label: 'Refund half of last payment' },
        ],
      },
    ]);
  });

  it('Decline marks the session declined and it can no longer be paid', async () => {
    const { id } = await startSimulated([{ id: 'advanced', billingCycle: 'oneTime', quantity: 1 }]);
    const declined = await submitForm({ session: id, action: 'decline' });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(`/pay/simulated?session=${id}`);
    const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row?.status).toBe('declined');
    await submitForm({
      session: id,
      action: 'pay',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(await db.$count(orders, eq(orders.checkoutSessionId, id))).toBe(0);
    const lookup = (await (await get(checkoutSession, `/api/checkout-session/${id}`)).json()) as {
      session: { payment_status: string };
      order: null;
    };
    expect(lookup).toMatchObject({ session: { payment_status: 'unpaid' }, order: null });
  });

  it('Cancel returns to the cancel URL and creates nothing', async () => {
    const { id } = await startSimulated([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }]);
    const canceled = await submitForm({ session: id, action: 'cancel' });
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`${ORIGIN}/checkout?canceled=1`);
    expect(await db.$count(orders, eq(orders.checkoutSessionId, id))).toBe(0);
  });

  it('sends an incomplete Pay form back to the payment page, and 404s unknown sessions', async () => {
    const { id } = await startSimulated([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }]);
    const bad = await submitForm({ session: id, action: 'pay', name: 'A', email: 'not-an-email' });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe(`/pay/simulated?session=${id}&error=details`);
    expect((await submitForm({ session: 'sim_cs_nope', action: 'decline' })).status).toBe(404);
    expect((await get(checkoutSession, '/api/checkout-session/sim_cs_nope')).status).toBe(404);
    expect((await get(checkoutSession, '/api/checkout-session/..%2F..%2Fetc')).status).toBe(400);
  });
});

describe('test-only endpoints', () => {
  it('create a completed mock order for the test buyer and a simulated payment intent', async () => {
    const res = await post(mockOrder, '/api/test/create-mock-order', {
      productId: 'starter',
      productName: 'Starter Website Package',
      amount: 1,
      stripePaymentIntentId: 'pi_test_mock_1',
      status: 'completed',
    });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: number };
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'completed',
      amount: 100000,
      isTest: true,
      stripePaymentIntentId: 'pi_test_mock_1',
    });
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${CLIENT_SESSION_COOKIE}=`));
    expect(
      (await post(mockOrder, '/api/test/create-mock-order', { productId: 'nope' })).status,
    ).toBe(400);

    const intent = await post(createPaymentIntent, '/api/create-payment-intent', {
      items: [
        { id: 'starter', billingCycle: 'oneTime', quantity: 1, price: 1000 },
        { id: 'lily-ai', billingCycle: 'monthly', quantity: 1, price: 199 },
      ],
      totalAmount: 1,
      customerInfo: { name: 'Test Customer', email: 'test@example.com' },
    });
    expect(intent.status).toBe(200);
    const secret = (await intent.json()) as { clientSecret: string; amount: number };
    expect(secret.clientSecret).toMatch(/^sim_pi_.+_secret_/);
    expect(secret.amount).toBe(119900);
  });

  it('do not exist in production', async () => {
    vi.stubEnv('CONTEXT', 'production');
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_live_x');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_x');
    vi.stubEnv('SESSION_SECRET', 'a-production-secret-of-at-least-32-bytes');
    try {
      expect(
        (await post(mockOrder, '/api/test/create-mock-order', { productId: 'starter' })).status,
      ).toBe(404);
      expect(
        (await post(createPaymentIntent, '/api/create-payment-intent', { items: [] })).status,
      ).toBe(404);
      expect((await submitForm({ session: 'x', action: 'cancel' })).status).toBe(404);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('Stripe provider through the function (local stand-in API)', () => {
  let standIn: StandIn;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ catalogue: true });
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_standin');
    vi.stubEnv('STRIPE_API_HOST', standIn.url);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await standIn.close();
  });

  it('creates a Stripe session, stores it, and charges the catalogue price of a tampered cart', async () => {
    const res = await post(
      createCheckoutSession,
      '/api/create-checkout-session',
      payload([
        { id: 'advanced', billingCycle: 'oneTime', quantity: 2, price: 1, unitAmountCents: 1 },
      ]),
    );
    expect(res.status).toBe(200);
    const attempt = cookieFrom(res);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const request = standIn.requests.at(-1)!;
    // The catalogue's own Price in Stripe, whatever the browser claimed.
    const price = standIn.prices.get(request.form['line_items[0][price]']!);
    expect(price).toMatchObject({ lookup_key: 'catalogue:advanced:oneTime', unit_amount: 250000 });
    expect(request.form['line_items[0][quantity]']).toBe('2');
    expect(String(request.headers['idempotency-key'])).toMatch(/^checkout-[0-9a-f-]{36}$/);
    const id = url.split('/').pop()!;
    const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row).toMatchObject({ provider: 'stripe', amountTotalCents: 500000, mode: 'payment' });

    // Before payment the lookup shows an open, unpaid session and creates no order.
    const lookup = (await (await get(checkoutSession, `/api/checkout-session/${id}`)).json()) as {
      session: { status: string; payment_status: string };
      order: null;
    };
    expect(lookup).toMatchObject({
      session: { status: 'open', payment_status: 'unpaid' },
      order: null,
    });

    // Once Stripe reports it paid, the lookup fulfils it (webhook not needed first).
    Object.assign(standIn.sessions.get(id)!, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_standin_1',
      customer: 'cus_standin_1',
      customer_details: { name: 'Grace Hopper', email: 'grace@example.com' },
    });
    const after = await get(checkoutSession, `/api/checkout-session/${id}`, attempt);
    const view = (await after.json()) as {
      order: { status: string; amount: number; paymentIntentId: string };
    };
    expect(view.order).toMatchObject({
      status: 'paid',
      amount: 5000,
      paymentIntentId: 'pi_standin_1',
    });
    expect(after.headers.get('set-cookie')).toMatch(new RegExp(`^${CLIENT_SESSION_COOKIE}=`));
  });

  it('asks Stripe only while the order does not exist yet, and answers a lookup loop with 429', async () => {
    const res = await post(
      createCheckoutSession,
      '/api/create-checkout-session',
      payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }]),
    );
    const { url } = (await res.json()) as { url: string };
    const id = url.split('/').pop()!;
    const retrievals = () =>
      standIn.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/${id}`)).length;
    expect((await get(checkoutSession, `/api/checkout-session/${id}`)).status).toBe(200);
    expect(retrievals()).toBe(1);
    Object.assign(standIn.sessions.get(id)!, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_standin_loop',
      customer_details: { name: 'Loop Tester', email: 'loop@example.com' },
    });
    const paid = await get(checkoutSession, `/api/checkout-session/${id}`, cookieFrom(res));
    expect(((await paid.json()) as { order: { status: string } }).order.status).toBe('paid');
    expect(retrievals()).toBe(2);

    // Before: every lookup of a fulfilled session was a Stripe read (150 in 3 s → 150 reads).
    // One visitor, rotating addresses inside its /64, loops until refused; 60 per minute pass
    // (a loop crossing into the next minute needs 60 more before the first 429).
    let ok = 0;
    let limited: Response | undefined;
    for (let i = 0; i < 121 && !limited; i++) {
      const again = await get(
        checkoutSession,
        `/api/checkout-session/${id}`,
        undefined,
        `2001:db8:60:1::${(i + 1).toString(16)}`,
      );
      if (again.status === 429) limited = again;
      else {
        expect(again.status).toBe(200);
        expect(((await again.json()) as { order: { status: string } }).order.status).toBe('paid');
        ok += 1;
      }
    }
    expect(ok).toBeGreaterThanOrEqual(60);
    expect(retrievals()).toBe(2);
    expect(limited).toBeDefined();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited!.json()).error).toMatch(/Too many requests/);
    // Another visitor is not affected.
    expect((await get(checkoutSession, `/api/checkout-session/${id}`)).status).toBe(200);
  });

  /** Starts a Stripe checkout through the function: its id, attempt cookie and success reference. */
  async function startStripe() {
    const res = await post(
      createCheckoutSession,
      '/api/create-checkout-session',
      payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }]),
    );
    const { url } = (await res.json()) as { url: string };
    const successUrl = standIn.requests.at(-1)!.form.success_url!;
    const ref = new URL(successUrl.replace('{CHECKOUT_SESSION_ID}', 'x')).searchParams.get('ref')!;
    return { id: url.split('/').pop()!, attempt: cookieFrom(res), successUrl, ref };
  }
  const stripeReads = () => standIn.requests.filter((r) => r.method === 'GET').length;

  it('answers an id it never stored with 404 from the database alone, never asking Stripe', async () => {
    const open = await startStripe();
    const before = stripeReads();
    for (const path of [
      '/api/checkout-session/cs_test_neverCreatedHere0001',
      '/api/checkout-session/cs_live_neverCreatedHere0002',
      // A reference of the right shape that is no checkout's, or one of a checkout not expired.
      `/api/checkout-session/cs_test_neverCreatedHere0003?ref=${'A'.repeat(32)}`,
      `/api/checkout-session/cs_test_neverCreatedHere0004?ref=${open.ref}`,
    ]) {
      const res = await get(checkoutSession, path, undefined, '198.51.100.7');
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ error: 'Checkout session not found' });
    }
    expect(stripeReads()).toBe(before);
    const junk = await get(checkoutSession, '/api/checkout-session/cs_test_x?ref=..%2Fx');
    expect(junk.status).toBe(400);
  });

  it('finds a session opened by an expired checkout’s recovery link by the reference its success URL carries', async () => {
    const original = await startStripe();
    expect(original.successUrl).toBe(
      `${ORIGIN}/checkout/success?session_id={CHECKOUT_SESSION_ID}&ref=${original.ref}`,
    );
    const [row] = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, original.id));
    expect(row!.successRef).toBe(original.ref);
    await expireCheckout(db, {
      id: original.id,
      customerEmail: 'recovered@example.com',
      customerName: null,
      promotionsConsent: null,
      recoveryUrl: null,
      recoveredFrom: null,
    });
    // Stripe's copy of the expired checkout, paid: this site never stored it.
    const id = 'cs_test_openedFromRecoveryLink01';
    standIn.sessions.set(id, {
      ...standIn.sessions.get(original.id)!,
      id,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_recovered_1',
      customer_details: { name: 'Rae Covered', email: 'recovered@example.com' },
      recovered_from: original.id,
    });
    const reads = () => standIn.requests.filter((r) => r.path.endsWith(`/${id}`)).length;

    expect((await get(checkoutSession, `/api/checkout-session/${id}`)).status).toBe(404);
    expect(reads()).toBe(0);
    const found = await get(
      checkoutSession,
      `/api/checkout-session/${id}?ref=${original.ref}`,
      original.attempt,
    );
    expect(found.status).toBe(200);
    const view = (await found.json()) as { order: { status: string; customerEmail: string } };
    expect(view.order).toMatchObject({ status: 'paid', customerEmail: 'recovered@example.com' });
    expect(reads()).toBe(1);
    // The order exists now: stored, it is answered without Stripe, with or without the reference.
    expect((await get(checkoutSession, `/api/checkout-session/${id}`)).status).toBe(200);
    expect(reads()).toBe(1);
    const [order] = await db.select().from(orders).where(eq(orders.checkoutSessionId, id));
    expect(order!.recoveredFrom).toBe(original.id);
  });

  it('limits the Stripe reads of one visitor, whatever sessions it asks about', async () => {
    const open = await startStripe();
    const visitor = '203.0.113.99';
    const before = stripeReads();
    let refused: Response | undefined;
    for (let i = 0; i <= STRIPE_READS_PER_VISITOR.limit && !refused; i++) {
      const res = await get(
        checkoutSession,
        `/api/checkout-session/${open.id}`,
        undefined,
        visitor,
      );
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused).toBeDefined();
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(stripeReads() - before).toBe(STRIPE_READS_PER_VISITOR.limit);
    // Another visitor still gets its answer.
    expect((await get(checkoutSession, `/api/checkout-session/${open.id}`)).status).toBe(200);
  });

  it('sends one idempotency key for the retries of one attempt, and gets one session', async () => {
    const body = payload([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }], {
      attempt_id: 'stripe-attempt-000000001',
    });
    const first = await post(createCheckoutSession, '/api/create-checkout-session', body);
    const retry = await post(createCheckoutSession, '/api/create-checkout-session', body, {
      cookie: cookieFrom(first),
    });
    const [a, b] = standIn.requests.slice(-2);
    expect(a!.headers['idempotency-key']).toBe(b!.headers['idempotency-key']);
    expect(String(a!.headers['idempotency-key'])).toMatch(/^checkout-[\w-]{43}$/);
    expect(((await retry.json()) as { url: string }).url).toBe(
      ((await first.json()) as { url: string }).url,
    );
    expect(a!.form).not.toHaveProperty('customer');
  });

  it("reuses a proven, signed-in client's Stripe customer, never an order-only session's", async () => {
    const { clientId } = await clientForPurchase(db, {
      email: 'returning@example.com',
      name: 'Returning Client',
    });
    await proveClientEmail(db, clientId);
    await attachStripeCustomer(db, clientId, 'cus_returning_1');
    const whole = await startClientSession(db, { clientId, wholeAccount: true, orderIds: [] });
    const orderOnly = await startClientSession(db, { clientId, wholeAccount: false, orderIds: [] });
    const items = [{ id: 'lily-ai', billingCycle: 'monthly', quantity: 1 }];

    await post(createCheckoutSession, '/api/create-checkout-session', payload(items), {
      cookie: whole.split(';')[0]!,
    });
    expect(standIn.requests.at(-1)!.form).toMatchObject({
      customer: 'cus_returning_1',
      'customer_update[address]': 'auto',
    });
    await post(createCheckoutSession, '/api/create-checkout-session', payload(items), {
      cookie: orderOnly.split(';')[0]!,
    });
    expect(standIn.requests.at(-1)!.form).not.toHaveProperty('customer');
  });
});

describe('Stripe without the catalogue (npm run stripe:setup not run)', () => {
  it('answers 503 with a JSON error naming the catalogue, logs the lookup key, and opens no session', async () => {
    const standIn = await startStripeStandIn();
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_standin');
    vi.stubEnv('STRIPE_API_HOST', standIn.url);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await post(
        createCheckoutSession,
        '/api/create-checkout-session',
        payload([{ id: 'lily-growth', billingCycle: 'yearly', quantity: 1 }]),
      );
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: CATALOGUE_NOT_IN_STRIPE });
      expect(res.headers.get('retry-after')).toBe('300');
      expect(errors.mock.calls.flat().join('\n')).toContain(
        'catalogue:lily-growth:yearly: no active Price has this lookup key',
      );
      expect(standIn.requests.map((r) => r.path)).toEqual(['/v1/prices']);
    } finally {
      errors.mockRestore();
      vi.unstubAllEnvs();
      await standIn.close();
    }
  });
});

describe('path ids (Functions v2 context.params)', () => {
  it('reads the id Netlify matched from config.path, checked before any decoding', async () => {
    const req = new Request(`${ORIGIN}/api/orders/pi_unknown`);
    // The matched params decide, not a re-parse of the URL.
    expect(
      (await ordersModule.default(req, { params: { paymentIntentId: 'pi_unknown' } })).status,
    ).toBe(404);
    expect(
      (await ordersModule.default(req, { params: { paymentIntentId: 'x'.repeat(201) } })).status,
    ).toBe(400);
    expect(
      (await ordersModule.default(req, { params: { paymentIntentId: '%2e%2e' } })).status,
    ).toBe(400);
    expect((await ordersModule.default(req, {})).status).toBe(400);
    expect(ordersModule.config.path).toBe('/api/orders/:paymentIntentId');
  });
});
