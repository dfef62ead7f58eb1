/**
 * The Stripe provider against a local stand-in for the Stripe API: the exact form the SDK
 * sends for one-time, subscription and mixed carts, and the idempotency key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../features/catalogue/catalogue';
import {
  priceCart,
  withCanceledFlag,
  withSessionIdPlaceholder,
} from '../../features/checkout/checkout';
import { startStripeStandIn, type StandIn } from '../../testing/stripe-stand-in';
import { StripeProvider, itemsMetadata, unstoredSession } from './stripe';

let standIn: StandIn;
let provider: StripeProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = new StripeProvider({ stripeSecretKey: 'sk_test_standin', stripeApiHost: standIn.url });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

const SUCCESS = withSessionIdPlaceholder('http://localhost:4321/checkout/success');
const CANCEL = withCanceledFlag('http://localhost:4321/checkout');

async function create(items: Parameters<typeof priceCart>[0], key: string, customerId?: string) {
  const cart = priceCart(items);
  const created = await provider.createCheckout({
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
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '100000',
      'line_items[0][price_data][tax_behavior]': 'exclusive',
      'line_items[0][price_data][product_data][tax_code]': 'txcd_20030000',
      'line_items[0][price_data][product_data][name]': 'Starter Website Package',
      'line_items[0][price_data][product_data][description]':
        '5-page website with AI features, domain and hosting for 1 year, 2 weeks of support.',
      'line_items[0][price_data][product_data][metadata][catalogue_id]': 'starter',
      'line_items[1][quantity]': '2',
      'line_items[1][price_data][currency]': 'usd',
      'line_items[1][price_data][unit_amount]': '250000',
      'line_items[1][price_data][tax_behavior]': 'exclusive',
      'line_items[1][price_data][product_data][tax_code]': 'txcd_20030000',
      'line_items[1][price_data][product_data][name]': 'Advanced Website Package',
      'line_items[1][price_data][product_data][description]':
        'Up to 10 pages with a full online store for up to 100 products and 3 months of support.',
      'line_items[1][price_data][product_data][metadata][catalogue_id]': 'advanced',
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
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '19900',
      'line_items[0][price_data][tax_behavior]': 'exclusive',
      'line_items[0][price_data][product_data][tax_code]': 'txcd_10103001',
      'line_items[0][price_data][product_data][name]': 'Lily AI Customer Service Agent',
      'line_items[0][price_data][product_data][description]':
        '24/7 multi-language AI customer service agent.',
      'line_items[0][price_data][product_data][metadata][catalogue_id]': 'lily-ai',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[items]': '[{"id":"lily-ai","cycle":"monthly","qty":1,"unit":19900}]',
      ...EVERY_SESSION,
      'subscription_data[metadata][plan]': 'Lily AI Customer Service Agent (monthly)',
    });
    // customer_creation is only valid in payment mode; subscriptions always create a customer.
    expect(request.form).not.toHaveProperty('customer_creation');
  });

  it('puts one-time items of a mixed cart on the first invoice of a subscription', async () => {
    const { request, cart } = await create(
      [
        { id: 'starter', billingCycle: 'oneTime', quantity: 1 },
        { id: 'lily-starter', billingCycle: 'yearly', quantity: 1 },
      ],
      'checkout-mixed',
    );
    expect(cart.amountTotalCents).toBe(100000 + 190000);
    expect(request.headers['idempotency-key']).toBe('checkout-mixed');
    expect(request.form.mode).toBe('subscription');
    expect(request.form['line_items[0][price_data][unit_amount]']).toBe('100000');
    expect(request.form).not.toHaveProperty('line_items[0][price_data][recurring][interval]');
    expect(request.form['line_items[1][price_data][product_data][name]']).toBe('Lily AI Starter');
    expect(request.form['line_items[1][price_data][unit_amount]']).toBe('190000');
    expect(request.form['line_items[1][price_data][recurring][interval]']).toBe('year');
    expect(Object.keys(request.form).filter((k) => k.startsWith('line_items[2]'))).toEqual([]);
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
