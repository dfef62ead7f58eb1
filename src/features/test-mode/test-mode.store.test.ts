import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notification } from '../../lib/notifications';
import { TEST_REDIRECT_DELAY_MS, TEST_STEPS } from './test-mode';
import {
  $redirectFailed,
  $testBusy,
  $testOrder,
  $testPhase,
  $testProductId,
  browser,
  goToDashboard,
  keepEarlyPick,
  pickProduct,
  resetTestCheckout,
  simulatePayment,
  submitStep,
} from './test-mode.store';
import { stubFetchRoutes, type FakeRoute, type FetchCall } from '../../testing/fetch-routes';

let routes: Record<string, FakeRoute>;
let calls: FetchCall[];
let assigned: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  ({ routes, calls } = stubFetchRoutes());
  assigned = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(browser, 'assign').mockImplementation((url) => void assigned.push(url));
});

afterEach(() => {
  resetTestCheckout();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  $notification.set(null);
  cleanStores($testPhase, $testProductId, $testOrder, $testBusy, $redirectFailed, $notification);
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
});
