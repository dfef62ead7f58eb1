/**
 * Orders and their line items: this module is the only reader and writer of the orders and
 * order_items tables. It records the one order of a paid checkout (the checkout feature's
 * fulfilment decides when), test orders, the buyer's and the dashboard's views, downloads,
 * and the admin's lists and figures.
 *
 * Exactly once: the unique index on orders.checkout_session_id makes repeated and concurrent
 * recordings of one checkout produce one order (INSERT ... ON CONFLICT DO NOTHING, then read
 * what is there), and its status only moves forward.
 */
import { randomBytes } from 'node:crypto';
import {
  and,
  asc,
  between,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import {
  createdWithin,
  idIn,
  listPage,
  searchCondition,
  type Listed,
  type ListFilter,
  type PageRequest,
} from '../../server/db/list-query.ts';
import { talliesOf } from '../../server/db/tallies.ts';
import { weeklySums, type WeeklySum } from '../../server/db/weekly.ts';
import {
  orderItems,
  orders,
  type CheckoutMode,
  type NewOrder,
  type Order,
  type OrderItem,
  type PricedLine,
} from '../../server/db/schema.ts';
import { centsToDollars } from '../../lib/money.ts';
import { onboardingPathFor } from '../catalogue/catalogue.ts';
import { readEnv } from '../../server/env.ts';
import { enqueueEmail } from '../../server/mail/outbox.ts';
import {
  canSeeOrder,
  clientForPurchase,
  createMagicLink,
  magicLinkUrl,
  normaliseEmail,
  type ClientAccess,
} from '../clients/clients.server.ts';
import type { DocumentOrder } from './order-documents';
import { orderConfirmationEmail } from './orders-emails.tsx';
import type { MetadataItem, OrderItemView, OrderStatus, OrderView } from './orders';

type OrderItemRow = OrderItem;

/** pdf-lib is loaded only when a PDF is made, not by every function that reads orders. */
const loadDocuments = () => import('./order-documents.ts');
export type OrderWithItems = { order: Order; items: OrderItemRow[] };

/** "NR-20250131-7KQ2XM": date plus six unambiguous random characters. */
export function newOrderNumber(now = new Date()): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `NR-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${random}`;
}

/** Status only moves forward: pending → paid | failed. A late or repeated event never undoes it. */
function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return from === 'pending' && (to === 'paid' || to === 'failed');
}

export function metadataItems(lines: NewOrderLines): MetadataItem[] {
  return lines.map((l) => ({
    id: l.id,
    name: l.name,
    type: l.type,
    billingCycle: l.billingCycle,
    price: centsToDollars(l.unitAmountCents),
    quantity: l.quantity,
  }));
}

function siteUrl(): string {
  return readEnv().siteUrl;
}

function documentOrder(order: Order, items: OrderItemRow[]): DocumentOrder {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    amountCents: order.amount,
    paymentReference: order.stripePaymentIntentId,
    lines: items.map((i) => ({
      name: i.name,
      billingCycle: i.billingCycle,
      unitAmountCents: i.unitAmountCents,
      quantity: i.quantity,
    })),
  };
}

/**
 * Writes the confirmation e-mail (receipt attached, onboarding links, a dashboard magic
 * link) into the outbox inside the caller's transaction, so it exists exactly when the
 * paid order does. The link goes to the client of the address the buyer typed: using it is
 * what proves the address and joins an order that waits for that proof.
 */
async function enqueueConfirmation(
  tx: Db,
  order: Order,
  items: OrderItemRow[],
  linkClientId: number,
): Promise<number> {
  const site = siteUrl();
  const link = await createMagicLink(tx, linkClientId);
  const { buildReceiptPdf } = await loadDocuments();
  const pdf = await buildReceiptPdf(documentOrder(order, items));
  const email = orderConfirmationEmail({
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    amountCents: order.amount,
    lines: items.map((i) => ({
      name: i.name,
      billingCycle: i.billingCycle,
      unitAmountCents: i.unitAmountCents,
      quantity: i.quantity,
      onboardingUrl: new URL(onboardingPathFor(i.productId, order.id), site).toString(),
    })),
    dashboardUrl: magicLinkUrl(site, link.token),
    linkExpiresAt: link.expiresAt,
  });
  const { id } = await enqueueEmail(tx, {
    kind: 'order-confirmation',
    to: order.customerEmail,
    ...email,
    attachments: [
      {
        filename: `receipt-${order.orderNumber}.pdf`,
        contentType: 'application/pdf',
        content: Buffer.from(pdf).toString('base64'),
      },
    ],
  });
  return id;
}

