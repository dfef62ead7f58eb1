import { cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { $notification } from '../../lib/notifications';
import { NETWORK_ERROR } from '../../lib/request-json';
import { advanced, starter } from '../../testing/cart-fixtures';
import { stubLocalStorage } from '../../testing/local-storage';
import { SESSION_HINT_KEYS } from '../../page-runtime/session-hint';
import { $cartItems, loadCart } from '../cart/cart.store';
import type { CheckoutSessionView, OrderView } from '../orders/orders';
import {
  $checkoutProcessing,
  $countdown,
  $successView,
  browser,
  CHECKOUT_FALLBACK_ERROR,
  checkoutPageRestored,
  COUNTDOWN_SECONDS,
  openCheckoutPage,
  resetCheckoutPage,
  startCheckout,
  POLL_LIMIT,
  POLL_MS,
  retryConfirmation,
  startSuccessPage,
  stopCountdown,
  stopSuccessPage,
  THROTTLED_WAIT_MS,
} from './checkout.store';

const order = (status: OrderView['status'], amount = 1000): OrderView => ({
  id: 41,
  orderNumber: 'NR-41',
  status,
  amount,
  currency: 'usd',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  createdAt: '2026-01-02T03:04:05.000Z',
  paymentIntentId: 'pi_1',
  items: [],
  charge: {
    currency: 'usd',
    subtotalCents: amount * 100,
    discountCents: 0,
    discounts: [],
    taxCents: 0,
    taxes: [],
    totalCents: amount * 100,
    refundedCents: 0,
    invoice: null,
  },
  refunds: [],
  access: 'buyer',
});

const sessionView = (
  found: OrderView | null,
  status: CheckoutSessionView['session']['status'] = 'complete',
): CheckoutSessionView => ({
  session: {
    id: 'cs_1',
    status,
    payment_status: 'paid',
    mode: 'payment',
    amount_subtotal: 100_000,
    total_details: { amount_discount: 0, amount_tax: 0 },
    amount_total: 100_000,
    currency: 'usd',
    customer_details: { name: 'Ada Lovelace', email: 'ada@example.com' },
    metadata: { items: '[]' },
    payment_intent: 'pi_1',
  },
  order: found,
});

const SESSION_URL = '/api/checkout-session/cs_1';

/** What the server answers next, per URL (the last answer repeats). */
type Answer = { status?: number; body?: unknown; headers?: Record<string, string>; network?: true };
let answers: Record<string, Answer[]>;
let calls: string[];
/** The JSON bodies sent, in order. */
let sent: unknown[];
let assigned: string[];
let logged: MockInstance;

const answer = (url: string, ...next: Answer[]) => {
  answers[url] = next;
};

/** Lets the pending request and its answer run (the stubbed fetch needs a few turns). */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function after(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

beforeAll(() => {
  useTestStorageEngine();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  keepMount($cartItems);
  answers = {};
  calls = [];
  sent = [];
  assigned = [];
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(browser, 'assign').mockImplementation((url) => void assigned.push(url));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(url);
      if (init?.body) sent.push(JSON.parse(String(init.body)));
      const queue = answers[url] ?? [{ status: 404, body: { error: 'Not found' } }];
      const next = (queue.length > 1 ? queue.shift() : queue[0]) ?? {};
      if (next.network) throw new TypeError('Failed to fetch');
      return Response.json(next.body ?? {}, {
        status: next.status ?? 200,
        headers: next.headers ?? {},
      });
    }),
  );
});

afterEach(() => {
  stopSuccessPage();
  resetCheckoutPage();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  cleanTestStorage();
  $successView.set({ kind: 'loading' });
  $countdown.set({ seconds: COUNTDOWN_SECONDS, running: true });
  $notification.set(null);
  cleanStores($successView, $countdown, $cartItems, $checkoutProcessing, $notification);
});

