import { useId, useState, type RefObject } from 'react';
import { formatCents } from '../../lib/money';
import { ONBOARDING_STATUS_LABEL } from '../order-onboarding/order-onboarding';
import { ChargeSummary, InvoiceLinks } from '../orders/ChargeSummary';
import { wasPaid } from '../orders/orders';
import {
  lastPaymentLine,
  subscriptionTerms,
  type SimulatedAction,
  type DashboardOrder,
  type DashboardSubscription,
  type DashboardView,
} from './dashboard';
import { useStore } from '@nanostores/react';
import { $busy, openBillingPortal, simulateBilling } from './dashboard.store';

export default function DashboardOrders({
  view,
  headingRef,
}: {
  view: DashboardView;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const orders = view.orders;
  return (
    <section className="db-orders" aria-labelledby="db-orders-title">
      <h2 id="db-orders-title" ref={headingRef} tabIndex={-1}>
        Your orders
      </h2>
      {orders.length === 0 ? (
        <p>
          You have no orders yet. <a href="/products">Browse our products</a>.
        </p>
      ) : (
        <ul className="db-order-list">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      {(view.billing.hasSubscription || view.subscriptions.length > 0) && (
        <Billing simulated={view.billing.simulated} subscriptions={view.subscriptions} />
      )}
    </section>
  );
}

function SimulatedActions({
  orderId,
  orderNumber,
  actions,
}: {
  orderId: number;
  orderNumber: string;
  actions: SimulatedAction[];
}) {
  const busy = useStore($busy);
  if (!actions.length) return null;
  return (
    <div
      className="db-simulate"
      role="group"
      aria-label={`Simulated billing for order ${orderNumber}`}
    >
      <span className="muted db-small">Simulated payments:</span>
      {actions.map(({ action, label }) => (
        <button
          key={action}
          type="button"
          className="btn btn--sm btn--outline"
          disabled={busy}
          onClick={() => void simulateBilling(orderId, action)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function OrderCard({ order }: { order: DashboardOrder }) {
  const status = order.onboarding.status;
  const date = new Date(order.createdAt).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return (
    <li className="ob-card db-order" data-order-id={order.id}>
      <div className="db-order__main">
        <h3>{order.productName}</h3>
        <p className="muted db-small">
          Order {order.orderNumber} · {date} · {formatCents(order.amountCents)}
        </p>
        <ChargeSummary
          label={`Payment of order ${order.orderNumber}`}
          charge={order.charge}
          lines={order.items}
          refunds={order.refunds}
          paid={wasPaid(order.status)}
        />
        <InvoiceLinks invoice={order.charge.invoice} what={`order ${order.orderNumber}`} />
        <SimulatedActions
          orderId={order.id}
          orderNumber={order.orderNumber}
          actions={order.simulatedActions}
        />
      </div>
      <div className="db-order__side">
        <span
          className={`badge ${status === 'completed' ? 'badge--success' : status === 'in-progress' ? 'badge--accent' : ''}`}
        >
          {ONBOARDING_STATUS_LABEL[status]}
        </span>
        {status === 'in-progress' && (
          <span className="muted db-small">
            {order.onboarding.stepsSaved} of {order.onboarding.totalSteps} steps saved
          </span>
        )}
        {status !== 'completed' && (
          <a className="btn btn--sm" href={order.onboarding.path}>
            {status === 'not-started' ? 'Start onboarding' : 'Continue onboarding'}
            <span className="sr-only"> for order {order.orderNumber}</span>
          </a>
        )}
      </div>
    </li>
  );
}

const STATUS_BADGE: Record<DashboardSubscription['status'], string> = {
  active: 'badge--success',
  'past due': 'badge--danger',
  canceling: 'badge--accent',
  canceled: '',
};

const STATUS_LABEL: Record<DashboardSubscription['status'], string> = {
  active: 'Active',
  'past due': 'Past due',
  canceling: 'Canceling',
  canceled: 'Canceled',
};

function SubscriptionItem({ subscription: s }: { subscription: DashboardSubscription }) {
  const last = lastPaymentLine(s, formatCents);
  return (
    <li className="db-subscription" data-subscription-id={s.id}>
      <div className="db-subscription__head">
        <h4>{s.plan}</h4>
        <span className={`badge ${STATUS_BADGE[s.status]}`}>{STATUS_LABEL[s.status]}</span>
      </div>
      <p>{subscriptionTerms(s, formatCents)}</p>
      <p className="muted db-small">
        {last ? `${last} · ` : ''}Order {s.orderNumber}
      </p>
      {s.lastPayment && (
        <>
          <ChargeSummary
            label={`Last payment of ${s.plan}`}
            charge={s.lastPayment.charge}
            lines={[]}
            refunds={s.lastPayment.refunds}
            paid
          />
          <InvoiceLinks
            invoice={s.lastPayment.charge.invoice}
            what={`the last payment of ${s.plan}`}
          />
        </>
      )}
      <SimulatedActions
        orderId={s.orderId}
        orderNumber={s.orderNumber}
        actions={s.simulatedActions}
      />
    </li>
  );
}

function Billing({
  simulated,
  subscriptions,
}: {
  simulated: boolean;
  subscriptions: DashboardSubscription[];
}) {
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const open = async () => {
    setBusy(true);
    // On success the browser leaves for Stripe, so the button stays busy.
    if (!(await openBillingPortal())) setBusy(false);
  };
  return (
    <div className="ob-card db-billing">
      <h3>Subscription billing</h3>
      {subscriptions.length > 0 && (
        <ul className="db-subscriptions" aria-label="Your subscriptions">
          {subscriptions.map((s) => (
            <SubscriptionItem key={s.id} subscription={s} />
          ))}
        </ul>
      )}
      <p>Update your payment method, download invoices or cancel your subscription at any time.</p>
      {simulated ? (
        <>
          <button
            type="button"
            className="btn btn--outline"
            aria-disabled="true"
            aria-describedby={noteId}
          >
            Manage billing
          </button>
          <p id={noteId} className="muted db-small">
            Payments are simulated in this environment, so there is no Stripe billing account to
            manage. On the live site this opens the secure Stripe billing portal.
          </p>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => void open()}
          disabled={busy}
        >
          Manage billing
        </button>
      )}
    </div>
  );
}
