import { atom, computed } from 'nanostores';
import { errorMessage } from '../../lib/error-message';
import { centsToDollars } from '../../lib/money';
import { notify } from '../../lib/notifications';
import { requestAction } from '../../lib/request-action';
import { RequestError, requestJson } from '../../lib/request-json';
import { rememberSession } from '../../page-runtime/session-hint';
import { $cartItems, addCatalogueItem, loadCart, type CartItem } from '../cart/cart.store';
import { canonicalId, findItem } from '../catalogue/catalogue';
import type { CheckoutSessionView, OrderView } from '../orders/orders';
import { SUCCESS_REF_PARAM } from './success-ref';
import { attemptIdFor, forgetCheckoutAttempt } from './checkout-attempt';

export const COUNTDOWN_SECONDS = 10;
export const POLL_MS = 4000;
export const POLL_LIMIT = 30;
export const THROTTLED_WAIT_MS = 15_000;

type SuccessView =
  | { kind: 'loading' }
  | { kind: 'fallback' }
  /** Paid, but the order could not be confirmed yet (database unreachable, or still being written). */
  | { kind: 'confirming' }
  | { kind: 'unconfirmed' }
  /** `amount` in dollars: the spec's order payload and amount_total ÷ 100. */
  | { kind: 'order'; order: OrderView; amount: number };

type Throttled = { kind: 'throttled'; waitMs: number };

export const $successView = atom<SuccessView>({ kind: 'loading' });
export const $countdown = atom<{ seconds: number; running: boolean }>({
  seconds: COUNTDOWN_SECONDS,
  running: true,
});

/** The browser's address and history (a seam for tests). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  origin: () => window.location.origin,
  search: () => window.location.search,
  dropQuery: () => window.history.replaceState(null, '', window.location.pathname),
  cameBackFromHistory: () => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.type === 'back_forward';
  },
};

export const CHECKOUT_FALLBACK_ERROR = 'Failed to create checkout session. Please try again.';

/** The browser is on its way to the payment page: the page stays "processing" until it leaves. */
const $leaving = atom(false);

const checkoutSession = requestAction(
  async (items: readonly CartItem[]) => {
    const origin = browser.origin();
    const data = await requestJson<{ url?: string; error?: string }>(
      'POST',
      '/api/create-checkout-session',
      {
        items,
        success_url: `${origin}/checkout/success`,
        cancel_url: `${origin}/checkout`,
        attempt_id: attemptIdFor(items),
      },
    );
    if (data.error) throw new Error(data.error);
    if (!data.url) throw new Error(CHECKOUT_FALLBACK_ERROR);
    // Before the request counts as done, so "processing" never blinks off on the way out.
    $leaving.set(true);
    browser.assign(data.url);
    return data.url;
  },
  // The function's own sentence ("Item not found: …"), not "400: {\"error\":…}".
  (error) =>
    error instanceof RequestError && error.detail
      ? error.detail
      : errorMessage(error, CHECKOUT_FALLBACK_ERROR),
);

export const $checkoutProcessing = computed(
  [checkoutSession.$state, $leaving],
  (request, leaving) => request.busy || leaving,
);

export async function startCheckout(): Promise<void> {
  const items = $cartItems.get();
  if (items.length === 0) {
    notify({
      title: 'Cart is empty',
      description: 'Please add items to your cart before checking out.',
    });
    return;
  }
  if ($checkoutProcessing.get()) return;
  if (await checkoutSession.run(items)) return;
  notify({
    title: 'Checkout Error',
    description: checkoutSession.$state.get().error,
    variant: 'destructive',
  });
}

/** A page restored from the back/forward cache must not stay stuck in "processing". */
export function checkoutPageRestored(): void {
  $leaving.set(false);
  checkoutSession.reset();
}

/** /checkout?product=…&price=… (no-script Buy Now) adds the product; the server sets the price. */
function addLinkedProduct(productId: string | null) {
  const item = productId ? findItem(productId) : undefined;
  if (!item) return;
  if ($cartItems.get().some((line) => canonicalId(line.id) === item.id)) return;
  addCatalogueItem(item.id, undefined, { notice: false, openPanel: false });
}

let opened = false;

// After hydration, once per page load. A cart with items starts the hand-off at once (spec),
// except back from a canceled payment or with the Back button.
export function openCheckoutPage(): void {
  if (opened) return;
  opened = true;
  const params = new URLSearchParams(browser.search());
  addLinkedProduct(params.get('product'));
  if (params.has('product') || params.has('price')) browser.dropQuery();
  if (params.has('canceled')) {
    forgetCheckoutAttempt();
    browser.dropQuery();
    notify({
      title: 'Payment canceled',
      description: 'Your cart is saved. Continue to checkout whenever you are ready.',
    });
    return;
  }
  if (browser.cameBackFromHistory()) return;
  if ($cartItems.get().length > 0) void startCheckout();
}

export function resetCheckoutPage(): void {
  opened = false;
  checkoutPageRestored();
}

// 503, or unreachable (request-json's status 0: a phone on a train loses the network a moment).
function isRetryable(error: unknown): boolean {
  if (error instanceof RequestError) return error.status === 503 || error.status === 0;
  return error instanceof TypeError;
}

