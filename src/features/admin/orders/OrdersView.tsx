import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Icon } from '../../../components/ui/Icon';
import { formatCents } from '../../../lib/money';
import { PAYMENT_KIND_LABEL } from '../../orders/orders';
import { onboardingProgressLabel } from '../admin';
import type { AdminOrder } from './orders.server';
import { createBillingSimulation } from './orders.store';
import { ListView, type Column } from '../shell/ListView';
import { OrderExportButton } from './OrderExportButton';
import { StatusBadge, When } from '../shell/DisplayParts';
import { OrderPayment } from './OrderPayment';

const columns: Column<AdminOrder>[] = [
  {
    header: 'Order',
    cell: (o) => (
      <>
        <strong>{o.orderNumber}</strong>
        <br />
        <When iso={o.createdAt} />
      </>
    ),
  },
  {
    header: 'Customer',
    cell: (o) => (
      <>
        {o.customerName}
        <br />
        <a href={`mailto:${o.customerEmail}`}>{o.customerEmail}</a>
      </>
    ),
  },
  {
    header: 'Items',
    cell: (o) => (
      <ul className="admin-items">
        {o.items.map((i, n) => (
          <li key={n}>
            {i.quantity} × {i.name}{' '}
            <span className="muted">
              ({i.cycleLabel}, {formatCents(i.unitAmountCents)})
            </span>
          </li>
        ))}
      </ul>
    ),
  },
  { header: 'Amount', className: 'admin-num', cell: (o) => <OrderPayment order={o} /> },
  {
    header: 'Status',
    cell: (o) => (
      <span className="admin-status">
        <StatusBadge status={o.status} />
        {o.recovered && (
          <span
            className="badge badge--accent"
            title="Paid through an abandoned checkout's recovery link"
          >
            Recovered
          </span>
        )}
        {o.refundedCents > 0 && o.status !== 'refunded' && (
          <span className="muted">{formatCents(o.refundedCents, o.currency)} refunded</span>
        )}
        {o.subscription && (
          <span className="muted">
            Subscription: {o.subscription.status}, {o.subscription.plan},{' '}
            {formatCents(o.subscription.amountCents, o.currency)} per {o.subscription.interval}
          </span>
        )}
      </span>
    ),
  },
  {
    header: 'Onboarding',
    cell: (o) => (
      <span className="admin-progress">
        <progress
          max={o.onboarding.totalSteps}
          value={o.onboarding.completed ? o.onboarding.totalSteps : o.onboarding.stepsDone}
          aria-label={`Onboarding of ${o.orderNumber}`}
        />
        {onboardingProgressLabel(o.onboarding)}
      </span>
    ),
  },
  {
    header: 'Payment',
    cell: (o) =>
      o.stripeUrl ? (
        <a href={o.stripeUrl} target="_blank" rel="noopener noreferrer">
          View in Stripe <Icon name="external" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="badge">{PAYMENT_KIND_LABEL[o.payment]}</span>
      ),
  },
  {
    header: 'Simulate',
    cell: (o, { reload }) => <SimulateCell order={o} reload={reload} />,
  },
];

function SimulateCell({ order, reload }: { order: AdminOrder; reload: () => void }) {
  const [simulation] = useState(createBillingSimulation);
  const { busy } = useStore(simulation.$state);
  const message = useStore(simulation.$message);
  if (!order.simulatedActions.length) return <span className="muted">—</span>;
  return (
    <div
      className="admin-simulate"
      role="group"
      aria-label={`Simulated billing for ${order.orderNumber}`}
    >
      {order.simulatedActions.map(({ action, label }) => (
        <button
          key={action}
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={busy}
          onClick={() => void simulation.simulate(order.id, action, reload)}
        >
          {label}
        </button>
      ))}
      <span role="status" className="muted">
        {message}
      </span>
    </div>
  );
}

export function OrdersView() {
  return (
    <ListView<AdminOrder>
      list="orders"
      noun="orders"
      columns={columns}
      rowKey={(o) => o.id}
      searchHint="Order number, customer, product"
      exportControl={(filters) => <OrderExportButton filters={filters} />}
    />
  );
}
