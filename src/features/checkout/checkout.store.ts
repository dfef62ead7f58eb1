/**
 * The checkout pages' state and actions (the islands only read these stores and call the
 * actions). /checkout: what the address asks for when the page opens (a linked product, a
 * canceled payment), and the hand-off to the payment page, started once on load. The success
 * page: the lookup of the payment by session_id (or payment_intent), polling while a payment
 * is pending or the order is still being confirmed (Retry-After on a 429), and the 10-second
 * countdown home of the thank-you fallback. Browser-side and zod-free; every request goes
 * through src/lib/request-json.ts.
 */
import { atom, computed } from 'nanostores';
import { errorMessage } from '../../lib/error-message';
import { centsToDollars } from '../../lib/money';
import { notify } from '../../lib/notifications';
import { requestAction } from '../../lib/request-action';
import { RequestError, requestJson } from '../../lib/request-json';
import { $cartItems, addCatalogueItem, loadCart, type CartItem } from '../cart/cart.store';
import { canonicalId, findItem } from '../catalogue/catalogue';
import { rememberClientSession } from '../dashboard/dashboard';
import type { CheckoutSessionView, OrderView } from '../orders/orders';
import { SUCCESS_REF_PARAM } from './success-ref';
import { attemptIdFor, forgetCheckoutAttempt } from './checkout-attempt';

export const COUNTDOWN_SECONDS = 10;
/** While a delayed payment is pending, the page asks again this often, this many times. */
export const POLL_MS = 4000;
export const POLL_LIMIT = 30;
/** How long to wait when a 429 names no time. */
export const THROTTLED_WAIT_MS = 15_000;

type SuccessView =
  | { kind: 'loading' }
  | { kind: 'fallback' }
  /** Paid, but the order could not be confirmed yet (database unreachable, or still being written). */
  | { kind: 'confirming' }
  /** Still not confirmed after every retry: say so plainly, and offer to try again. */
  | { kind: 'unconfirmed' }
  /** `amount` in dollars: the spec's order payload and amount_total ÷ 100. */
  | { kind: 'order'; order: OrderView; amount: number };

/** The lookup was refused for asking too often (429): ask again after this long, showing nothing new. */
type Throttled = { kind: 'throttled'; waitMs: number };

/** What the success page shows. */
export const $successView = atom<SuccessView>({ kind: 'loading' });
/** The fallback's countdown to the home page; `running` false once the visitor stays. */
export const $countdown = atom<{ seconds: number; running: boolean }>({
  seconds: COUNTDOWN_SECONDS,
  running: true,
});

/** The browser's address and history (a seam for tests). */
export const browser = {
  /** Where the browser goes next. */
  assign: (url: string) => window.location.assign(url),
  origin: () => window.location.origin,
  search: () => window.location.search,
  /** Drops the query from the address bar, without a new history entry. */
  dropQuery: () => window.history.replaceState(null, '', window.location.pathname),
  /** True when this page load came from the Back/Forward buttons (e.g. back from Stripe). */
  cameBackFromHistory: () => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.type === 'back_forward';
  },
};

// --- /checkout: the hand-off to the payment page ---------------------------------------

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

/** The hand-off is under way (the pay button waits and says so). */
export const $checkoutProcessing = computed(
  [checkoutSession.$state, $leaving],
  (request, leaving) => request.busy || leaving,
);

/** "Continue to Stripe Checkout" (and the start on load): the cart goes to the payment page. */
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

/**
 * Links such as /checkout?product=basic-ai-agents&price=1500 (the products page's no-script
 * Buy Now) put that product in the cart; the price parameter is ignored, the server prices.
 */
function addLinkedProduct(productId: string | null) {
  const item = productId ? findItem(productId) : undefined;
  if (!item) return;
  if ($cartItems.get().some((line) => canonicalId(line.id) === item.id)) return;
  addCatalogueItem(item.id, undefined, { notice: false, openPanel: false });
}

let opened = false;

/**
 * /checkout opened (after hydration; once per page load, however often it is called): a
 * linked product goes into the cart; back from a canceled payment the page says so and waits;
 * otherwise a cart with items starts the hand-off at once (spec), except when the buyer came
 * back with the Back button.
 */
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

/** Back to a page not yet opened (tests; a page load starts here). */
export function resetCheckoutPage(): void {
  opened = false;
  checkoutPageRestored();
}

// --- The success page ------------------------------------------------------------------

/**
 * A failure worth retrying: the server asked to (503) or could not be reached at all
 * (request-json reports that as status 0; a phone on a train loses the network for a moment).
 */
function isRetryable(error: unknown): boolean {
  if (error instanceof RequestError) return error.status === 503 || error.status === 0;
  return error instanceof TypeError;
}

/** The address parameters that name the payment to look up (Stripe Checkout's, the Payment Element's). */
export const PAYMENT_PARAMS = { session: 'session_id', intent: 'payment_intent' } as const;

/** The session lookup's path; the reference lets the server vouch for a recovered session. */
function sessionLookupPath(sessionId: string, ref: string | null): string {
  const path = `/api/checkout-session/${encodeURIComponent(sessionId)}`;
  return ref ? `${path}?${new URLSearchParams({ [SUCCESS_REF_PARAM]: ref })}` : path;
}

/** One lookup of the payment the address names. */
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

// --- Following the payment ------------------------------------------------------------

let params = new URLSearchParams();
/** Lookups asked again so far (polls, retries and throttled waits). */
let polls = 0;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped by every start, retry and stop: an answer to an older round is ignored. */
let round = 0;

function show(next: SuccessView) {
  const before = $successView.get().kind;
  // The buyer's browser now holds a session (the order was granted to it): see session-hint.ts.
  if (next.kind === 'order' && next.order.access === 'buyer') rememberClientSession(true);
  $successView.set(next);
  if (next.kind === 'fallback' && before !== 'fallback') startCountdown();
  else if (next.kind !== 'fallback' && before === 'fallback') clearTimeout(countdownTimer);
}

/** Asks again after `ms`; false when the polls are used up. */
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

/**
 * The page opens: the checkout it follows is over (the next one is a new attempt), and the
 * payment the address (`search`, e.g. "?session_id=…") names is looked up.
 */
export function startSuccessPage(search: string): Promise<void> {
  forgetCheckoutAttempt();
  params = new URLSearchParams(search);
  polls = 0;
  show({ kind: 'loading' });
  return follow();
}

/** "Try Again" after the order could not be confirmed: a fresh round of polls. */
export function retryConfirmation(): Promise<void> {
  polls = 0;
  show({ kind: 'confirming' });
  return follow();
}

/** The page closes: no more lookups or countdown ticks. */
export function stopSuccessPage(): void {
  round += 1;
  clearTimeout(pollTimer);
  clearTimeout(countdownTimer);
}

// --- The fallback's countdown ----------------------------------------------------------

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

/** "Stay on This Page". */
export function stopCountdown(): void {
  clearTimeout(countdownTimer);
  $countdown.set({ ...$countdown.get(), running: false });
}

/** The countdown as the status region says it: the full time, then the halfway mark. */
export function announcedSeconds(seconds: number): number {
  const halfway = Math.ceil(COUNTDOWN_SECONDS / 2);
  return seconds > halfway ? COUNTDOWN_SECONDS : halfway;
}