async function itemsOf(db: Db, orderId: number): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

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

/** What the checkout's fulfilment knows when a session completes (or its payment fails). */
export type CheckoutOrder = {
  checkoutSessionId: string;
  lines: PricedLine[];
  currency: string;
  mode: CheckoutMode;
  /** Simulated payments move no money; the admin and reports keep them apart. */
  isTest: boolean;
  status: 'pending' | 'paid' | 'failed';
  amountCents: number;
  customerEmail: string;
  customerName: string;
  paymentIntentId: string;
  subscriptionId: string | null;
  customerId: string | null;
  now: Date;
};

export type RecordedOrder = OrderWithItems & {
  /** This call created the order (false for every repeat). */
  created: boolean;
  /** The confirmation e-mail queued in this transaction (deliver it after commit), if any. */
  confirmationEmailId: number | null;
};

/**
 * Records the one order of a checkout session inside the caller's transaction: creates it
 * (with the buyer's client, its items and, once paid, the confirmation e-mail), or moves an
 * existing one forward when this event says more. A late or repeated event never undoes it.
 */
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
      stripePaymentIntentId: input.paymentIntentId,
      stripeSubscriptionId: input.subscriptionId,
      stripeCustomerId: input.customerId,
      customerEmail: input.customerEmail,
      customerName: input.customerName,
      status: input.status,
      mode: input.mode,
      isTest: input.isTest,
      paidAt: input.status === 'paid' ? input.now : null,
      createdAt: input.now,
    },
    input.lines,
  );
  if (inserted) {
    const confirmationEmailId =
      inserted.order.status === 'paid'
        ? await enqueueConfirmation(tx, inserted.order, inserted.items, buyer.clientId)
        : null;
    return { ...inserted, created: true, confirmationEmailId };
  }

  // Another call created it first; move it forward if this event says more.
  const [existing] = await tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutSessionId, input.checkoutSessionId));
  if (!existing) throw new Error(`Order for ${input.checkoutSessionId} vanished`);
  if (canTransition(existing.status, input.status)) {
    const [moved] = await tx
      .update(orders)
      .set({ status: input.status, paidAt: input.status === 'paid' ? input.now : existing.paidAt })
      .where(and(eq(orders.id, existing.id), eq(orders.status, 'pending')))
      .returning();
    if (moved) {
      const items = await itemsOf(tx, moved.id);
      const confirmationEmailId =
        input.status === 'paid'
          ? await enqueueConfirmation(tx, moved, items, buyer.clientId)
          : null;
      return { order: moved, items, created: false, confirmationEmailId };
    }
  }
  return {
    order: existing,
    items: await itemsOf(tx, existing.id),
    created: false,
    confirmationEmailId: null,
  };
}