describe('the hand-off to the payment page', () => {
  const CREATE_URL = '/api/create-checkout-session';
  let dropped: number;

  /** /checkout opened with `search`, from a link (or with the Back button when `back`). */
  function page(search = '', back = false) {
    vi.spyOn(browser, 'search').mockReturnValue(search);
    vi.spyOn(browser, 'cameBackFromHistory').mockReturnValue(back);
  }

  beforeEach(() => {
    dropped = 0;
    vi.spyOn(browser, 'origin').mockReturnValue('https://shop.example');
    vi.spyOn(browser, 'dropQuery').mockImplementation(() => void (dropped += 1));
    page();
  });

  it('starts once on load with items in the cart, and stays busy until the browser leaves', async () => {
    loadCart([starter]);
    answer(CREATE_URL, { body: { url: 'https://checkout.stripe.test/cs_1' } });
    openCheckoutPage();
    expect($checkoutProcessing.get()).toBe(true);
    // A second open (a remount) and a press while it is under way send nothing more.
    openCheckoutPage();
    await startCheckout();
    await settle();
    expect(calls).toEqual([CREATE_URL]);
    expect(sent).toEqual([
      {
        items: [starter],
        success_url: 'https://shop.example/checkout/success',
        cancel_url: 'https://shop.example/checkout',
        attempt_id: expect.any(String),
      },
    ]);
    expect(assigned).toEqual(['https://checkout.stripe.test/cs_1']);
    expect($checkoutProcessing.get()).toBe(true);

    // Back from the payment page out of the back/forward cache: the button is ready again.
    checkoutPageRestored();
    expect($checkoutProcessing.get()).toBe(false);
  });

  it("shows the function's own sentence when the checkout is refused, and can start again", async () => {
    loadCart([starter]);
    answer(CREATE_URL, { status: 400, body: { error: 'Item not found: imaginary-plan' } });
    openCheckoutPage();
    await settle();
    expect($notification.get()).toMatchObject({
      title: 'Checkout Error',
      description: 'Item not found: imaginary-plan',
      variant: 'destructive',
    });
    expect($checkoutProcessing.get()).toBe(false);
    expect(assigned).toEqual([]);

    answer(CREATE_URL, { body: { url: 'https://checkout.stripe.test/cs_2' } });
    await startCheckout();
    expect(assigned).toEqual(['https://checkout.stripe.test/cs_2']);
    expect(calls).toEqual([CREATE_URL, CREATE_URL]);
  });

  it('says what went wrong for an answer without a URL, an error answer and a lost connection', async () => {
    loadCart([starter]);
    for (const [next, description] of [
      [{ body: {} }, CHECKOUT_FALLBACK_ERROR],
      [{ body: { error: 'Stripe is not configured' } }, 'Stripe is not configured'],
      [{ network: true }, NETWORK_ERROR],
    ] as const) {
      answer(CREATE_URL, next);
      await startCheckout();
      expect($notification.get()).toMatchObject({ title: 'Checkout Error', description });
      expect($checkoutProcessing.get()).toBe(false);
    }
    expect(assigned).toEqual([]);
  });

  it('asks for items first when the cart is empty', async () => {
    openCheckoutPage();
    await startCheckout();
    expect(calls).toEqual([]);
    expect($notification.get()).toMatchObject({ title: 'Cart is empty' });
  });

  it('waits after a canceled payment, and after the Back button', async () => {
    loadCart([starter]);
    page('?canceled=1');
    openCheckoutPage();
    expect($notification.get()).toMatchObject({ title: 'Payment canceled' });
    expect(dropped).toBe(1);

    resetCheckoutPage();
    page('', true);
    openCheckoutPage();
    await settle();
    expect(calls).toEqual([]);
    expect($checkoutProcessing.get()).toBe(false);
  });

  it('puts a linked product in the cart once, and starts with it', async () => {
    loadCart([advanced]);
    page('?product=starter&price=1');
    answer(CREATE_URL, { body: { url: 'https://checkout.stripe.test/cs_3' } });
    openCheckoutPage();
    await settle();
    expect($cartItems.get().map((line) => line.id)).toEqual(['advanced', 'starter']);
    expect(dropped).toBe(1);
    expect(sent).toMatchObject([{ items: [{ id: 'advanced' }, { id: 'starter' }] }]);

    resetCheckoutPage();
    openCheckoutPage();
    await settle();
    expect($cartItems.get().map((line) => line.id)).toEqual(['advanced', 'starter']);
  });
});