export const PAYMENT_PARAMS = { session: 'session_id', intent: 'payment_intent' } as const;

/** The session lookup's path; the reference lets the server vouch for a recovered session. */
function sessionLookupPath(sessionId: string, ref: string | null): string {
  const path = `/api/checkout-session/${encodeURIComponent(sessionId)}`;
  return ref ? `${path}?${new URLSearchParams({ [SUCCESS_REF_PARAM]: ref })}` : path;
}

export async function lookup(params: URLSearchParams): Promise<SuccessView | Throttled> {
  const sessionId = params.get(PAYMENT_PARAMS.session);
  const paymentIntent = params.get(PAYMENT_PARAMS.intent);
  try {
    if (sessionId) {
      const view = await requestJson<CheckoutSessionView>(
        'GET',
        sessionLookupPath(sessionId, params.get(SUCCESS_REF_PARAM)),
      );
      if (view.order)
        return {
          kind: 'order',
          order: view.order,
          amount: centsToDollars(view.session.amount_total),
        };
      // The provider says paid, the order is not written yet: confirm, do not thank and leave.
      return view.session.status === 'complete' ? { kind: 'confirming' } : { kind: 'fallback' };
    }
    if (paymentIntent) {
      const { order } = await requestJson<{ order: OrderView }>(
        'GET',
        `/api/orders/${encodeURIComponent(paymentIntent)}`,
      );
      return { kind: 'order', order, amount: order.amount };
    }
    return { kind: 'fallback' };
  } catch (error) {
    if (error instanceof RequestError && error.status === 429) {
      const seconds = error.retryAfterSeconds;
      return { kind: 'throttled', waitMs: seconds ? seconds * 1000 : THROTTLED_WAIT_MS };
    }
    if (isRetryable(error)) return { kind: 'confirming' };
    throw error;
  }
}

let params = new URLSearchParams();
let polls = 0;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped by every start, retry and stop: an answer to an older round is ignored. */
let round = 0;

function show(next: SuccessView) {
  const before = $successView.get().kind;
  // The buyer's browser now holds a session (the order was granted to it): see src/page-runtime/session-hint.ts.
  if (next.kind === 'order' && next.order.access === 'buyer') rememberSession('client', true);
  $successView.set(next);
  if (next.kind === 'fallback' && before !== 'fallback') startCountdown();
  else if (next.kind !== 'fallback' && before === 'fallback') clearTimeout(countdownTimer);
}

function again(ms: number, current: number): boolean {
  if (polls >= POLL_LIMIT) return false;
  polls += 1;
  pollTimer = setTimeout(() => void run(current), ms);
  return true;
}

async function run(current: number) {
  try {
    const next = await lookup(params);
    if (current !== round) return;
    if (next.kind === 'throttled') {
      // Asked to slow down: keep what is shown and ask again once, gently, after the wait.
      if (!again(Math.max(next.waitMs, POLL_MS), current)) show({ kind: 'unconfirmed' });
      return;
    }
    if (next.kind === 'confirming') {
      show(again(POLL_MS, current) ? next : { kind: 'unconfirmed' });
      return;
    }
    show(next);
    if (next.kind !== 'order') return;
    if (next.order.status !== 'failed') loadCart([]);
    if (next.order.status === 'pending') again(POLL_MS, current);
  } catch (error) {
    // Spec: lookup failures are only logged; the buyer sees the thank-you fallback.
    console.error('Could not load the order', error);
    if (current === round) show({ kind: 'fallback' });
  }
}

function follow(): Promise<void> {
  clearTimeout(pollTimer);
  round += 1;
  return run(round);
}

export function startSuccessPage(search: string): Promise<void> {
  forgetCheckoutAttempt();
  params = new URLSearchParams(search);
  polls = 0;
  show({ kind: 'loading' });
  return follow();
}

export function retryConfirmation(): Promise<void> {
  polls = 0;
  show({ kind: 'confirming' });
  return follow();
}

export function stopSuccessPage(): void {
  round += 1;
  clearTimeout(pollTimer);
  clearTimeout(countdownTimer);
}

let countdownTimer: ReturnType<typeof setTimeout> | undefined;

function tick() {
  const { seconds, running } = $countdown.get();
  if (!running) return;
  if (seconds <= 0) {
    browser.assign('/');
    return;
  }
  countdownTimer = setTimeout(() => {
    $countdown.set({ seconds: seconds - 1, running: true });
    tick();
  }, 1000);
}

function startCountdown() {
  clearTimeout(countdownTimer);
  $countdown.set({ seconds: COUNTDOWN_SECONDS, running: true });
  tick();
}

export function stopCountdown(): void {
  clearTimeout(countdownTimer);
  $countdown.set({ ...$countdown.get(), running: false });
}

/** The countdown as the status region says it: the full time, then the halfway mark. */
export function announcedSeconds(seconds: number): number {
  const halfway = Math.ceil(COUNTDOWN_SECONDS / 2);
  return seconds > halfway ? COUNTDOWN_SECONDS : halfway;
}
