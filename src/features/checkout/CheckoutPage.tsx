import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Icon } from '../../components/ui/Icon';
import { CYCLE_LABEL, findItem, formatUsd, formatUsdWhole } from '../catalogue/catalogue';
import type { CartItem } from '../cart/cart.store';
import { $cartItems } from '../cart/cart.store';
import {
  $checkoutProcessing,
  checkoutPageRestored,
  openCheckoutPage,
  startCheckout,
} from './checkout.store';
import './checkout.css';

const ACCEPTED_CARDS = ['Visa', 'Mastercard', 'Amex', 'Discover'] as const;

/** The usual first purchases, one tap away: an empty cart is a way forward, not a dead end. */
const POPULAR_PICKS = (['starter', 'advanced', 'lily'] as const).flatMap((id) => {
  const item = findItem(id);
  const cycle = item?.prices.oneTime !== undefined ? 'oneTime' : 'monthly';
  const price = item?.prices[cycle];
  if (!item || price === undefined) return [];
  return [
    {
      id,
      name: item.name,
      icon: item.icon,
      price: formatUsdWhole(price),
      period: cycle === 'oneTime' ? ' one-time' : '/month',
    },
  ];
});

function lineTotal(item: CartItem) {
  return item.price * item.quantity;
}

function EmptyCart({ standin = false }: { standin?: boolean }) {
  return (
    <div className="checkout-empty card" data-standin={standin || undefined}>
      <span className="icon-tile" aria-hidden="true">
        <Icon name="cart" />
      </span>
      <h2>Your cart is empty</h2>
      <p className="muted">
        Add a website package or an AI agent, then come back here to pay securely.
      </p>
      <div className="btn-row checkout-empty__actions">
        <a className="btn" href="/lily-ai">
          Explore Lily AI
        </a>
        <a className="btn btn--outline" href="/products">
          Browse Products
        </a>
      </div>
      <section className="checkout-picks" aria-labelledby="checkout-picks-title">
        <h3 id="checkout-picks-title">Popular picks</h3>
        <ul>
          {POPULAR_PICKS.map((pick) => (
            <li key={pick.id}>
              <a href={`/purchase/${pick.id}`}>
                <span
                  className="icon-tile icon-tile--small checkout-picks__icon"
                  aria-hidden="true"
                >
                  <Icon name={pick.icon} />
                </span>
                <span className="checkout-picks__name">{pick.name}</span>
                <span className="checkout-picks__price">
                  {pick.price}
                  <small>{pick.period}</small>
                </span>
                <Icon name="arrowRight" />
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default function CheckoutPage() {
  const items = useStore($cartItems);
  const processing = useStore($checkoutProcessing);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) checkoutPageRestored();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  useEffect(() => {
    if (mounted) openCheckoutPage();
  }, [mounted]);

  // The page around the island composes itself for an order or none (checkout/index.astro),
  // as the page's StandIn guessed before the first paint; a cart emptied here changes it too.
  useEffect(() => {
    if (mounted) document.documentElement.dataset.cart = items.length ? 'filled' : 'empty';
  }, [mounted, items.length]);

  // Before the cart is read: the two stand-ins the page's StandIn chooses between with CSS (the
  // server's HTML is this render). An empty cart then keeps the same card, so nothing moves.
  if (!mounted) {
    return (
      <>
        <div key="loading" className="checkout-loading" role="status" data-standin>
          <span className="spinner" aria-hidden="true" /> Loading your cart…
        </div>
        <EmptyCart key="empty" standin />
      </>
    );
  }

  // The same key as its stand-in: React keeps that card (only the attribute goes) and drops the
  // hidden loading line. The summary below has none of their keys, so it replaces both.
  if (items.length === 0) return <EmptyCart key="empty" />;

  const total = items.reduce((sum, item) => sum + lineTotal(item), 0);
  const recurring = items.find((i) => i.billingCycle !== 'oneTime');

  return (
    <div className="checkout-grid">
      <section className="card checkout-summary" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title">Order summary</h2>
        <ul className="checkout-lines">
          {items.map((item) => (
            <li key={`${item.id}:${item.billingCycle}`} className="checkout-line">
              <div className="checkout-line__text">
                <p className="checkout-line__name">{item.name}</p>
                <p className="checkout-line__description muted">{item.description}</p>
                <p className="checkout-line__meta">
                  <span className="badge badge--primary">{CYCLE_LABEL[item.billingCycle]}</span>
                  <span className="muted">
                    Qty {item.quantity} × {formatUsd(item.price)}
                  </span>
                </p>
              </div>
              <p className="checkout-line__price">
                {item.originalPrice !== undefined && item.originalPrice > item.price && (
                  <span className="strike">
                    <span className="sr-only">Was </span>
                    {formatUsd(item.originalPrice * item.quantity)}
                  </span>
                )}
                <span>{formatUsd(lineTotal(item))}</span>
              </p>
            </li>
          ))}
        </ul>
        <dl className="checkout-totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatUsd(total)}</dd>
          </div>
          <div>
            <dt>Processing fee</dt>
            <dd>Included</dd>
          </div>
          <div className="checkout-totals__total">
            <dt>Total</dt>
            <dd>{formatUsd(total)}</dd>
          </div>
        </dl>
        {recurring && (
          <p className="muted checkout-note">
            {CYCLE_LABEL[recurring.billingCycle]} items renew automatically at the same price.
            Cancel anytime from your client dashboard.
          </p>
        )}
      </section>

      <section className="card checkout-pay" aria-labelledby="payment-title">
        <h2 id="payment-title">Secure payment</h2>
        <p className="muted">
          You will enter your card details on Stripe’s secure checkout page and come back here once
          your payment is confirmed.
        </p>
        <button
          type="button"
          className="btn btn--block checkout-pay__button"
          onClick={() => void startCheckout()}
          disabled={processing}
          aria-busy={processing}
        >
          {processing ? (
            <>
              <span className="spinner" aria-hidden="true" /> Redirecting to Stripe...
            </>
          ) : (
            <>
              <Icon name="lock" /> Continue to Stripe Checkout
            </>
          )}
        </button>
        <p className="sr-only" role="status" aria-live="polite">
          {processing ? 'Opening the secure payment page, please wait.' : ''}
        </p>

        <h3 className="checkout-pay__subhead">Accepted cards</h3>
        <ul className="checkout-cards" aria-label="Accepted cards">
          {ACCEPTED_CARDS.map((card) => (
            <li key={card} className="checkout-card">
              {card}
            </li>
          ))}
        </ul>
        <ul className="checkout-trust">
          <li>
            <Icon name="lock" /> Protected by 256-bit SSL encryption
          </li>
          <li>
            <Icon name="shield" /> PCI DSS compliant payment processing by Stripe
          </li>
          <li>
            <Icon name="check" /> Processing fee included in the total, no hidden charges
          </li>
        </ul>
      </section>
    </div>
  );
}