describe('looking the payment up', () => {
  it('shows a paid order with the session’s amount in dollars and empties the cart', async () => {
    loadCart([starter]);
    answer(SESSION_URL, { body: sessionView(order('completed')) });
    await startSuccessPage('?session_id=cs_1');
    expect($successView.get()).toEqual({ kind: 'order', order: order('completed'), amount: 1000 });
    expect($cartItems.get()).toEqual([]);
    await after(POLL_MS * 3);
    expect(calls).toEqual([SESSION_URL]);
  });

  it('passes on the success URL’s checkout reference, which vouches for a recovered session', async () => {
    const ref = 'Rk3_x-0123456789abcdef0123456789ab';
    answer(`${SESSION_URL}?ref=${ref}`, { body: sessionView(order('completed')) });
    await startSuccessPage(`?session_id=cs_1&ref=${ref}`);
    expect(calls).toEqual([`${SESSION_URL}?ref=${ref}`]);
    expect($successView.get()).toMatchObject({ kind: 'order' });
  });

  it('notes that this browser now holds the buyer’s session, and not for someone else’s order', async () => {
    const storage = stubLocalStorage();
    answer('/api/orders/pi_1', { body: { order: { ...order('completed'), access: 'public' } } });
    await startSuccessPage('?payment_intent=pi_1');
    expect(storage.has(SESSION_HINT_KEYS.client)).toBe(false);

    answer(SESSION_URL, { body: sessionView(order('completed')) });
    await startSuccessPage('?session_id=cs_1');
    expect(storage.get(SESSION_HINT_KEYS.client)).toBe('1');
  });

  it('looks a payment_intent up as an order, and keeps the cart of a failed payment', async () => {
    loadCart([starter]);
    answer('/api/orders/pi_1', { body: { order: order('failed', 2500) } });
    await startSuccessPage('?payment_intent=pi_1');
    expect($successView.get()).toEqual({
      kind: 'order',
      order: order('failed', 2500),
      amount: 2500,
    });
    expect($cartItems.get()).toHaveLength(1);
  });

  it('polls a pending payment until it is paid, then stops', async () => {
    answer(
      SESSION_URL,
      { body: sessionView(order('pending')) },
      { body: sessionView(order('pending')) },
      { body: sessionView(order('paid')) },
    );
    await startSuccessPage('?session_id=cs_1');
    expect($successView.get()).toMatchObject({ kind: 'order', order: { status: 'pending' } });

    await after(POLL_MS - 1);
    expect(calls).toHaveLength(1);
    await after(1);
    expect(calls).toHaveLength(2);
    expect($successView.get()).toMatchObject({ kind: 'order', order: { status: 'pending' } });

    await after(POLL_MS);
    expect($successView.get()).toMatchObject({ kind: 'order', order: { status: 'paid' } });
    await after(POLL_MS * 3);
    expect(calls).toHaveLength(3);
  });

  it('confirms a paid session whose order is not written yet, then shows the order', async () => {
    answer(
      SESSION_URL,
      { body: sessionView(null, 'complete') },
      { status: 503, body: { error: 'Database down.' }, headers: { 'Retry-After': '30' } },
      { body: sessionView(order('completed')) },
    );
    await startSuccessPage('?session_id=cs_1');
    expect($successView.get()).toEqual({ kind: 'confirming' });
    await after(POLL_MS);
    expect($successView.get()).toEqual({ kind: 'confirming' });
    await after(POLL_MS);
    expect($successView.get()).toMatchObject({ kind: 'order', order: { status: 'completed' } });
  });

  it('says so plainly when every retry fails, and Try Again starts a fresh round', async () => {
    answer(SESSION_URL, { status: 503, body: { error: 'Database down.' } });
    await startSuccessPage('?session_id=cs_1');
    expect($successView.get()).toEqual({ kind: 'confirming' });
    for (let i = 0; i < POLL_LIMIT; i++) await after(POLL_MS);
    expect(calls).toHaveLength(POLL_LIMIT + 1);
    expect($successView.get()).toEqual({ kind: 'unconfirmed' });
    await after(POLL_MS * 3);
    expect(calls).toHaveLength(POLL_LIMIT + 1);

    answer(SESSION_URL, { body: sessionView(order('completed')) });
    const retried = retryConfirmation();
    expect($successView.get()).toEqual({ kind: 'confirming' });
    await retried;
    expect($successView.get()).toMatchObject({ kind: 'order', order: { status: 'completed' } });
  });
});

