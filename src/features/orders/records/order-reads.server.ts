import { and, asc, between, desc, eq, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { idIn, searchCondition } from '../../../server/db/list-query.ts';
import { orderItems, orders, type Order, type OrderItem } from '../../../server/db/schema.ts';
import { normaliseEmail, type ClientAccess } from '../../clients/clients.server.ts';
import { REVENUE_STATUSES } from '../orders.ts';

export type OrderWithItems = { order: Order; items: OrderItem[] };

async function anyOrderWhere(db: Db, where: SQL | undefined): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(where).limit(1);
  return Boolean(row);
}

const boughtWith = (email: string) =>
  sql`lower(${orders.customerEmail}) = ${normaliseEmail(email)}`;

/**
 * Whether an order of this address (lower-cased) used the promotion code (any order but a
 * failed payment): the simulated provider's codes are once per buyer address.
 */
export function promotionCodeUsedBy(db: Db, email: string, code: string): Promise<boolean> {
  return anyOrderWhere(
    db,
    and(
      boughtWith(email),
      ne(orders.status, 'failed'),
      sql`${orders.discounts} @> ${JSON.stringify([{ code }])}::jsonb`,
    ),
  );
}

export async function orderItemsOf(db: Db, orderId: number): Promise<OrderItem[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

export async function findOrder(db: Db, orderId: number): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

export async function findOrderBySession(
  db: Db,
  sessionId: string,
): Promise<OrderWithItems | null> {
  const [order] = await db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
  return order ? { order, items: await orderItemsOf(db, order.id) } : null;
}

/** The first order (by id) that matches: a payment or a plan may reach more than one. */
async function firstOrderWhere(db: Db, where: SQL): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(where).orderBy(asc(orders.id)).limit(1);
  return order ?? null;
}

export async function findOrderByPaymentIntent(
  db: Db,
  paymentIntentId: string,
): Promise<OrderWithItems | null> {
  const order = await firstOrderWhere(db, eq(orders.stripePaymentIntentId, paymentIntentId));
  return order ? { order, items: await orderItemsOf(db, order.id) } : null;
}

/** The first order of a provider subscription (the checkout that started it). */
export function findOrderBySubscription(
  db: Db,
  providerSubscriptionId: string,
): Promise<Order | null> {
  return firstOrderWhere(db, eq(orders.stripeSubscriptionId, providerSubscriptionId));
}

/** One line item with the order it belongs to. */
export async function findOrderItem(
  db: Db,
  itemId: number,
): Promise<{ item: OrderItem; order: Order } | null> {
  const [row] = await db
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orderItems.orderId, orders.id))
    .where(eq(orderItems.id, itemId));
  return row ?? null;
}

/** Line items of these orders, grouped by order id, in the order they were bought. */
export async function itemsOfOrders(db: Db, orderIds: number[]): Promise<Map<number, OrderItem[]>> {
  const byOrder = new Map<number, OrderItem[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select()
    .from(orderItems)
    // The id range lets the planner walk order_items_order_idx: for a page of recent orders it
    // is narrow, where the id list alone looks like a whole-table job (1,000 ids: 20 ms → 2 ms).
    .where(
      and(
        between(orderItems.orderId, Math.min(...orderIds), Math.max(...orderIds)),
        idIn(orderItems.orderId, orderIds),
      ),
    )
    .orderBy(asc(orderItems.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/** The orders with these ids (absent ids are left out), by id. */
export async function ordersByIds(db: Db, orderIds: number[]): Promise<Map<number, Order>> {
  if (!orderIds.length) return new Map();
  const rows = await db.select().from(orders).where(inArray(orders.id, orderIds));
  return new Map(rows.map((o) => [o.id, o]));
}

/**
 * Ids of the orders one search word matches, as a subquery: another owner's list (e.g. the
 * onboarding forms) can then search by order fields without reading this table itself.
 */
export function ordersMatchingWord(db: Db, word: string) {
  return db.select({ id: orders.id }).from(orders).where(searchCondition(word, orders.searchText));
}

/** Whether the client has a paid (or completed) order that was not refunded (what a CRM account is for). */
export function hasPaidOrder(db: Db, clientId: number): Promise<boolean> {
  return anyOrderWhere(
    db,
    and(eq(orders.clientId, clientId), inArray(orders.status, [...REVENUE_STATUSES])),
  );
}

/** The checkout sessions that have their order, as a subquery (the checkout sweep's filter). */
export function sessionsWithOrders(db: Db) {
  return db.select({ id: orders.checkoutSessionId }).from(orders);
}

/** Ids of one client's orders, as a subquery. */
export function orderIdsOfClient(db: Db, clientId: number) {
  return db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, clientId));
}

/**
 * Whether the address has an order paid since `since` (a checkout reminder is pointless once
 * the buyer paid in another session).
 */
export function paidOrderSince(db: Db, email: string, since: Date): Promise<boolean> {
  return anyOrderWhere(
    db,
    and(
      boughtWith(email),
      inArray(orders.status, [...REVENUE_STATUSES, 'refunded']),
      gte(orders.createdAt, since),
    ),
  );
}

/** The orders a client session may see: its client's when it holds the whole account, and its own grants. */
function visibleTo(access: ClientAccess): SQL | undefined {
  const granted = access.orderIds.length ? inArray(orders.id, access.orderIds) : undefined;
  if (!access.wholeAccount || access.clientId === null) return granted ?? inArray(orders.id, []);
  const own = eq(orders.clientId, access.clientId);
  return granted ? or(own, granted) : own;
}

/** Every order a client session may see, newest first, with line items. */
export async function ordersVisibleTo(db: Db, access: ClientAccess): Promise<OrderWithItems[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(visibleTo(access))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const items = await itemsOfOrders(
    db,
    rows.map((o) => o.id),
  );
  return rows.map((order) => ({ order, items: items.get(order.id) ?? [] }));
}
