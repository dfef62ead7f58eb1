import { useState } from 'react';
import { Icon } from '../../../components/ui/Icon';
import { formatCents } from '../../../lib/money';
import { ChargeSummary, InvoiceLinks } from '../../orders/ChargeSummary';
import { PAYMENT_KIND_LABEL, wasPaid } from '../../orders/orders';
import type { AdminOrder } from './orders.server';
import { Modal } from '../shell/Modal';

export function OrderPaymentDetails({ order }: { order: AdminOrder }) {
  return (
    <>
      <ChargeSummary
        label={`Payment summary of ${order.orderNumber}`}
        charge={order.charge}
        lines={order.items}
        refunds={order.refunds}
        paid={wasPaid(order.status)}
      />
      <InvoiceLinks invoice={order.charge.invoice} what={order.orderNumber} />
      <p className="muted">
        {PAYMENT_KIND_LABEL[order.payment]} · reference {order.paymentReference}
        {order.stripeUrl && (
          <>
            {' · '}
            <a href={order.stripeUrl} target="_blank" rel="noopener noreferrer">
              View in Stripe <Icon name="external" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        )}
      </p>
    </>
  );
}

export function OrderPayment({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {formatCents(order.amountCents, order.currency)}
      <br />
      <button className="btn btn--ghost btn--sm" type="button" onClick={() => setOpen(true)}>
        Payment<span className="sr-only"> of {order.orderNumber}</span>
      </button>
      {open && (
        <Modal title={`Payment of ${order.orderNumber}`} onClose={() => setOpen(false)}>
          <OrderPaymentDetails order={order} />
        </Modal>
      )}
    </>
  );
}
