import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { Icon } from '../../components/ui/Icon';
import type { IconName } from '../../components/ui/icons';
import './checkout.css';
import {
  $successView,
  retryConfirmation,
  startSuccessPage,
  stopSuccessPage,
} from './checkout.store';
import SuccessCountdown from './SuccessCountdown';
import SuccessOrder, { type Support } from './SuccessOrder';

// Every short state has an icon, so the first paint (loading) and the thanks that usually
// replaces it line up; each state has its own key, so one replaces the other, never re-flows.
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

// As a `standin` (before the lookup answers) only shown where the page's StandIn found no payment.
function Thanks({ standin = false }: { standin?: boolean }) {
  return (
    <div
      className="success-stack success-stack--status"
      data-standin={standin ? 'fallback' : undefined}
    >
      <StatusHero icon="check" title="Thank you for your purchase!">
        <p className="lead">
          If you completed a payment, you will receive a confirmation e-mail with your receipt and
          next steps as soon as your order is confirmed.
        </p>
      </StatusHero>
      <SuccessCountdown />
    </div>
  );
}

export default function SuccessPage({ support }: { support: Support }) {
  const state = useStore($successView);

  useEffect(() => {
    void startSuccessPage(window.location.search);
    return stopSuccessPage;
  }, []);

  if (state.kind === 'confirming') {
    return (
      <div className="success-stack success-stack--status">
        <StatusHero icon="clock" tone="pending" key="confirming" title="Payment received">
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
      <div className="success-stack success-stack--status">
        <StatusHero
          icon="clock"
          tone="pending"
          key="unconfirmed"
          title="We are still confirming your order"
        >
          <p className="lead" role="alert">
            Your payment is safe with our payment provider, but we could not reach our order system
            to confirm it yet. Please try again in a minute; you do not need to pay again.
          </p>
          <div className="btn-row success-actions">
            <button type="button" className="btn" onClick={() => void retryConfirmation()}>
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

  // Before the lookup answers: the two stand-ins the page's StandIn chooses between with CSS (the
  // server's HTML is this render). Without a payment to look up, the thanks then keeps its card.
  if (state.kind === 'loading') {
    return (
      <>
        <div key="loading" className="success-stack success-stack--status" data-standin="loading">
          <StatusHero icon="clock" tone="pending" title="Confirming your payment">
            <p className="lead">
              We are confirming your payment with our payment provider and loading your order
              details. This usually takes only a moment, so please keep this page open.
            </p>
          </StatusHero>
          {/* Holds the place of the countdown card that follows when there is no order to show. */}
          <div className="card success-wait">
            <p className="checkout-loading" role="status">
              <span className="spinner" aria-hidden="true" /> Loading your order details…
            </p>
          </div>
        </div>
        <Thanks key="fallback" standin />
      </>
    );
  }

  if (state.kind === 'fallback') return <Thanks key="fallback" />;

  return <SuccessOrder order={state.order} amount={state.amount} support={support} />;
}
