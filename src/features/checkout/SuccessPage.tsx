/**
 * /checkout/success: looks the payment up by session_id (or payment_intent), shows the order
 * with downloads and onboarding links, and clears the cart once the order exists. Without
 * either parameter, or when the lookup fails (only logged), it thanks the buyer and counts
 * down 10 seconds to the home page.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../../components/ui/Icon';
import type { IconName } from '../../components/ui/icons';
import { centsToDollars, formatUsd } from '../../lib/money';
import SignInLinkForm from '../clients/SignInLinkForm';
import { loadCart } from '../cart/cart.store';
import { forgetCheckoutAttempt } from './checkout-attempt';
import { RequestError, requestJson } from '../../lib/request-json';
import './checkout.css';
import {
  isSettled,
  linePriceLabel,
  orderStatusLabel,
  type CheckoutSessionView,
  type OrderView,
} from '../orders/orders';

export const COUNTDOWN_SECONDS = 10;
/** While a delayed payment is pending, the page asks again this often, this many times. */
const POLL_MS = 4000;
const POLL_LIMIT = 30;

/** The agency's contact details (settings.json), passed by the page. */
type Support = { company: string; phone: string; phoneHref: string; email: string };

type State =
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
/** How long to wait when a 429 names no time. */
const THROTTLED_WAIT_MS = 15_000;

/** A failure worth retrying: the server asked to (503) or could not be reached at all. */
function isRetryable(error: unknown): boolean {
  return error instanceof RequestError ? error.status === 503 : error instanceof TypeError;
}

