import { Icon } from '../../components/ui/Icon';
import { formatUsd, toCents } from '../../lib/money';
import SignInLinkForm from '../clients/SignInLinkForm';
import { ChargeSummary, InvoiceLinks } from '../orders/ChargeSummary';
import {
  isSettled,
  linePriceLabel,
  orderStatusLabel,
  wasPaid,
  type OrderView,
} from '../orders/orders';

export type Support = { company: string; phone: string; phoneHref: string; email: string };

function OrderDetails({ order, amount }: { order: OrderView; amount: number }) {
  const settled = isSettled(order.status);
  const badge = settled
    ? 'badge--success'
    : order.status === 'pending'
      ? 'badge--accent'
      : 'badge--danger';
  return (
    <section className="card" aria-labelledby="order-details-title">
      <h2 id="order-details-title">Order details</h2>
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

function PaymentSummary({ order }: { order: OrderView }) {
  return (
    <section className="card" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title">Payment summary</h2>
      <ChargeSummary
        label={`Payment summary of order ${order.orderNumber}`}
        charge={order.charge}
        lines={order.items.map((i) => ({
          name: i.name,
          billingCycle: i.billingCycle,
          unitAmountCents: toCents(i.price),
          quantity: i.quantity,
        }))}
        refunds={order.refunds}
        paid={wasPaid(order.status)}
      />
      <InvoiceLinks invoice={order.charge.invoice} what={`order ${order.orderNumber}`} />
    </section>
  );
}

function Items({ order }: { order: OrderView }) {
  // Downloads and setup are the buyer's; another browser signs in first.
  const settled = isSettled(order.status) && order.access === 'buyer';
  return (
    <section className="card" aria-labelledby="order-items-title">
      <h2 id="order-items-title">Your digital items</h2>
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
        <h2 id="support-title">Need help?</h2>
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
        <h2 id="review-title">Share your experience</h2>
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

export default function SuccessOrder({
  order,
  amount,
  support,
}: {
  order: OrderView;
  amount: number;
  support: Support;
}) {
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
            <h1>Payment processing</h1>
            <p className="lead" role="status">
              Your order is placed and your payment is being processed. Some payment methods take a
              few days to confirm; we will e-mail you as soon as it is complete.
            </p>
          </>
        ) : failed ? (
          <>
            <h1>Payment failed</h1>
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
      <PaymentSummary order={order} />
      {order.access === 'public' && <SignInForThisOrder />}
      <Items order={order} />
      {!failed && <WhatsNext support={support} />}
      <ClosingActions />
    </div>
  );
}
