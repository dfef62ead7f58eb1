import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client.ts';
import { talliesOf } from '../../server/db/tallies.ts';
import type { CheckoutMode, PricedLine } from '../../server/db/schema.ts';
import type { ChargeBreakdown } from '../../lib/charge.ts';
import { onboardingPathFor } from '../catalogue/catalogue.ts';
import { clientForPurchase } from '../clients/clients.server.ts';
import { centsToDollars } from '../../lib/money.ts';
import { enqueueConfirmation } from './order-documents.server.ts';
import type { OrderWithItems } from './records/order-reads.server.ts';
import { fillOrderCharge, insertOrder, moveOrderForward } from './records/order-writes.server.ts';
import { paymentRefunds, type Refund } from './refund-records.server.ts';
import {
  chargeColumns,
  orderCharge,
  REVENUE_STATUSES,
  type OrderItemView,
  type OrderView,
} from './orders';

export { orderItemDownload } from './order-documents.server.ts';
export {
  paymentRefunds,
  refundCounts,
  paymentsWithRefundRows,
  refundedOfPayment,
  refundsByWeek,
  refundsOfOrders,
  storeRefunds,
  type Refund,
} from './refund-records.server.ts';
export { exportOrders, listOrders } from './records/order-lists.server.ts';
export {
  clientsNamedByOrders,
  clientsServedSince,
  orderIdsAmong,
  ordersEndedBefore,
} from './records/order-personal-data.server.ts';
export {
  findOrder,
  findOrderByPaymentIntent,
  findOrderBySession,
  findOrderBySubscription,
  hasPaidOrder,
  itemsOfOrders,
  orderIdsOfClient,
  ordersByIds,
  ordersMatchingWord,
  ordersVisibleTo,
  paidOrderSince,
  promotionCodeUsedBy,
  sessionsWithOrders,
  type OrderWithItems,
} from './records/order-reads.server.ts';
export {
  paidOrdersByWeek,
  recoveredOrdersByWeek,
  unlistedOrderRefundsByWeek,
} from './records/order-reports.server.ts';
export {
  attachOrderInvoice,
  insertOrder,
  joinOrderToSignedInClient,
  joinWaitingOrders,
  recordOrderRefund,
} from './records/order-writes.server.ts';

/** "NR-20250131-7KQ2XM": date plus six unambiguous random characters. */
export function newOrderNumber(now = new Date()): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `NR-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${random}`;
}

export async function orderTotals(
  db: Db,
): Promise<{ total: number; paid: number; test: number; revenueCents: number }> {
  const totals = { total: 0, paid: 0, test: 0, revenueCents: 0 };
  for (const { bucket, rows, cents } of await talliesOf(db, 'orders')) {
    const [status, isTest] = bucket.split(':');
    totals.total += rows;
    if (isTest === 'true') totals.test += rows;
    if ((REVENUE_STATUSES as readonly string[]).includes(status!)) {
      totals.paid += rows;
      totals.revenueCents += cents;
    }
  }
  return totals;
}

type CheckoutOrder = {
  checkoutSessionId: string;
  lines: PricedLine[];
  currency: string;
  mode: CheckoutMode;
  /** Simulated payments move no money; the admin and reports keep them apart. */
  isTest: boolean;
  status: 'pending' | 'paid' | 'failed';
  amountCents: number;
  charge: ChargeBreakdown | null;
  customerEmail: string;
  customerName: string;
  paymentIntentId: string;
  subscriptionId: string | null;
  customerId: string | null;
  /** The abandoned checkout whose recovery link led here (the order is marked recovered). */
  recoveredFrom?: string | null;
  now: Date;
};

type RecordedOrder = OrderWithItems & {
  created: boolean;
  /** The confirmation e-mail queued in this transaction (deliver it after commit), if any. */
  confirmationEmailId: number | null;
};

// In the caller's transaction; a late or repeated event never undoes the order.
export async function recordCheckoutOrder(tx: Db, input: CheckoutOrder): Promise<RecordedOrder> {
  const buyer = await clientForPurchase(tx, {
    email: input.customerEmail,
    name: input.customerName,
  });
  const first = input.lines[0];
  const inserted = await insertOrder(
    tx,
    {
      orderNumber: newOrderNumber(input.now),
      checkoutSessionId: input.checkoutSessionId,
      clientId: buyer.created ? buyer.clientId : null,
      productId: first?.id ?? 'unknown',
      productName:
        input.lines.length > 1
          ? `${first?.name} + ${input.lines.length - 1} more`
          : (first?.name ?? 'Order'),
      amount: input.amountCents,
      currency: input.currency,
      ...(input.charge && input.charge.totalCents === input.amountCents
        ? chargeColumns(input.charge)
        : {}),
      stripePaymentIntentId: input.paymentIntentId,
      stripeSubscriptionId: input.subscriptionId,
      stripeCustomerId: input.customerId,
      customerEmail: input.customerEmail,
      customerName: input.customerName,
      status: input.status,
      mode: input.mode,
      isTest: input.isTest,
      paidAt: input.status === 'paid' ? input.now : null,
      recoveredFrom: input.recoveredFrom ?? null,
      createdAt: input.now,
    },
    input.lines,
  );
  // The confirmation goes out once: with the order that is paid when created, or with the
  // event that moves a waiting order to paid.
  const confirm = async ({ order, items }: OrderWithItems) =>
    order.status === 'paid' ? enqueueConfirmation(tx, order, items, buyer.clientId) : null;
  if (inserted) return { ...inserted, created: true, confirmationEmailId: await confirm(inserted) };
  if (input.charge) await fillOrderCharge(tx, input.checkoutSessionId, input.charge);
  const { moved, ...existing } = await moveOrderForward(
    tx,
    input.checkoutSessionId,
    input.status,
    input.now,
  );
  return {
    ...existing,
    created: false,
    confirmationEmailId: moved ? await confirm(existing) : null,
  };
}

/** Amounts in USD; `orderForBrowser` decides who gets it. */
export function orderView({ order, items }: OrderWithItems, refunds: readonly Refund[]): OrderView {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    amount: centsToDollars(order.amount),
    currency: order.currency,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    createdAt: order.createdAt.toISOString(),
    paymentIntentId: order.stripePaymentIntentId,
    charge: orderCharge(order),
    refunds: paymentRefunds(refunds, order.stripePaymentIntentId),
    items: items.map((i): OrderItemView => ({
      id: i.id,
      productId: i.productId,
      name: i.name,
      type: i.type,
      billingCycle: i.billingCycle,
      price: centsToDollars(i.unitAmountCents),
      quantity: i.quantity,
      onboardingPath: onboardingPathFor(i.productId, order.id),
    })),
    access: 'buyer',
  };
}
