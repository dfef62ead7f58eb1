/**
 * Exactly once: the unique index on orders.checkout_session_id makes repeated and concurrent
 * inserts for one checkout one order (ON CONFLICT DO NOTHING); its status only moves forward.
 */
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import {
  orderItems,
  orders,
  type NewOrder,
  type Order,
  type PricedLine,
} from '../../../server/db/schema.ts';
import type { ChargeBreakdown, ChargeInvoice } from '../../../lib/charge.ts';
import { normaliseEmail } from '../../clients/clients.server.ts';
import { canMoveForward, chargeColumns, metadataItems, type OrderStatus } from '../orders.ts';
import { orderItemsOf, type OrderWithItems } from './order-reads.server.ts';

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
