import { describe, expect, it } from 'vitest';
import { cartTotal, type CartItem } from '../cart/cart-rules';
import { addToCart } from '../cart/cart-edits';
import { cartItemFromCatalogue } from '../cart/cart.store';
import {
  businessInfoSchema,
  designPreferencesSchema,
  projectDetailsSchema,
} from '../order-onboarding/order-onboarding';
import {
  TEST_PRODUCTS,
  TEST_STEPS,
  purchaseFlowChecks,
  runSuite,
  type SuiteDeps,
  type TestResult,
} from './test-mode';
import { findItem, priceOf } from '../catalogue/catalogue';

/** The cart rule itself, as the page's fillCart uses it through the store. */
function fillCart(ids: string[]) {
  let items: CartItem[] = [];
  for (const id of ids) {
    const product = TEST_PRODUCTS.find((p) => p.id === id);
    const item = cartItemFromCatalogue(id, product?.billingCycle);
    if (item) items = addToCart(items, item).items;
  }
  return { items, total: cartTotal(items) };
}

type Route = (init?: RequestInit) => Response | Promise<Response>;

function fakeFetch(routes: Record<string, Route>): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const route = Object.entries(routes).find(([prefix]) => path.startsWith(prefix));
    if (!route) return new Response('not found', { status: 404, statusText: 'Not Found' });
    return route[1](init);
  }) as typeof fetch;
}

const healthyRoutes: Record<string, Route> = {
  '/api/create-checkout-session': () =>
    Response.json({ url: 'http://localhost/pay/simulated?session=x' }),
  '/api/create-payment-intent': () => Response.json({ clientSecret: 'sim_pi_1_secret_2' }),
  '/api/test/create-mock-order': () => Response.json({ orderId: 7 }, { status: 201 }),
  '/api/orders/': () => Response.json({ order: { id: 7, status: 'completed' } }),
  '/products': () => new Response('<html></html>'),
};

function deps(overrides: Partial<SuiteDeps> = {}): SuiteDeps {
  return {
    fetch: fakeFetch(healthyRoutes),
    origin: 'http://localhost:4321',
    publishableKey: 'pk_test_simulated',
    fillCart,
    ...overrides,
  };
}

describe('test products and canned data', () => {
  it('match the catalogue prices of post-purchase §3', () => {
    for (const product of TEST_PRODUCTS) {
      expect(findItem(product.id), product.id).toBeDefined();
      expect(priceOf(product.id, product.billingCycle)).toBe(product.price);
    }
  });

  it('are valid onboarding answers', () => {
    expect(businessInfoSchema().safeParse(TEST_STEPS[0].data).success).toBe(true);
    expect(projectDetailsSchema().safeParse(TEST_STEPS[1].data).success).toBe(true);
    expect(designPreferencesSchema().safeParse(TEST_STEPS[2].data).success).toBe(true);
  });
});

describe('purchase-flow test suite', () => {
  it('passes every check against a healthy site, with the 1199 cart total', async () => {
    const seen: TestResult[] = [];
    const results = await runSuite(purchaseFlowChecks(deps()), (r) => seen.push(r));
    expect(results.map((r) => r.status)).toEqual(Array(results.length).fill('passed'));
    expect(seen).toEqual(results);
    expect(fillCart(['starter', 'lily-ai']).total).toBeCloseTo(1199, 2);
  });

  it('fails the total check when the cart total is off by more than 0.01', async () => {
    const [first] = await runSuite(
      purchaseFlowChecks(
        deps({
          fillCart: () => ({ items: fillCart(['starter', 'lily-ai']).items, total: 1199.02 }),
        }),
      ).slice(0, 1),
      () => undefined,
    );
    expect(first).toMatchObject({ status: 'failed', error: 'Expected 1199, got 1199.02' });
  });

  it('fails the key check without a pk_ key and the endpoint checks on non-OK answers', async () => {
    const results = await runSuite(
      purchaseFlowChecks(
        deps({
          publishableKey: 'sk_live_oops',
          fetch: fakeFetch({
            ...healthyRoutes,
            '/api/create-payment-intent': () => Response.json({ nope: true }),
            '/api/create-checkout-session': () =>
              new Response('', { status: 503, statusText: 'Service Unavailable' }),
          }),
        }),
      ),
      () => undefined,
    );
    expect(results[1]).toMatchObject({ status: 'failed' });
    expect(results[2]).toMatchObject({ status: 'failed', error: '503: Service Unavailable' });
    expect(results[3]).toMatchObject({
      status: 'failed',
      error: 'No clientSecret in the response',
    });
  });

  it('records exceptions as errors with their message or "Unknown error"', async () => {
    const results = await runSuite(
      [
        { name: 'boom', run: () => Promise.reject(new Error('network down')) },
        { name: 'silent', run: () => Promise.reject(new Error('')) },
      ],
      () => undefined,
    );
    expect(results.map((r) => [r.status, r.error])).toEqual([
      ['error', 'network down'],
      ['error', 'Unknown error'],
    ]);
  });
});
