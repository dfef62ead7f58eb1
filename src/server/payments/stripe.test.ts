/**
 * The Stripe provider against a local stand-in for the Stripe API: the exact form the SDK
 * sends for one-time, subscription and mixed carts (the catalogue's Prices by lookup key), the
 * idempotency key, and a catalogue Stripe does not have (or charges otherwise) refused with a
 * 503 before any session is made.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE } from '../../features/catalogue/catalogue';
import {
  priceCart,
  withCanceledFlag,
  withSessionIdPlaceholder,
} from '../../features/checkout/checkout';
import { startStripeStandIn, type StandIn } from '../../testing/stripe-stand-in';
import { StripeProvider, createStripeClient, itemsMetadata, unstoredSession } from './stripe';
import { CATALOGUE_NOT_IN_STRIPE } from './stripe-prices';

let standIn: StandIn;
let provider: StripeProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn({ catalogue: true });
  provider = new StripeProvider({ stripeSecretKey: 'sk_test_standin', stripeApiHost: standIn.url });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

/** The id of the Price that carries a lookup key in the stand-in's account now. */
function priceId(key: string): string {
  const price = [...standIn.prices.values()].find((p) => p.lookup_key === key);
  if (!price) throw new Error(`no Price has ${key}`);
  return String(price.id);
}

const SUCCESS = withSessionIdPlaceholder('http://localhost:4321/checkout/success');
const CANCEL = withCanceledFlag('http://localhost:4321/checkout');

async function create(
  items: Parameters<typeof priceCart>[0],
  key: string,
  customerId?: string,
  using = provider,
) {
  const cart = priceCart(items);
  const created = await using.createCheckout({
    lines: cart.lines,
    mode: cart.mode,
    amountTotalCents: cart.amountTotalCents,
    successUrl: SUCCESS,
    cancelUrl: CANCEL,
    idempotencyKey: key,
    customerId,
  });
  const request = standIn.requests.at(-1);
  if (!request) throw new Error('no request reached the stand-in');
  return { created, request, cart };
}

/** The fields every session carries, whatever its mode and cart. */
const EVERY_SESSION = {
  success_url: 'http://localhost:4321/checkout/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://localhost:4321/checkout?canceled=1',
  allow_promotion_codes: 'true',
  billing_address_collection: 'auto',
  'consent_collection[promotions]': 'auto',
  'after_expiration[recovery][enabled]': 'true',
  'after_expiration[recovery][allow_promotion_codes]': 'true',
  'automatic_tax[enabled]': 'true',
};

