/**
 * Exactly once: the unique index on orders.checkout_session_id makes repeated and concurrent
 * inserts for one checkout one order (ON CONFLICT DO NOTHING); its status only moves forward.
 */
import {
  and,
  asc,
  between,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  not,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import {
  idIn,
  listByStatus,
  searchCondition,
  type Listed,
  type ListFilter,
  type PageRequest,
} from '../../server/db/list-query.ts';
import {
  weeklyCharges,
  weeklySums,
  type WeeklyCharges,
  type WeeklySum,
} from '../../server/db/weekly.ts';
import {
  orderItems,
  orders,
  type NewOrder,
  type Order,
  type OrderItem,
  type PricedLine,
} from '../../server/db/schema.ts';
import { exported, type PersonalDataOwner } from '../../server/privacy/personal-data.ts';
import { cutoffOf } from '../../server/privacy/retention.ts';
import type { ChargeBreakdown, ChargeInvoice } from '../../lib/charge.ts';
import { normaliseEmail, type ClientAccess } from '../clients/clients.server.ts';
import {
  canMoveForward,
  chargeColumns,
  metadataItems,
  REVENUE_STATUSES,
  type OrderStatus,
} from './orders';
import { refundsOfOrders } from './refund-records.server.ts';

export type OrderWithItems = { order: Order; items: OrderItem[] };

export type NewOrderLines = Pick<
  PricedLine,
  'id' | 'name' | 'type' | 'billingCycle' | 'unitAmountCents' | 'quantity'
>[];

/**
 * Inserts an order with its line items (null when an order for the same checkout session
 * already exists). `values.items` (the JSON copy the spec's order shape carries) is written
 * from the lines.
 */
export async function insertOrder(
  tx: Db,
  values: Omit<NewOrder, 'items'>,
  lines: NewOrderLines,
): Promise<OrderWithItems | null> {
  const [order] = await tx
    .insert(orders)
    .values({ ...values, items: JSON.stringify(metadataItems(lines)) })
    .onConflictDoNothing({ target: orders.checkoutSessionId })
    .returning();
  if (!order) return null;
  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((l) => ({
        orderId: order.id,
        productId: l.id,
        name: l.name,
        type: l.type,
        billingCycle: l.billingCycle,
        unitAmountCents: l.unitAmountCents,
        quantity: l.quantity,
      })),
    )
    .returning();
  return { order, items };
}

/**
 * Moves the existing order of a checkout session forward to `status` when that is a step
 * forward (`moved`), else leaves it as it is. The update is conditional on 'pending', so two
 * concurrent events move it once.
 */
export async function moveOrderForward(
  tx: Db,
  checkoutSessionId: string,
  status: OrderStatus,
  now: Date,
): Promise<OrderWithItems & { moved: boolean }> {
  const [existing] = await tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutSessionId, checkoutSessionId));
  if (!existing) throw new Error(`Order for ${checkoutSessionId} vanished`);
  if (canMoveForward(existing.status, status)) {
    const [moved] = await tx
      .update(orders)
      .set({ status, paidAt: status === 'paid' ? now : existing.paidAt })
      .where(and(eq(orders.id, existing.id), eq(orders.status, 'pending')))
      .returning();
    if (moved) return { order: moved, items: await orderItemsOf(tx, moved.id), moved: true };
  }
  return { order: existing, items: await orderItemsOf(tx, existing.id), moved: false };
}

/**
 * What a later report of the payment knows that the order does not yet: each part of the
 * breakdown still unknown (null) is filled in, and nothing known is ever changed. The total
 * (`amount`) stays the one the order was created with.
 */
export async function fillOrderCharge(
  tx: Db,
  checkoutSessionId: string,
  charge: ChargeBreakdown,
): Promise<void> {
  const o = orders;
  const columns = chargeColumns(charge);
  const fill = <T>(column: SQLWrapper, value: T) => sql`coalesce(${column}, ${value})`;
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  await tx
    .update(o)
    .set({
      subtotalCents: fill(o.subtotalCents, columns.subtotalCents),
      discountCents: fill(o.discountCents, columns.discountCents),
      discounts: sql`coalesce(${o.discounts}, ${json(columns.discounts)})`,
      taxCents: fill(o.taxCents, columns.taxCents),
      taxes: sql`coalesce(${o.taxes}, ${json(columns.taxes)})`,
      invoiceId: fill(o.invoiceId, columns.invoiceId),
    })
    .where(and(eq(o.checkoutSessionId, checkoutSessionId), eq(o.amount, charge.totalCents)));
  if (charge.invoice) await attachOrderInvoice(tx, charge.invoice);
}

