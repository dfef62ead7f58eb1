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
export const $testProductId = atom<string>(DEFAULT_PACKAGE);
export const $testOrder = atom<TestOrder | null>(null);
export const $testBusy = atom(false);
export const $redirectFailed = atom(false);

/** The browser's address (a seam for tests). */
export const browser = {
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

// Radios are plain HTML until hydration, which would otherwise put the default back under the
// visitor's click.
export function keepEarlyPick(root: Pick<ParentNode, 'querySelector'>): void {
  const picked = root.querySelector<HTMLInputElement>('input[name="test-product"]:checked');
  if (picked && picked.value !== DEFAULT_PACKAGE) pickProduct(picked.value);
}

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

/** Else the client dashboard (404: a browser that only paid has no CRM account). */
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

export function resetTestCheckout(): void {
  clearTimeout(redirectTimer);
  $testPhase.set('product-selection');
  $testProductId.set(DEFAULT_PACKAGE);
  $testOrder.set(null);
  $testBusy.set(false);
  $redirectFailed.set(false);
}

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

export const $suiteRunning = computed(suite.$state, (state) => state.busy);

export async function runPurchaseFlowSuite(publishableKey: string): Promise<void> {
  if (!(await suite.run(publishableKey))) return;
  notify({
    title: 'Test Suite Complete',
    description: 'Purchase flow testing completed. Check results below.',
  });
}

export function resetPurchaseFlowSuite(): void {
  suite.reset();
  $suiteResults.set([]);
}
