import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notification } from '../../lib/notifications';
import { $cartItems } from '../cart/cart.store';
import { TEST_REDIRECT_DELAY_MS, TEST_STEPS } from './test-mode';
import {
  $redirectFailed,
  $suiteResults,
  $suiteRunning,
  $testBusy,
  $testOrder,
  $testPhase,
  $testProductId,
  browser,
  goToDashboard,
  keepEarlyPick,
  pickProduct,
  resetPurchaseFlowSuite,
  resetTestCheckout,
  runPurchaseFlowSuite,
  simulatePayment,
  submitStep,
} from './test-mode.store';
import { useFetchRoutes } from '../../testing/fetch-routes';

const { routes, calls } = useFetchRoutes();
let assigned: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  assigned = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(browser, 'assign').mockImplementation((url) => void assigned.push(url));
});

beforeAll(() => {
  useTestStorageEngine();
});

afterEach(() => {
  resetTestCheckout();
  resetPurchaseFlowSuite();
  vi.useRealTimers();
  vi.restoreAllMocks();
  cleanTestStorage();
  $notification.set(null);
  cleanStores(
    $testPhase,
    $testProductId,
    $testOrder,
    $testBusy,
    $redirectFailed,
    $suiteResults,
    $suiteRunning,
    $cartItems,
    $notification,
  );
});

const paid = () => {
  routes['POST /api/test/create-mock-order'] = { status: 201, body: { orderId: 9, clientId: 4 } };
};
const stepsSaved = () => {
  for (const step of TEST_STEPS) routes[`POST ${step.path}`] = { body: { success: true } };
};

describe('the mock payment', () => {
  it('buys the picked package and moves to step 1', async () => {
    paid();
    pickProduct('advanced');
    const paying = simulatePayment();
    expect($testBusy.get()).toBe(true);
    await paying;
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/test/create-mock-order',
      body: {
        productId: 'advanced',
        productName: 'Advanced Website Package',
        amount: 2500,
        status: 'completed',
      },
    });
    expect((calls[0]?.body as { stripePaymentIntentId: string }).stripePaymentIntentId).toMatch(
      /^pi_test_\d+$/,
    );
    expect($testOrder.get()).toEqual({ orderId: 9, clientId: 4 });
    expect($testPhase.get()).toBe('step-1');
    expect($testBusy.get()).toBe(false);
    expect($notification.get()).toMatchObject({
      title: 'Payment Successful',
      description: 'Order created with ID: 9',
    });
  });

  it('reports a failed mock order with the server’s answer and stays', async () => {
    routes['POST /api/test/create-mock-order'] = { status: 500, text: 'database down' };
    await simulatePayment();
    expect($notification.get()).toMatchObject({
      title: 'Error',
      description: 'Failed to create test order: 500: database down',
      variant: 'destructive',
    });
    expect($testPhase.get()).toBe('product-selection');
    expect($testOrder.get()).toBeNull();
    expect($testBusy.get()).toBe(false);
  });

  it('keeps a package picked on the plain HTML before hydration', () => {
    const checked = (value: string | null) => ({
      querySelector: () => (value === null ? null : { value }),
    });
    keepEarlyPick(checked(null) as unknown as ParentNode);
    expect($testProductId.get()).toBe('starter');
    keepEarlyPick(checked('advanced') as unknown as ParentNode);
    expect($testProductId.get()).toBe('advanced');
  });
});

describe('the onboarding steps', () => {
  it('sends each step’s canned answers, then leaves for the dashboard after 3 seconds', async () => {
    paid();
    stepsSaved();
    routes['GET /api/gohighlevel/dashboard/4'] = {
      body: { dashboardUrl: 'https://app.example/location/4' },
    };
    await simulatePayment();
    for (const n of [1, 2, 3] as const) {
      await submitStep(n);
      expect($notification.get()).toMatchObject({
        title: `Step ${n} Completed`,
        description: `${TEST_STEPS[n - 1]?.title} saved for order 9.`,
      });
    }
    expect(calls.slice(1, 4)).toEqual(
      TEST_STEPS.map((step) => ({
        method: 'POST',
        url: step.path,
        body: { orderId: 9, data: step.data },
      })),
    );
    expect($testPhase.get()).toBe('completed');

    await vi.advanceTimersByTimeAsync(TEST_REDIRECT_DELAY_MS - 1);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(assigned).toEqual(['https://app.example/location/4']);
  });

  it('reports a failed step and stays on it', async () => {
    paid();
    routes[`POST ${TEST_STEPS[0].path}`] = { status: 503, text: 'try later' };
    await simulatePayment();
    await submitStep(1);
    expect($notification.get()).toMatchObject({
      title: 'Error',
      description: 'Failed to complete step 1: 503: try later',
    });
    expect($testPhase.get()).toBe('step-1');
    expect($testBusy.get()).toBe(false);
  });

  it('sends nothing before there is an order', async () => {
    await submitStep(1);
    expect(calls).toEqual([]);
  });
});