describe('a lookup that fails', () => {
  it('falls back to the thank-you view for an unknown session, logged only', async () => {
    answer(SESSION_URL, { status: 404, body: { error: 'Checkout session not found.' } });
    await startSuccessPage('?session_id=cs_1');
    expect($successView.get()).toEqual({ kind: 'fallback' });
    expect(logged).toHaveBeenCalledWith('Could not load the order', expect.anything());
    await after(POLL_MS * 3);
    expect(calls).toHaveLength(1);
  });

  it('thanks without asking anything when the address names no payment', async () => {
    await startSuccessPage('');
    expect($successView.get()).toEqual({ kind: 'fallback' });
    expect(calls).toEqual([]);
  });

  it('keeps what is shown on a 429 and asks again after its Retry-After', async () => {
    answer(
      SESSION_URL,
      { status: 429, body: { error: 'Too many requests.' }, headers: { 'Retry-After': '7' } },
      { body: sessionView(order('completed')) },
    );
    await startSuccessPage('?session_id=cs_1');
    expect($successView.get()).toEqual({ kind: 'loading' });
    await after(6999);
    expect(calls).toHaveLength(1);
    expect($successView.get()).toEqual({ kind: 'loading' });
    await after(1);
    expect(calls).toHaveLength(2);
    expect($successView.get()).toMatchObject({ kind: 'order', order: { status: 'completed' } });
    expect(logged).not.toHaveBeenCalled();
  });

  it('waits a while on a 429 without a time, and never less than a poll', async () => {
    answer(
      SESSION_URL,
      { status: 429, body: { error: 'Too many requests.' } },
      { status: 429, body: { error: 'Too many requests.' }, headers: { 'Retry-After': '1' } },
      { body: sessionView(order('completed')) },
    );
    await startSuccessPage('?session_id=cs_1');
    await after(THROTTLED_WAIT_MS - 1);
    expect(calls).toHaveLength(1);
    await after(1);
    expect(calls).toHaveLength(2);
    await after(POLL_MS - 1);
    expect(calls).toHaveLength(2);
    await after(1);
    expect($successView.get()).toMatchObject({ kind: 'order' });
  });

  it('asks again after a lost connection, as after a 503', async () => {
    answer(SESSION_URL, { network: true }, { body: sessionView(order('completed')) });
    await startSuccessPage('?session_id=cs_1');
    expect($successView.get()).toEqual({ kind: 'confirming' });
    await after(POLL_MS);
    expect($successView.get()).toMatchObject({ kind: 'order', order: { status: 'completed' } });
  });

  it('falls back to the thank-you view on an unexpected answer, logged only', async () => {
    answer(SESSION_URL, { status: 500, body: { error: 'Something went wrong' } });
    await startSuccessPage('?session_id=cs_1');
    expect($successView.get()).toEqual({ kind: 'fallback' });
    expect(logged).toHaveBeenCalledWith('Could not load the order', expect.anything());
  });

  it('ignores an answer that lands after the page closed', async () => {
    answer(SESSION_URL, { body: sessionView(order('pending')) });
    await startSuccessPage('?session_id=cs_1');
    stopSuccessPage();
    await after(POLL_MS * 3);
    expect(calls).toHaveLength(1);
  });
});

describe('the thank-you countdown', () => {
  it('counts down 10 seconds, one at a time, then goes home', async () => {
    await startSuccessPage('');
    expect($countdown.get()).toEqual({ seconds: COUNTDOWN_SECONDS, running: true });
    await after(1000);
    expect($countdown.get().seconds).toBe(9);
    await after(8000);
    expect($countdown.get().seconds).toBe(1);
    expect(assigned).toEqual([]);
    await after(1000);
    expect(assigned).toEqual(['/']);
  });

  it('stops for good on Stay on This Page', async () => {
    await startSuccessPage('');
    await after(3000);
    stopCountdown();
    expect($countdown.get()).toEqual({ seconds: 7, running: false });
    await after(15_000);
    expect(assigned).toEqual([]);
    expect($countdown.get().seconds).toBe(7);
  });
});