/**
 * The provider's invoice of an order, once known (its number, hosted page and PDF come with
 * `invoice.paid`): set on the order that names the invoice. Null when none does.
 */
export async function attachOrderInvoice(db: Db, invoice: ChargeInvoice): Promise<Order | null> {
  // An anonymised order (no buyer) never gets the links back: they show the buyer's details.
  const link = (url: string | null, column: SQLWrapper) =>
    sql`case when ${orders.customerEmail} = '' then null else coalesce(${url}, ${column}) end`;
  const [order] = await db
    .update(orders)
    .set({
      invoiceNumber: sql`coalesce(${invoice.number}, ${orders.invoiceNumber})`,
      invoiceHostedUrl: link(invoice.hostedUrl, orders.invoiceHostedUrl),
      invoicePdfUrl: link(invoice.pdfUrl, orders.invoicePdfUrl),
    })
    .where(eq(orders.invoiceId, invoice.id))
    .returning();
  return order ?? null;
}

/**
 * Whether an order of this address (lower-cased) used the promotion code (any order but a
 * failed payment): the simulated provider's codes are once per buyer address.
 */
export async function promotionCodeUsedBy(db: Db, email: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sql`lower(${orders.customerEmail}) = ${normaliseEmail(email)}`,
        ne(orders.status, 'failed'),
        sql`${orders.discounts} @> ${JSON.stringify([{ code }])}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(row);
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

export async function findOrderByPaymentIntent(
  db: Db,
  paymentIntentId: string,
): Promise<OrderWithItems | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.stripePaymentIntentId, paymentIntentId))
    .orderBy(asc(orders.id))
    .limit(1);
  return order ? { order, items: await orderItemsOf(db, order.id) } : null;
}

/** The first order of a provider subscription (the checkout that started it). */
export async function findOrderBySubscription(
  db: Db,
  providerSubscriptionId: string,
): Promise<Order | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.stripeSubscriptionId, providerSubscriptionId))
    .orderBy(asc(orders.id))
    .limit(1);
  return order ?? null;
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

/**
 * What the provider refunded of an order's payment: Stripe's running total, never lowered unless
 * `exact` (the refunds' own sum: a failed refund's money stayed paid); a full refund marks the
 * order refunded, one no longer full makes it paid again. Null when no order has that payment.
 */
export async function recordOrderRefund(
  db: Db,
  paymentIntentId: string,
  refundedCents: number,
  at: Date,
  { exact = false }: { exact?: boolean } = {},
): Promise<Order | null> {
  const total = exact
    ? sql`${refundedCents}::integer`
    : sql`greatest(${orders.refundedCents}, ${refundedCents})`;
  const [order] = await db
    .update(orders)
    .set({
      refundedCents: total,
      refundedAt: at,
      status: sql`case when ${total} >= ${orders.amount} then 'refunded' when ${orders.status} = 'refunded' then 'paid' else ${orders.status} end`,
    })
    .where(eq(orders.stripePaymentIntentId, paymentIntentId))
    .returning();
  return order ?? null;
}

/**
 * Joins the orders waiting for a client's just-proven address, and answers the latest payment
 * customer among `paidHere` (what the proving browser paid itself): another browser's customer
 * (a card, a billing address) is never taken for the client's own.
 */
export async function joinWaitingOrders(
  tx: Db,
  client: { id: number; email: string },
  paidHere: readonly number[],
): Promise<{ joined: number; stripeCustomerId: string | null }> {
  const joined = await tx
    .update(orders)
    .set({ clientId: client.id })
    .where(
      and(
        isNull(orders.clientId),
        sql`lower(${orders.customerEmail}) = ${normaliseEmail(client.email)}`,
      ),
    )
    .returning({ id: orders.id });
  if (!paidHere.length) return { joined: joined.length, stripeCustomerId: null };
  const [latest] = await tx
    .select({ customer: orders.stripeCustomerId })
    .from(orders)
    .where(
      and(
        eq(orders.clientId, client.id),
        isNotNull(orders.stripeCustomerId),
        inArray(orders.id, [...paidHere]),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return { joined: joined.length, stripeCustomerId: latest?.customer ?? null };
}

/**
 * Joins one waiting order to the client the paying browser is signed in as, when the order
 * was bought with that client's address: that browser's session is the proof.
 */
export async function joinOrderToSignedInClient(
  db: Db,
  orderId: number,
  client: { id: number; email: string },
): Promise<Order | null> {
  const [joined] = await db
    .update(orders)
    .set({ clientId: client.id })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.clientId),
        sql`lower(${orders.customerEmail}) = ${normaliseEmail(client.email)}`,
      ),
    )
    .returning();
  return joined ?? null;
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
export async function hasPaidOrder(db: Db, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), inArray(orders.status, [...REVENUE_STATUSES])))
    .limit(1);
  return Boolean(row);
}

/** The checkout sessions that have their order, as a subquery (the checkout sweep's filter). */
export function sessionsWithOrders(db: Db) {
  return db.select({ id: orders.checkoutSessionId }).from(orders);
}

/** Ids of one client's orders, as a subquery. */
export function orderIdsOfClient(db: Db, clientId: number) {
  return db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, clientId));
}

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

/**
 * Orders paid in US dollars since `since`, per week of purchase, with their tax (the revenue
 * chart). Refunded orders count in the week they were paid; their refunds are subtracted in
 * the week of the refund.
 */
export function paidOrdersByWeek(db: Db, since: Date): Promise<WeeklyCharges[]> {
  return weeklyCharges(
    db,
    orders,
    orders.createdAt,
    since,
    and(inArray(orders.status, [...REVENUE_STATUSES, 'refunded']), eq(orders.currency, 'usd')),
    { total: orders.amount, tax: orders.taxCents },
  );
}

/** Orders of recovered checkouts since `since`, per week of purchase, money received only. */
export function recoveredOrdersByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(
    db,
    orders,
    orders.createdAt,
    since,
    and(
      isNotNull(orders.recoveredFrom),
      inArray(orders.status, [...REVENUE_STATUSES, 'refunded']),
      eq(orders.currency, 'usd'),
    ),
    orders.amount,
  );
}

/**
 * Whether the address has an order paid since `since` (a checkout reminder is pointless once
 * the buyer paid in another session).
 */
export async function paidOrderSince(db: Db, email: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sql`lower(${orders.customerEmail}) = ${normaliseEmail(email)}`,
        inArray(orders.status, [...REVENUE_STATUSES, 'refunded']),
        gte(orders.createdAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Refunds of orders whose payment has no row in `refunds` (`listedPayments`: the payment
 * intents that do), refunded before that table existed: their running total, in the week of
 * the latest refund, the only date kept of them.
 */
export function unlistedOrderRefundsByWeek(
  db: Db,
  since: Date,
  listedPayments: SQLWrapper,
): Promise<WeeklySum[]> {
  return weeklySums(
    db,
    orders,
    orders.refundedAt,
    since,
    and(
      gt(orders.refundedCents, 0),
      eq(orders.currency, 'usd'),
      notInArray(orders.stripePaymentIntentId, listedPayments),
    ),
    orders.refundedCents,
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

/* Personal data (src/server/privacy): when a service ends, and the person behind an order. */

/** When an order last served its buyer, its plan aside: placed, paid or refunded. */
const lastActivity = sql`greatest(${orders.createdAt}, ${orders.paidAt}, ${orders.refundedAt})`;

/**
 * Whether an order still served its buyer at `cutoff`: by its own activity, or by its plan
 * (`plansServing`: the subscriptions owner's subquery of plans running or ended since).
 */
function servedSince(cutoff: Date, plansServing: SQLWrapper): SQL {
  return sql`(${lastActivity} >= ${cutoff.toISOString()}::timestamptz or coalesce(${inArray(
    orders.stripeSubscriptionId,
    plansServing,
  )}, false))`;
}

/** Ids of the clients still served at `cutoff` (src/server/privacy/retention.ts), as a subquery. */
export function clientsServedSince(db: Db, cutoff: Date, plansServing: SQLWrapper) {
  return db
    .selectDistinct({ id: orders.clientId })
    .from(orders)
    .where(and(isNotNull(orders.clientId), servedSince(cutoff, plansServing)));
}

/**
 * Ids of the orders whose service ended before `cutoff`, as a subquery: every order of a client
 * none of whose orders served them since, and an order waiting for its client by its own dates.
 */
export function ordersEndedBefore(db: Db, cutoff: Date, plansServing: SQLWrapper) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        and(isNull(orders.clientId), not(servedSince(cutoff, plansServing))),
        and(
          isNotNull(orders.clientId),
          notInArray(orders.clientId, clientsServedSince(db, cutoff, plansServing)),
        ),
      ),
    );
}

/** Ids of the clients an order still names, as a subquery. */
export function clientsNamedByOrders(db: Db) {
  return db.selectDistinct({ id: orders.clientId }).from(orders).where(isNotNull(orders.clientId));
}

/** Those of `orderIds` that `among` (a subquery of order ids) holds. */
export async function orderIdsAmong(
  db: Db,
  orderIds: number[],
  among: SQLWrapper,
): Promise<number[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(idIn(orders.id, orderIds), inArray(orders.id, among)));
  return rows.map((r) => r.id);
}

/** The person's orders: bought with their address, or joined to their account. */
const ofPerson = (person: { email: string; clientIds: number[] }) =>
  or(
    sql`lower(${orders.customerEmail}) = ${person.email}`,
    idIn(orders.clientId, person.clientIds),
  );

/**
 * What an anonymised order keeps: number, dates, amounts, status, what was bought and the
 * provider's payment and invoice references, for the accountant; nothing that names its
 * buyer (the invoice's hosted page and PDF show the buyer's name and address).
 */
const WITHOUT_BUYER = {
  customerEmail: '',
  customerName: '',
  clientId: null,
  stripeCustomerId: null,
  invoiceHostedUrl: null,
  invoicePdfUrl: null,
};

const stillNamed = or(
  ne(orders.customerEmail, ''),
  ne(orders.customerName, ''),
  isNotNull(orders.clientId),
  isNotNull(orders.stripeCustomerId),
  isNotNull(orders.invoiceHostedUrl),
  isNotNull(orders.invoicePdfUrl),
);

export const personalData: PersonalDataOwner = {
  async identify(db, person) {
    const rows = await db.select().from(orders).where(ofPerson(person));
    const present = (values: (string | null)[]) => values.filter((v): v is string => !!v);
    return {
      orderIds: rows.map((o) => o.id),
      checkoutSessionIds: rows.map((o) => o.checkoutSessionId),
      subscriptionIds: present(rows.map((o) => o.stripeSubscriptionId)),
      customerIds: present(rows.map((o) => o.stripeCustomerId)),
    };
  },
  async holds(db, person) {
    const rows = await db.select().from(orders).where(ofPerson(person)).orderBy(asc(orders.id));
    const items = await itemsOfOrders(
      db,
      rows.map((o) => o.id),
    );
    // The refunds name no one; they are the person's as the refunds of their orders.
    const refunded = await refundsOfOrders(
      db,
      rows.map((o) => o.id),
    );
    return {
      orders: rows.map((o) => exported(o)),
      order_items: [...items.values()].flat().map((i) => exported(i)),
      refunds: refunded.map((r) => exported(r)),
    };
  },
  // Kept for the accounting period, without the person; the lines and refunds name no one.
  async erase(db, person) {
    const changed = await db
      .update(orders)
      .set(WITHOUT_BUYER)
      .where(and(or(ofPerson(person), idIn(orders.id, person.orderIds)), stillNamed))
      .returning({ id: orders.id });
    return { orders: changed.length };
  },
  async purge(db, scope) {
    const changed = await db
      .update(orders)
      .set(WITHOUT_BUYER)
      .where(
        and(inArray(orders.id, scope.ordersEndedBefore(cutoffOf('orders', scope.now))), stillNamed),
      )
      .returning({ id: orders.id });
    return { orders: { orders: changed.length } };
  },
};