describe('the redirect to the dashboard', () => {
  it('shows Redirect Error without a dashboard link, and Try Again asks again', async () => {
    paid();
    await simulatePayment();
    routes['GET /api/gohighlevel/dashboard/4'] = { body: {} };
    await goToDashboard();
    expect($redirectFailed.get()).toBe(true);
    expect($notification.get()).toMatchObject({
      title: 'Redirect Error',
      description: 'Failed to redirect to dashboard. Please try again.',
      variant: 'destructive',
    });
    expect(assigned).toEqual([]);

    routes['GET /api/gohighlevel/dashboard/4'] = { body: { dashboardUrl: '/dashboard' } };
    await goToDashboard();
    expect($redirectFailed.get()).toBe(false);
    expect(assigned).toEqual(['/dashboard']);
  });

  it('goes to the client dashboard when no CRM account is linked (the address is not proven)', async () => {
    paid();
    await simulatePayment();
    routes['GET /api/gohighlevel/dashboard/4'] = {
      status: 404,
      body: { error: 'Your GoHighLevel account is not connected yet.' },
    };
    await goToDashboard();
    expect($redirectFailed.get()).toBe(false);
    expect(assigned).toEqual(['/dashboard']);
  });
});

describe('the complete test suite of /test-purchase-flow', () => {
  const SUITE_ORDER = '/api/orders/pi_test_suite_1';

  beforeEach(() => {
    vi.spyOn(Date, 'now').mockReturnValue(1);
    vi.spyOn(browser, 'origin').mockReturnValue('https://shop.example');
  });

  const siteWorks = () => {
    routes['POST /api/create-checkout-session'] = { body: { url: 'https://pay.example/cs_1' } };
    routes['POST /api/create-payment-intent'] = { body: { clientSecret: 'pi_1_secret' } };
    routes['POST /api/test/create-mock-order'] = { status: 201, body: { orderId: 9 } };
    routes[`GET ${SUITE_ORDER}`] = { body: { order: { id: 9, status: 'completed' } } };
    routes['GET /products'] = { text: '<!doctype html>' };
  };

  it('runs every check against the real cart and this site, results as they land', async () => {
    siteWorks();
    $suiteResults.set([{ name: 'an earlier run', status: 'passed', timestamp: '' }]);
    const running = runPurchaseFlowSuite('pk_test_123');
    expect($suiteRunning.get()).toBe(true);
    expect($suiteResults.get()).toEqual([]);
    // A press while it runs starts nothing.
    await runPurchaseFlowSuite('pk_test_123');
    await running;

    expect($suiteRunning.get()).toBe(false);
    expect($suiteResults.get().map((r) => r.status)).toEqual(Array(7).fill('passed'));
    expect($cartItems.get().map((line) => line.id)).toEqual(['starter', 'lily-ai']);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/create-checkout-session',
      'POST /api/create-payment-intent',
      'POST /api/test/create-mock-order',
      `GET ${SUITE_ORDER}`,
      'GET /products',
    ]);
    expect(calls[0]?.body).toMatchObject({
      success_url: 'https://shop.example/checkout/success',
      cancel_url: 'https://shop.example/checkout',
    });
    expect($notification.get()).toMatchObject({
      title: 'Test Suite Complete',
      description: 'Purchase flow testing completed. Check results below.',
    });
  });

  it('records a refused endpoint as failed and a lost one as an error, and still completes', async () => {
    siteWorks();
    routes['POST /api/create-payment-intent'] = { status: 503, text: 'payments down' };
    routes['GET /products'] = { network: true };
    await runPurchaseFlowSuite('sk_wrong');

    const byName = Object.fromEntries($suiteResults.get().map((r) => [r.name, r]));
    expect(byName['Stripe publishable key is configured (pk_ prefix)']).toMatchObject({
      status: 'failed',
      error: 'The publishable key does not start with pk_',
    });
    expect(byName['Payment intent endpoint returns a client secret']).toMatchObject({
      status: 'failed',
      error: '503: payments down',
    });
    expect(byName['Products page loads']).toMatchObject({
      status: 'error',
      error: 'Failed to fetch',
    });
    expect($suiteResults.get()).toHaveLength(7);
    expect($suiteRunning.get()).toBe(false);
    expect($notification.get()).toMatchObject({ title: 'Test Suite Complete' });
  });
});
