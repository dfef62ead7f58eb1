/**
 * /test-checkout's state and actions (the island only reads these stores and calls the
 * actions): the package picked, the mock payment, the three canned onboarding steps, and the
 * redirect to the client's dashboard 3 seconds after the last one. Browser-side and zod-free;
 * every request goes through src/lib/request-json.ts. The data (packages, steps, delay) is in
 * test-mode.ts.
 */
import { atom } from 'nanostores';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notifications';
import { requestJson } from '../../lib/request-json';
import { TEST_CHECKOUT_PACKAGES, TEST_REDIRECT_DELAY_MS, TEST_STEPS } from './test-mode';

export type TestPhase = 'product-selection' | 'step-1' | 'step-2' | 'step-3' | 'completed';
type TestOrder = { orderId: number; clientId: number | null };

export const TEST_PHASES: readonly TestPhase[] = [
  'product-selection',
  'step-1',
  'step-2',
  'step-3',
  'completed',
];

const DEFAULT_PACKAGE: string = TEST_CHECKOUT_PACKAGES[0].id;

export const $testPhase = atom<TestPhase>('product-selection');
/** The package the mock payment buys. */
export const $testProductId = atom<string>(DEFAULT_PACKAGE);
/** The mock order, once paid. */
export const $testOrder = atom<TestOrder | null>(null);
/** A request is under way: the buttons wait. */
export const $testBusy = atom(false);
/** The dashboard link could not be opened: the page offers to try again. */
export const $redirectFailed = atom(false);

/** Where the browser goes next (a seam for tests). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};

const messageOf = (error: unknown) => errorMessage(error, 'Unknown error');

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

function setPhase(phase: TestPhase) {
  $testPhase.set(phase);
  clearTimeout(redirectTimer);
  if (phase === 'completed')
    redirectTimer = setTimeout(() => void goToDashboard(), TEST_REDIRECT_DELAY_MS);
}

export function pickProduct(id: string): void {
  $testProductId.set(id);
}

/**
 * A package picked before the island hydrated (the radios are plain HTML until then) is the
 * choice: hydration would otherwise put the default back under the visitor's click.
 */
export function keepEarlyPick(root: Pick<ParentNode, 'querySelector'>): void {
  const picked = root.querySelector<HTMLInputElement>('input[name="test-product"]:checked');
  if (picked && picked.value !== DEFAULT_PACKAGE) pickProduct(picked.value);
}

/** "Simulate Payment": creates a mock order for the picked package, then the first step. */
export async function simulatePayment(): Promise<void> {
  const productId = $testProductId.get();
  const pkg = TEST_CHECKOUT_PACKAGES.find((p) => p.id === productId) ?? TEST_CHECKOUT_PACKAGES[0];
  $testBusy.set(true);
  try {
    const created = await requestJson<{ orderId: number; clientId: number | null }>(
      'POST',
      '/api/test/create-mock-order',
      {
        productId: pkg.id,
        productName: pkg.name,
        amount: pkg.price,
        stripePaymentIntentId: `pi_test_${Date.now()}`,
        status: 'completed',
      },
    );
    $testOrder.set({ orderId: created.orderId, clientId: created.clientId });
    notify({
      title: 'Payment Successful',
      description: `Order created with ID: ${created.orderId}`,
    });
    setPhase('step-1');
  } catch (error) {
    notify({
      title: 'Error',
      description: `Failed to create test order: ${messageOf(error)}`,
      variant: 'destructive',
    });
  } finally {
    $testBusy.set(false);
  }
}

/** "Submit Step n": sends the step's canned answers; after step 3 the redirect is scheduled. */
export async function submitStep(n: 1 | 2 | 3): Promise<void> {
  const step = TEST_STEPS[n - 1];
  const order = $testOrder.get();
  if (!order || !step) return;
  $testBusy.set(true);
  try {
    await requestJson('POST', step.path, { orderId: order.orderId, data: step.data });
    notify({
      title: `Step ${n} Completed`,
      description: `${step.title} saved for order ${order.orderId}.`,
    });
    setPhase(n === 3 ? 'completed' : (`step-${n + 1}` as TestPhase));
  } catch (error) {
    notify({
      title: 'Error',
      description: `Failed to complete step ${n}: ${messageOf(error)}`,
      variant: 'destructive',
    });
  } finally {
    $testBusy.set(false);
  }
}

/** Opens the client's dashboard (also "Try Again" after a failed redirect). */
export async function goToDashboard(): Promise<void> {
  $redirectFailed.set(false);
  try {
    const { dashboardUrl } = await requestJson<{ dashboardUrl?: string }>(
      'GET',
      `/api/gohighlevel/dashboard/${$testOrder.get()?.clientId ?? ''}`,
    );
    if (!dashboardUrl) throw new Error('No dashboard link');
    browser.assign(dashboardUrl);
  } catch (error) {
    console.error('Dashboard redirect failed', error);
    $redirectFailed.set(true);
    notify({
      title: 'Redirect Error',
      description: 'Failed to redirect to dashboard. Please try again.',
      variant: 'destructive',
    });
  }
}

/** Back to the start (tests; the page starts there): no pending redirect. */
export function resetTestCheckout(): void {
  clearTimeout(redirectTimer);
  $testPhase.set('product-selection');
  $testProductId.set(DEFAULT_PACKAGE);
  $testOrder.set(null);
  $testBusy.set(false);
  $redirectFailed.set(false);
}
