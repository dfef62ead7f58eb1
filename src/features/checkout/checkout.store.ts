/**
 * The checkout success page's state and actions (the island only reads these stores and calls
 * the actions): the lookup of the payment by session_id (or payment_intent), polling while a
 * payment is pending or the order is still being confirmed (Retry-After on a 429), and the
 * 10-second countdown home of the thank-you fallback. Browser-side and zod-free; every request
 * goes through src/lib/request-json.ts.
 */
import { atom } from 'nanostores';
import { centsToDollars } from '../../lib/money';
import { RequestError, requestJson } from '../../lib/request-json';
import { loadCart } from '../cart/cart.store';
import { rememberClientSession } from '../dashboard/dashboard';
import type { CheckoutSessionView, OrderView } from '../orders/orders';
import { forgetCheckoutAttempt } from './checkout-attempt';

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

/** Where the browser goes next (a seam for tests). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * A failure worth retrying: the server asked to (503) or could not be reached at all
 * (request-json reports that as status 0; a phone on a train loses the network for a moment).
 */
function isRetryable(error: unknown): boolean {
  if (error instanceof RequestError) return error.status === 503 || error.status === 0;
  return error instanceof TypeError;
}

/** One lookup of the payment the address names. */
export async function lookup(params: URLSearchParams): Promise<SuccessView | Throttled> {
  const sessionId = params.get('session_id');
  const paymentIntent = params.get('payment_intent');
  try {
    if (sessionId) {
      const view = await requestJson<CheckoutSessionView>(
        'GET',
        `/api/checkout-session/${encodeURIComponent(sessionId)}`,
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
