/**
 * Orders: exactly-once fulfilment of checkout sessions, test orders, lookups and downloads.
 *
 * `fulfillCheckout(sessionId)` is the ONE way an order comes into existence from a payment.
 * The Stripe webhook, the success page lookup and the simulated provider's Pay button all
 * call it. The unique index on orders.checkout_session_id makes repeated and concurrent
 * calls produce one order: INSERT ... ON CONFLICT DO NOTHING, then read what is there.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../server/db/client.ts';
import {
  checkoutSessions,
  orderItems,
  orders,
  type CheckoutSession,
  type Order,
} from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/http.ts';
import { enqueueEmail, deliverDue } from '../../server/mail/outbox.ts';
import {
  providerNamed,
  type PaymentProvider,
  type ProviderSession,
} from '../../server/payments/index.ts';
import { simulatedId } from '../../server/payments/simulated.ts';
import { findItem, toCents } from '../catalogue/catalogue';
import {
  canSeeOrder,
  clientForPurchase,
  createMagicLink,
  magicLinkUrl,
  normaliseEmail,
  type ClientAccess,
} from '../clients/clients.server.ts';
import { onboardingPathFor } from '../checkout/checkout';
import {
  buildOrderItemPdf,
  buildReceiptPdf,
  RECEIPT_ISSUER,
  type DocumentOrder,
} from './order-documents';
import { orderConfirmationEmail } from './order-emails';
import type { MetadataItem, OrderItemView, OrderStatus, OrderView } from './orders';

type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderWithItems = { order: Order; items: OrderItemRow[] };

export type FulfilmentResult =
  | { state: 'not_found' }
  /** The provider has not completed the session (open, declined, canceled or expired). */
  | { state: 'unpaid'; session: CheckoutSession; provider: ProviderSession | null }
  | {
      state: 'fulfilled';
      session: CheckoutSession;
      provider: ProviderSession | null;
      order: Order;
      items: OrderItemRow[];
      /** This call created the order (false for every repeat). */
      created: boolean;
    };

export type FulfilOptions = {
  db?: Db;
  /** Overrides the provider that owns the session (tests). */
  provider?: PaymentProvider;
  /** The session as a verified webhook delivered it; saves a round trip to the provider. */
  snapshot?: ProviderSession;
  /** checkout.session.async_payment_failed: the delayed payment did not go through. */
  paymentFailed?: boolean;
  now?: Date;
};

/** "NR-20250131-7KQ2XM": date plus six unambiguous random characters. */
export function newOrderNumber(now = new Date()): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `NR-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${random}`;
}

/** Which status the order should have given the provider's answer. */
function targetStatus(provider: ProviderSession, paymentFailed: boolean): OrderStatus {
  if (paymentFailed) return 'failed';
  return provider.paymentStatus === 'unpaid' ? 'pending' : 'paid';
}

/** Status only moves forward: pending → paid | failed. A late or repeated event never undoes it. */
function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return from === 'pending' && (to === 'paid' || to === 'failed');
}

