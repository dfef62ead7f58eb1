/**
 * The test pages' state and actions (the islands only read these stores and call the
 * actions). /test-checkout: the package picked, the mock payment, the three canned onboarding
 * steps, and the redirect to the client's dashboard 3 seconds after the last one.
 * /test-purchase-flow: "Run Complete Test Suite" against the real cart store and this site's
 * payment endpoints, its results as they land. Browser-side and zod-free; the data (packages,
 * steps, delay) and the suite's checks are in test-mode.ts.
 */
import { atom, computed } from 'nanostores';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notifications';
import { requestAction } from '../../lib/request-action';
import { RequestError, requestJson } from '../../lib/request-json';
import { $cartItems, $cartTotal, addCatalogueItem, loadCart } from '../cart/cart.store';
import {
  purchaseFlowChecks,
  runSuite,
  TEST_CHECKOUT_PACKAGES,
  TEST_PRODUCTS,
  TEST_REDIRECT_DELAY_MS,
  TEST_STEPS,
  type TestResult,
} from './test-mode';

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

/** The browser's address (a seam for tests). */
export const browser = {
  /** Where the browser goes next. */
  assign: (url: string) => window.location.assign(url),
  origin: () => window.location.origin,
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

/**
 * Opens the client's CRM dashboard (also "Try Again" after a failed redirect), or the client
 * dashboard when no CRM account is linked (404: a browser that only paid gets none).
 */
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
    if (error instanceof RequestError && error.status === 404) return browser.assign('/dashboard');
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

// --- /test-purchase-flow: the complete test suite ------------------------------------------

/** The suite's results so far, in the order the checks ran. */
export const $suiteResults = atom<readonly TestResult[]>([]);

/** The suite's cart: emptied silently, then filled through the store's own add rule. */
function fillCart(productIds: string[]) {
  loadCart([]);
  for (const id of productIds) {
    const product = TEST_PRODUCTS.find((p) => p.id === id);
    addCatalogueItem(id, product?.billingCycle, { notice: false, openPanel: false });
  }
  return { items: $cartItems.get(), total: $cartTotal.get() };
}

const suite = requestAction(async (publishableKey: string) => {
  $suiteResults.set([]);
  const checks = purchaseFlowChecks({
    fetch: (input, init) => fetch(input, init),
    origin: browser.origin(),
    publishableKey,
    fillCart,
  });
  return runSuite(checks, (result) => $suiteResults.set([...$suiteResults.get(), result]));
}, messageOf);

/** The suite is running: its button waits. */
export const $suiteRunning = computed(suite.$state, (state) => state.busy);

/** "Run Complete Test Suite": every check in turn, from empty results (a press meanwhile is ignored). */
export async function runPurchaseFlowSuite(publishableKey: string): Promise<void> {
  if (!(await suite.run(publishableKey))) return;
  notify({
    title: 'Test Suite Complete',
    description: 'Purchase flow testing completed. Check results below.',
  });
}

/** No results and nothing running (tests; the page starts there). */
export function resetPurchaseFlowSuite(): void {
  suite.reset();
  $suiteResults.set([]);
}