describe('Stripe provider (against a local stand-in API)', () => {
  it('creates a payment-mode session for a one-time cart with exact line items and URLs', async () => {
    const { created, request } = await create(
      [
        { id: 'starter', billingCycle: 'oneTime', quantity: 1 },
        { id: 'advanced', billingCycle: 'oneTime', quantity: 2 },
      ],
      'checkout-one-time',
    );
    expect(created.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers['idempotency-key']).toBe('checkout-one-time');
    expect(request.headers.authorization).toBe('Bearer sk_test_standin');
    expect(request.form).toEqual({
      mode: 'payment',
      'line_items[0][price]': priceId('catalogue:starter:oneTime'),
      'line_items[0][quantity]': '1',
      'line_items[1][price]': priceId('catalogue:advanced:oneTime'),
      'line_items[1][quantity]': '2',
      'metadata[items]':
        '[{"id":"starter","cycle":"oneTime","qty":1,"unit":100000},{"id":"advanced","cycle":"oneTime","qty":2,"unit":250000}]',
      ...EVERY_SESSION,
      customer_creation: 'always',
      'invoice_creation[enabled]': 'true',
    });
    expect(request.headers['stripe-version']).toBe('2026-10-28.endive');
  });

  it('uses subscription mode with a recurring interval for a monthly cart', async () => {
    const { request } = await create(
      [{ id: 'lily-ai', billingCycle: 'monthly', quantity: 1 }],
      'checkout-sub',
    );
    expect(request.headers['idempotency-key']).toBe('checkout-sub');
    expect(request.form).toEqual({
      mode: 'subscription',
      'line_items[0][price]': priceId('catalogue:lily-ai:monthly'),
      'line_items[0][quantity]': '1',
      'metadata[items]': '[{"id":"lily-ai","cycle":"monthly","qty":1,"unit":19900}]',
      ...EVERY_SESSION,
      'subscription_data[metadata][plan]': 'Lily AI Customer Service Agent (monthly)',
    });
    // customer_creation is only valid in payment mode; subscriptions always create a customer.
    expect(request.form).not.toHaveProperty('customer_creation');
  });

  it('puts one-time items of a mixed cart on the first invoice of a subscription', async () => {
    const { request, cart, created } = await create(
      [
        { id: 'starter', billingCycle: 'oneTime', quantity: 1 },
        { id: 'lily-starter', billingCycle: 'yearly', quantity: 1 },
      ],
      'checkout-mixed',
    );
    expect(cart.amountTotalCents).toBe(100000 + 190000);
    expect(request.headers['idempotency-key']).toBe('checkout-mixed');
    expect(request.form.mode).toBe('subscription');
    expect(request.form['line_items[0][price]']).toBe(priceId('catalogue:starter:oneTime'));
    expect(request.form['line_items[1][price]']).toBe(priceId('catalogue:lily-starter:yearly'));
    expect(Object.keys(request.form).filter((k) => k.startsWith('line_items[2]'))).toEqual([]);
    // What Stripe charges: the catalogue's amounts, on the Prices' own intervals.
    expect(standIn.sessions.get(created.id)).toMatchObject({ amount_total: 100000 + 190000 });
  });

  it("reuses a proven client's Customer and saves the tax address on it", async () => {
    const { request } = await create(
      [{ id: 'lily-ai', billingCycle: 'monthly', quantity: 1 }],
      'checkout-returning',
      'cus_returning',
    );
    expect(request.form).toMatchObject({
      customer: 'cus_returning',
      'customer_update[address]': 'auto',
      'customer_update[name]': 'auto',
      'automatic_tax[enabled]': 'true',
    });
    expect(request.form).not.toHaveProperty('customer_creation');
    const oneTime = await create(
      [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
      'checkout-returning-once',
      'cus_returning',
    );
    expect(oneTime.request.form.customer).toBe('cus_returning');
    expect(oneTime.request.form).not.toHaveProperty('customer_creation');
    expect(oneTime.request.form['invoice_creation[enabled]']).toBe('true');
  });

  it('is refused by the stand-in, as by Stripe, for a key reused with another cart', async () => {
    await create([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }], 'checkout-reused');
    await expect(
      create([{ id: 'advanced', billingCycle: 'oneTime', quantity: 1 }], 'checkout-reused'),
    ).rejects.toThrow(/same parameters/);
  });

  it('sends the same idempotency key on a retry and gets the same session back', async () => {
    const items = [{ id: 'advanced', billingCycle: 'oneTime' as const, quantity: 1 }];
    const first = await create(items, 'checkout-retry');
    const second = await create(items, 'checkout-retry');
    expect(second.created.id).toBe(first.created.id);
  });

  it('retrieves sessions and answers null for unknown ones', async () => {
    const { created } = await create(
      [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
      'checkout-get',
    );
    const session = await provider.retrieveSession(unstoredSession(created.id));
    expect(session).toMatchObject({
      id: created.id,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalCents: 100000,
    });
    expect(await provider.retrieveSession(unstoredSession('cs_test_missing'))).toBeNull();
  });

  it('refuses with a 503 a cart whose Price Stripe does not have, naming the key in the log', async () => {
    const empty = await startStripeStandIn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const unprepared = new StripeProvider({
        stripeSecretKey: 'sk_test_standin',
        stripeApiHost: empty.url,
      });
      const attempt = create(
        [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
        'checkout-no-catalogue',
        undefined,
        unprepared,
      );
      await expect(attempt).rejects.toMatchObject({
        status: 503,
        message: CATALOGUE_NOT_IN_STRIPE,
      });
      expect(String(errors.mock.calls[0]?.[0])).toContain(
        'catalogue:starter:oneTime: no active Price has this lookup key',
      );
      expect(empty.requests.filter((r) => r.path === '/v1/checkout/sessions')).toEqual([]);
    } finally {
      errors.mockRestore();
      await empty.close();
    }
  });

  it('refuses with a 503 a Price that would charge another amount than the catalogue', async () => {
    const drifted = await startStripeStandIn({ catalogue: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const stripe = await createStripeClient({
        stripeSecretKey: 'sk_test_standin',
        stripeApiHost: drifted.url,
      });
      // Someone moved the lookup key to a Price of $1.00.
      await stripe.prices.create({
        product: 'catalogue_advanced',
        currency: 'usd',
        unit_amount: 100,
        tax_behavior: 'exclusive',
        lookup_key: 'catalogue:advanced:oneTime',
        transfer_lookup_key: true,
      });
      const other = new StripeProvider({
        stripeSecretKey: 'sk_test_standin',
        stripeApiHost: drifted.url,
      });
      await expect(
        create(
          [{ id: 'advanced', billingCycle: 'oneTime', quantity: 1 }],
          'drift',
          undefined,
          other,
        ),
      ).rejects.toMatchObject({ status: 503 });
      expect(String(errors.mock.calls[0]?.[0])).toContain(
        'catalogue:advanced:oneTime: unit_amount 100 (catalogue 250000)',
      );
    } finally {
      errors.mockRestore();
      await drifted.close();
    }
  });

  it('looks a Price up again when stripe:setup replaced the one this instance remembered', async () => {
    const items = [{ id: 'basic-ai-agents', billingCycle: 'oneTime' as const, quantity: 1 }];
    const old = priceId('catalogue:basic-ai-agents:oneTime');
    await create(items, 'checkout-before-replacement');
    // What stripe:setup does for a drifted Price: a new one takes the key, the old one is off.
    const stripe = await createStripeClient({
      stripeSecretKey: 'sk_test_standin',
      stripeApiHost: standIn.url,
    });
    const replacement = await stripe.prices.create({
      product: 'catalogue_basic-ai-agents',
      currency: 'usd',
      unit_amount: 150000,
      tax_behavior: 'exclusive',
      lookup_key: 'catalogue:basic-ai-agents:oneTime',
      transfer_lookup_key: true,
    });
    await stripe.prices.update(old, { active: false });
    standIn.requests.length = 0;

    const { created, request } = await create(items, 'checkout-after-replacement');
    expect(request.form['line_items[0][price]']).toBe(replacement.id);
    expect(String(request.headers['idempotency-key'])).toMatch(/^checkout-after-replacement:/);
    const sessions = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sessions.map((r) => r.form['line_items[0][price]'])).toEqual([old, replacement.id]);
    expect(standIn.sessions.get(created.id)).toMatchObject({ amount_total: 150000 });
  });

  it('keeps every metadata value within Stripe’s 500-character limit', () => {
    // Every item in the catalogue, one-time when it is sold that way, else monthly.
    const lines = priceCart(
      CATALOGUE.map((item) => ({
        id: item.id,
        billingCycle:
          item.prices.oneTime === undefined ? ('monthly' as const) : ('oneTime' as const),
        quantity: 99,
      })),
    ).lines;
    expect(lines).toHaveLength(CATALOGUE.length);
    const metadata = itemsMetadata(lines);
    expect(Object.keys(metadata).length).toBeGreaterThan(1);
    for (const value of Object.values(metadata)) expect(value.length).toBeLessThanOrEqual(500);
    const all = Object.values(metadata).flatMap((v) => JSON.parse(v) as unknown[]);
    expect(all).toHaveLength(lines.length);
  });
});