export async function findOrderBySession(
  db: Db,
  sessionId: string,
): Promise<OrderWithItems | null> {
  const [order] = await db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
  return order ? { order, items: await itemsOf(db, order.id) } : null;
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
  return order ? { order, items: await itemsOf(db, order.id) } : null;
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

/**
 * Records what the provider has refunded of an order's payment. Stripe sends the running total,
 * so the larger of the two is kept (a late event never lowers it); a full refund marks the order
 * refunded. Returns the order, or null when no order was paid with that payment.
 */
export async function recordOrderRefund(
  db: Db,
  paymentIntentId: string,
  refundedCents: number,
  at: Date,
): Promise<Order | null> {
  const [order] = await db
    .update(orders)
    .set({
      refundedCents: sql`greatest(${orders.refundedCents}, ${refundedCents})`,
      refundedAt: at,
      status: sql`case when greatest(${orders.refundedCents}, ${refundedCents}) >= ${orders.amount} then 'refunded' else ${orders.status} end`,
    })
    .where(eq(orders.stripePaymentIntentId, paymentIntentId))
    .returning();
  return order ?? null;
}

/** The buyer's view of an order (amounts in USD); `orderForBrowser` decides who gets it. */
export function orderView({ order, items }: OrderWithItems): OrderView {
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

/**
 * The PDF for one purchased item, only for the client who bought it. Unknown items and
 * other clients' items look the same (null), so ids cannot be probed.
 */
export async function orderItemDownload(
  db: Db,
  itemId: number,
  access: ClientAccess | null,
): Promise<{ filename: string; bytes: Uint8Array } | null> {
  const [row] = await db
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orderItems.orderId, orders.id))
    .where(eq(orderItems.id, itemId));
  if (!row || !canSeeOrder(access, row.order)) return null;
  if (row.order.status !== 'paid' && row.order.status !== 'completed') return null;
  const items = await itemsOf(db, row.order.id);
  const { buildOrderItemPdf } = await loadDocuments();
  const bytes = await buildOrderItemPdf(documentOrder(row.order, items), {
    name: row.item.name,
    type: row.item.type,
    productId: row.item.productId,
    onboardingUrl: new URL(
      onboardingPathFor(row.item.productId, row.order.id),
      siteUrl(),
    ).toString(),
  });
  const slug = row.item.productId.replace(/[^a-z0-9-]/gi, '');
  return { filename: `${row.order.orderNumber}-${slug}.pdf`, bytes };
}

/**
 * Joins to a client whose address has just been proven every order bought with that address
 * that was waiting for the proof, and answers the latest payment customer among its orders.
 */
export async function joinWaitingOrders(
  tx: Db,
  client: { id: number; email: string },
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
  const [latest] = await tx
    .select({ customer: orders.stripeCustomerId })
    .from(orders)
    .where(and(eq(orders.clientId, client.id), isNotNull(orders.stripeCustomerId)))
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

export async function findOrder(db: Db, orderId: number): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
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

/** Ids of one client's orders, as a subquery. */
export function orderIdsOfClient(db: Db, clientId: number) {
  return db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, clientId));
}

const ordersMatching = (filter: ListFilter) =>
  and(
    searchCondition(filter.q, orders.searchText),
    filter.status ? eq(orders.status, filter.status as OrderStatus) : undefined,
    ...createdWithin(orders.createdAt, filter),
  );

const NEWEST_FIRST = { at: orders.createdAt, id: orders.id };

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
  return withItems(db, await listPage(db, orders, ordersMatching(filter), NEWEST_FIRST, page));
}

/** What an export of the orders reads of each order: its CSV columns, half the table's. */
const EXPORTED = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  status: orders.status,
  amount: orders.amount,
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
): Promise<Listed<{ order: ExportedOrder; items: OrderItemRow[] }>> {
  const listed = await listPage<typeof orders, ExportedOrder>(
    db,
    orders,
    ordersMatching(filter),
    NEWEST_FIRST,
    page,
    EXPORTED,
  );
  return withItems(db, listed);
}

/** Order statuses that count as money received. */
export const REVENUE_STATUSES = ['paid', 'completed'] as const satisfies OrderStatus[];

/** The overview's order figures, from the tallies the database keeps per status and test flag. */
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

/**
 * Orders paid in US dollars since `since`, per week of purchase (the revenue chart). Refunded
 * orders count in the week they were paid; their refunds are subtracted in the week of the
 * refund (`orderRefundsByWeek`).
 */
export function paidOrdersByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(
    db,
    orders,
    orders.createdAt,
    since,
    and(inArray(orders.status, [...REVENUE_STATUSES, 'refunded']), eq(orders.currency, 'usd')),
    orders.amount,
  );
}

/** What was refunded of orders since `since`, per week of the latest refund. */
export function orderRefundsByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(
    db,
    orders,
    orders.refundedAt,
    since,
    gt(orders.refundedCents, 0),
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