export function metadataItems(lines: CheckoutSession['lines']): MetadataItem[] {
  return lines.map((l) => ({
    id: l.id,
    name: l.name,
    type: l.type,
    billingCycle: l.billingCycle,
    price: l.unitAmountCents / 100,
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
) {
  const site = siteUrl();
  const link = await createMagicLink(tx, linkClientId);
  const pdf = await buildReceiptPdf(documentOrder(order, items));
  const email = orderConfirmationEmail({
    siteName: RECEIPT_ISSUER.name,
    supportEmail: RECEIPT_ISSUER.supportEmail,
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
  await enqueueEmail(tx, {
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
}

async function itemsOf(db: Db, orderId: number): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** Best-effort immediate delivery; the outbox retries whatever fails here. */
async function flushOutbox(db: Db) {
  try {
    await deliverDue(db);
  } catch (error) {
    console.error('Outbox delivery failed; it will be retried', error);
  }
}

/**
 * Turns a completed checkout session into its one order (idempotent and race-safe).
 * Answers `unpaid` while the provider has not completed the session.
 */
export async function fulfillCheckout(
  sessionId: string,
  options: FulfilOptions = {},
): Promise<FulfilmentResult> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  if (!session) return { state: 'not_found' };

  const provider =
    options.snapshot ??
    (await (options.provider ?? providerNamed(session.provider)).retrieveSession(session.id));

  if (!provider || (provider.status !== 'complete' && !options.paymentFailed)) {
    // The order may already exist (e.g. created by the webhook before the session expired).
    const existing = await findOrderBySession(db, session.id);
    if (existing) return { state: 'fulfilled', session, provider, ...existing, created: false };
    return { state: 'unpaid', session, provider };
  }

  const email = provider.customerEmail ?? session.customerEmail;
  // Stripe Checkout always collects an e-mail; a completion without one is not ours to fulfil.
  if (!email) throw new HttpError(400, 'The checkout session completed without a customer e-mail');
  const name = provider.customerName ?? session.customerName ?? '';
  const status = targetStatus(provider, options.paymentFailed ?? false);
  const paymentIntentId =
    provider.paymentIntentId ??
    session.paymentIntentId ??
    provider.subscriptionId ??
    `no_pi_${session.id}`;

  let sendConfirmation = false;
  const result = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const buyer = await clientForPurchase(tx, { email, name });
    const first = session.lines[0];
    const [inserted] = await tx
      .insert(orders)
      .values({
        orderNumber: newOrderNumber(now),
        checkoutSessionId: session.id,
        clientId: buyer.created ? buyer.clientId : null,
        productId: first?.id ?? 'unknown',
        productName:
          session.lines.length > 1
            ? `${first?.name} + ${session.lines.length - 1} more`
            : (first?.name ?? 'Order'),
        amount: provider.amountTotalCents ?? session.amountTotalCents,
        currency: session.currency,
        stripePaymentIntentId: paymentIntentId,
        stripeSubscriptionId: provider.subscriptionId,
        stripeCustomerId: provider.customerId,
        customerEmail: email,
        customerName: name,
        status,
        items: JSON.stringify(metadataItems(session.lines)),
        mode: session.mode,
        // No money moved: the admin and reports keep simulated orders apart from real ones.
        isTest: session.provider === 'simulated',
        paidAt: status === 'paid' ? now : null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: orders.checkoutSessionId })
      .returning();

    if (inserted) {
      const items = await tx
        .insert(orderItems)
        .values(
          session.lines.map((l) => ({
            orderId: inserted.id,
            productId: l.id,
            name: l.name,
            type: l.type,
            billingCycle: l.billingCycle,
            unitAmountCents: l.unitAmountCents,
            quantity: l.quantity,
          })),
        )
        .returning();
      await tx
        .update(checkoutSessions)
        .set({
          status: 'complete',
          completedAt: now,
          customerEmail: email,
          customerName: name,
          paymentIntentId,
        })
        .where(eq(checkoutSessions.id, session.id));
      if (status === 'paid') {
        await enqueueConfirmation(tx, inserted, items, buyer.clientId);
        sendConfirmation = true;
      }
      return { order: inserted, items, created: true };
    }

    // Another call created it first; move it forward if this event says more.
    const [existing] = await tx
      .select()
      .from(orders)
      .where(eq(orders.checkoutSessionId, session.id));
    if (!existing) throw new Error(`Order for ${session.id} vanished`);
    let order = existing;
    if (canTransition(existing.status, status)) {
      const [moved] = await tx
        .update(orders)
        .set({ status, paidAt: status === 'paid' ? now : existing.paidAt })
        .where(and(eq(orders.id, existing.id), eq(orders.status, 'pending')))
        .returning();
      if (moved) {
        order = moved;
        if (status === 'paid') {
          await enqueueConfirmation(tx, moved, await itemsOf(tx, moved.id), buyer.clientId);
          sendConfirmation = true;
        }
      }
    }
    return { order, items: await itemsOf(tx, order.id), created: false };
  });

  if (sendConfirmation) await flushOutbox(db);
  return { state: 'fulfilled', session, provider, ...result };
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

/** The buyer's view of an order (amounts in USD); `orderForBrowser` decides who gets it. */
export function orderView({ order, items }: OrderWithItems): OrderView {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    amount: order.amount / 100,
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
      price: i.unitAmountCents / 100,
      quantity: i.quantity,
      onboardingPath: onboardingPathFor(i.productId, order.id),
    })),
    access: 'buyer',
  };
}

export type TestOrderInput = {
  productId: string;
  stripePaymentIntentId?: string | undefined;
  customerName?: string | undefined;
  customerEmail?: string | undefined;
};

export const TEST_CUSTOMER_NAME = 'Test Customer';

/** Each mock order gets its own test address, so a new client is created for it. */
function testCustomerEmail(): string {
  return `test.customer+${randomBytes(6).toString('hex')}@example.com`;
}

/**
 * A mock order for the test pages (simulated mode only): priced from the catalogue and
 * created as completed. It follows the purchase rules: a new address creates its client,
 * an existing client's address leaves the order waiting for that address to be proven.
 */
export async function createTestOrder(input: TestOrderInput, db?: Db): Promise<OrderWithItems> {
  const database = db ?? (await getDb());
  const item = findItem(input.productId);
  if (!item) throw new Error(`Unknown product: ${input.productId}`);
  const [cycle] = (['oneTime', 'monthly', 'yearly'] as const).filter(
    (c) => item.prices[c] !== undefined,
  );
  if (!cycle) throw new Error(`${item.id} has no price`);
  const unitAmountCents = toCents(item.prices[cycle] ?? 0);
  const email = input.customerEmail ?? testCustomerEmail();
  const name = input.customerName ?? TEST_CUSTOMER_NAME;
  const line = {
    id: item.id,
    name: item.name,
    description: item.description,
    type: item.type,
    billingCycle: cycle,
    unitAmountCents,
    quantity: 1,
  };

  return database.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const buyer = await clientForPurchase(tx, { email, name });
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber: newOrderNumber(),
        checkoutSessionId: simulatedId('cs').replace('sim_cs_', 'test_cs_'),
        clientId: buyer.created ? buyer.clientId : null,
        productId: item.id,
        productName: item.name,
        amount: unitAmountCents,
        stripePaymentIntentId: input.stripePaymentIntentId ?? simulatedId('pi'),
        customerEmail: email,
        customerName: name,
        status: 'completed',
        items: JSON.stringify(metadataItems([line])),
        mode: cycle === 'oneTime' ? 'payment' : 'subscription',
        isTest: true,
        paidAt: new Date(),
      })
      .returning();
    if (!order) throw new Error('Test order insert returned no row');
    const items = await tx
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: item.id,
        name: item.name,
        type: item.type,
        billingCycle: cycle,
        unitAmountCents,
        quantity: 1,
      })
      .returning();
    return { order, items };
  });
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