export async function lookup(params: URLSearchParams): Promise<State | Throttled> {
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

/** The countdown as the status region says it: the full time, then the halfway mark. */
function announcedSeconds(seconds: number): number {
  const halfway = Math.ceil(COUNTDOWN_SECONDS / 2);
  return seconds > halfway ? COUNTDOWN_SECONDS : halfway;
}

function Countdown() {
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  const [running, setRunning] = useState(true);

  useEffect(() => {
    if (!running) return;
    if (seconds <= 0) {
      window.location.assign('/');
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, running]);

  return (
    <div className="card text-center stack">
      <p className="success-countdown" role="timer" aria-live="off">
        {running
          ? `Redirecting to the home page in ${seconds} second${seconds === 1 ? '' : 's'}`
          : 'Automatic redirect stopped'}
      </p>
      {/* Announced at the start and at the halfway mark, not every second; the timer above
          is always exact for whoever reads it. */}
      <p className="sr-only" role="status">
        {running
          ? `You will be taken to the home page in ${announcedSeconds(seconds)} seconds.`
          : 'Automatic redirect stopped.'}
      </p>
      <div className="btn-row success-actions">
        <a className="btn" href="/">
          Go to Home Now
        </a>
        {running && (
          <button type="button" className="btn btn--outline" onClick={() => setRunning(false)}>
            Stay on This Page
          </button>
        )}
      </div>
    </div>
  );
}

function OrderDetails({ order, amount }: { order: OrderView; amount: number }) {
  const settled = isSettled(order.status);
  const badge = settled
    ? 'badge--success'
    : order.status === 'pending'
      ? 'badge--accent'
      : 'badge--danger';
  return (
    <section className="card" aria-labelledby="order-details-title">
      <h2 id="order-details-title">Order Details</h2>
      <dl className="success-details">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`badge ${badge}`}>{orderStatusLabel(order.status)}</span>
          </dd>
        </div>
        <div>
          <dt>Order ID</dt>
          <dd>#{order.id}</dd>
        </div>
        <div>
          <dt>Order number</dt>
          <dd>{order.orderNumber}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatUsd(amount)}</dd>
        </div>
        {order.access === 'buyer' && (
          <>
            <div>
              <dt>Name</dt>
              <dd>{order.customerName || '—'}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{order.customerEmail}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Date</dt>
          <dd>
            <time dateTime={order.createdAt}>
              {new Date(order.createdAt).toLocaleString('en-US', {
                dateStyle: 'long',
                timeStyle: 'short',
              })}
            </time>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Items({ order }: { order: OrderView }) {
  // Downloads and setup are the buyer's; another browser signs in first.
  const settled = isSettled(order.status) && order.access === 'buyer';
  return (
    <section className="card" aria-labelledby="order-items-title">
      <h2 id="order-items-title">Your Digital Items</h2>
      {!isSettled(order.status) && (
        <p className="muted">Downloads and setup open as soon as your payment is confirmed.</p>
      )}
      <ul className="success-items">
        {order.items.map((item) => (
          <li key={item.id} className="success-item">
            <div>
              <h3>{item.name}</h3>
              <p className="muted">
                {item.quantity > 1 ? `${item.quantity} × ` : ''}
                {linePriceLabel(item)}
              </p>
            </div>
            {settled && (
              <div className="btn-row">
                <a
                  className="btn btn--outline btn--sm"
                  href={`/api/download/${item.id}`}
                  target="_blank"
                  rel="noopener"
                >
                  <Icon name="download" /> Download Files
                </a>
                <a className="btn btn--sm" href={item.onboardingPath}>
                  <Icon name="rocket" /> Start Setup
                </a>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function WhatsNext({ support }: { support: Support }) {
  return (
    <>
      <section className="card" aria-labelledby="whats-next-title">
        <h2 id="whats-next-title">What's Next?</h2>
        <ol className="success-steps">
          <li>Check your e-mail for your receipt and a link to your client dashboard.</li>
          <li>
            Press Start Setup and complete the three short onboarding steps (about 15 minutes).
          </li>
          <li>
            Our team reviews your answers and contacts you within 2 business days to kick off.
          </li>
          <li>Follow progress and manage billing in your client dashboard.</li>
        </ol>
      </section>
      <section className="card" aria-labelledby="support-title">
        <h2 id="support-title">Need Help?</h2>
        <p className="muted">Our team answers within 24 hours, usually much sooner.</p>
        <div className="btn-row">
          <a className="btn btn--secondary" href={support.phoneHref}>
            <Icon name="phone" /> Call {support.phone}
          </a>
          <a className="btn btn--outline" href={`mailto:${support.email}`}>
            <Icon name="mail" /> Email Support
          </a>
        </div>
      </section>
      <section className="card" aria-labelledby="review-title">
        <h2 id="review-title">Share Your Experience</h2>
        <p className="muted">
          Happy with how your purchase went? A short review helps other small businesses find us.
        </p>
        <a
          className="btn btn--accent"
          href={`mailto:${support.email}?subject=${encodeURIComponent(`My review of ${support.company}`)}`}
        >
          <Icon name="star" /> Write a Review
        </a>
      </section>
    </>
  );
}

/** Another browser than the one that paid: the way in is a sign-in link to the buyer's address. */
function SignInForThisOrder() {
  return (
    <section className="card stack" aria-labelledby="order-sign-in-title">
      <h2 id="order-sign-in-title">Is this your order?</h2>
      <p className="muted">
        For your privacy, the details, downloads and setup of an order open only in the browser that
        paid for it. Enter the e-mail address you used at checkout and we will send you a sign-in
        link.
      </p>
      <SignInLinkForm />
    </section>
  );
}

/** The page's headline block: an icon tile in the state's tone, the heading, then the text. */
function StatusHero({
  icon,
  tone,
  title,
  children,
}: {
  icon?: IconName;
  tone?: 'pending' | 'failed';
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="success-hero">
      {icon && (
        <span className={`icon-tile${tone ? ` icon-tile--${tone}` : ''}`} aria-hidden="true">
          <Icon name={icon} />
        </span>
      )}
      <h1>{title}</h1>
      {children}
    </div>
  );
}

function ClosingActions() {
  return (
    <div className="btn-row success-actions">
      <a className="btn" href="/lily-ai">
        Explore Lily AI
      </a>
      <a className="btn btn--outline" href="/">
        Back to Home
      </a>
    </div>
  );
}

export default function SuccessPage({ support }: { support: Support }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const polls = useRef(0);
  const [round, setRound] = useState(0);

  // The checkout this page follows is over: the next one is a new attempt.
  useEffect(() => forgetCheckoutAttempt(), []);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const params = new URLSearchParams(window.location.search);

    const again = (next: State) => {
      if (polls.current >= POLL_LIMIT) return next.kind === 'confirming' ? 'give-up' : 'stop';
      polls.current += 1;
      timer = setTimeout(() => void run(), POLL_MS);
      return 'again';
    };

    async function run() {
      try {
        const next = await lookup(params);
        if (cancelled) return;
        if (next.kind === 'throttled') {
          // Asked to slow down: keep what is shown and ask again once, gently, after the wait.
          if (polls.current >= POLL_LIMIT) return setState({ kind: 'unconfirmed' });
          polls.current += 1;
          timer = setTimeout(() => void run(), Math.max(next.waitMs, POLL_MS));
          return;
        }
        if (next.kind === 'confirming') {
          setState(again(next) === 'give-up' ? { kind: 'unconfirmed' } : next);
          return;
        }
        setState(next);
        if (next.kind !== 'order') return;
        if (next.order.status !== 'failed') loadCart([]);
        if (next.order.status === 'pending') again(next);
      } catch (error) {
        // Spec: lookup failures are only logged; the buyer sees the thank-you fallback.
        console.error('Could not load the order', error);
        if (!cancelled) setState({ kind: 'fallback' });
      }
    }
    void run();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [round]);

  const tryAgain = () => {
    polls.current = 0;
    setState({ kind: 'confirming' });
    setRound((r) => r + 1);
  };

  if (state.kind === 'confirming') {
    return (
      <div className="success-stack">
        <StatusHero icon="clock" tone="pending" title="Payment Received">
          <p className="lead">
            Thank you. We are confirming your order now; this page checks again every few seconds.
            You do not need to pay again.
          </p>
          <p className="checkout-loading" role="status">
            <span className="spinner" aria-hidden="true" /> Confirming your order…
          </p>
        </StatusHero>
      </div>
    );
  }

  if (state.kind === 'unconfirmed') {
    return (
      <div className="success-stack">
        <StatusHero icon="clock" tone="pending" title="We Are Still Confirming Your Order">
          <p className="lead" role="alert">
            Your payment is safe with our payment provider, but we could not reach our order system
            to confirm it yet. Please try again in a minute; you do not need to pay again.
          </p>
          <div className="btn-row success-actions">
            <button type="button" className="btn" onClick={tryAgain}>
              Try Again
            </button>
            <a className="btn btn--outline" href={`mailto:${support.email}`}>
              Email Support
            </a>
          </div>
        </StatusHero>
      </div>
    );
  }

  if (state.kind === 'loading') {
    return (
      <div className="success-stack">
        <StatusHero title="Confirming Your Payment">
          <p className="lead">
            We are confirming your payment with our payment provider and loading your order details.
            This usually takes only a moment, so please keep this page open.
          </p>
          <p className="checkout-loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading your order details…
          </p>
        </StatusHero>
      </div>
    );
  }

  if (state.kind === 'fallback') {
    return (
      <div className="success-stack">
        <StatusHero icon="check" title="Thank You for Your Purchase!">
          <p className="lead">
            If you completed a payment, you will receive a confirmation e-mail with your receipt and
            next steps as soon as your order is confirmed.
          </p>
        </StatusHero>
        <Countdown />
      </div>
    );
  }

  const { order, amount } = state;
  const pending = order.status === 'pending';
  const failed = order.status === 'failed';
  return (
    <div className="success-stack">
      <div className="success-hero">
        <span
          className={`icon-tile ${pending ? 'icon-tile--pending' : failed ? 'icon-tile--failed' : ''}`}
          aria-hidden="true"
        >
          <Icon name={pending ? 'clock' : failed ? 'close' : 'check'} />
        </span>
        {pending ? (
          <>
            <h1>Payment Processing</h1>
            <p className="lead" role="status">
              Your order is placed and your payment is being processed. Some payment methods take a
              few days to confirm; we will e-mail you as soon as it is complete.
            </p>
          </>
        ) : failed ? (
          <>
            <h1>Payment Failed</h1>
            <p className="lead" role="alert">
              Your bank did not confirm this payment, so the order was not completed. Please try
              again or contact us.
            </p>
            <a className="btn" href="/checkout">
              Return to Checkout
            </a>
          </>
        ) : (
          <>
            <h1>Payment Successful!</h1>
            <p className="lead" role="status">
              Thank you for your purchase. Your order is confirmed and a receipt is on its way to{' '}
              {order.access === 'buyer'
                ? order.customerEmail
                : 'the e-mail address used at checkout'}
              .
            </p>
          </>
        )}
      </div>
      <OrderDetails order={order} amount={amount} />
      {order.access === 'public' && <SignInForThisOrder />}
      <Items order={order} />
      {!failed && <WhatsNext support={support} />}
      <ClosingActions />
    </div>
  );
}
