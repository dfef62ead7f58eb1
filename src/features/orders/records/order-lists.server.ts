import type { Db } from '../../../server/db/client.ts';
import {
  listByStatus,
  type Listed,
  type ListFilter,
  type PageRequest,
} from '../../../server/db/list-query.ts';
import { orders, type Order, type OrderItem } from '../../../server/db/schema.ts';
import { itemsOfOrders, type OrderWithItems } from './order-reads.server.ts';

async function withItems<O extends { id: number }>(db: Db, listed: Listed<O>) {
  const items = await itemsOfOrders(
    db,
    listed.rows.map((o) => o.id),
  );
  return {
    ...listed,
    rows: listed.rows.map((order) => ({ order, items: items.get(order.id) ?? [] })),
  };
}

/** The admin's order list, newest first, with each order's line items. */
export async function listOrders(
  db: Db,
  filter: ListFilter,
  page: PageRequest,
): Promise<Listed<OrderWithItems>> {
  return withItems(db, await listByStatus(db, orders, filter, page));
}

/** What an export of the orders reads of each order: its CSV columns, half the table's. */
const EXPORTED = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  status: orders.status,
  amount: orders.amount,
  subtotalCents: orders.subtotalCents,
  discountCents: orders.discountCents,
  discounts: orders.discounts,
  taxCents: orders.taxCents,
  refundedCents: orders.refundedCents,
  invoiceNumber: orders.invoiceNumber,
  currency: orders.currency,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  stripePaymentIntentId: orders.stripePaymentIntentId,
  stripeSubscriptionId: orders.stripeSubscriptionId,
  checkoutSessionId: orders.checkoutSessionId,
  isTest: orders.isTest,
};
export type ExportedOrder = Pick<Order, keyof typeof EXPORTED>;

/** The same list for an export: fewer columns to decode over 100,000 rows. */
export async function exportOrders(
  db: Db,
  filter: ListFilter,
  page: PageRequest,
): Promise<Listed<{ order: ExportedOrder; items: OrderItem[] }>> {
  return withItems(
    db,
    await listByStatus<typeof orders, ExportedOrder>(db, orders, filter, page, { only: EXPORTED }),
  );
}
