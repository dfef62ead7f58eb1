/**
 * Checkout services behind the functions: start a checkout with the active provider,
 * answer the success page's session lookup (fulfilling on the way), run the simulated
 * provider's Pay / Decline / Cancel, and the test suite's payment intent.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from '../../lib/zod';
import type { Db } from '../../server/db/client.ts';
import { checkoutSessions, type CheckoutSession } from '../../server/db/schema.ts';
import { HttpError } from '../../server/http.ts';
import type { PaymentProvider } from '../../server/payments/index.ts';
import { simulatedId } from '../../server/payments/simulated.ts';
import {
  fulfillCheckout,
  metadataItems,
  orderView,
  type FulfilOptions,
} from '../orders/orders.server';
import type { CheckoutSessionView } from '../orders/orders';
import {
  CheckoutError,
  SESSION_ID_PLACEHOLDER,
  createCheckoutSessionSchema,
  checkoutItemSchema,
  isAllowedRedirect,
  priceCart,
  withCanceledFlag,
  withSessionIdPlaceholder,
} from './checkout';

/** Origins a redirect may point at: the request's own and the configured site URL. */
export function allowedOrigins(req: Request, siteUrl: string): string[] {
  return [...new Set([new URL(req.url).origin, new URL(siteUrl).origin])];
}

function priced(items: Parameters<typeof priceCart>[0]) {
  try {
    return priceCart(items);
  } catch (error) {
    if (error instanceof CheckoutError) throw new HttpError(400, error.message);
    throw error;
  }
}

/**
 * POST /api/create-checkout-session: validates and prices the cart from the catalogue,
 * creates the provider session, records it, and answers the payment page URL.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  body: unknown,
  origins: readonly string[],
): Promise<{ url: string; sessionId: string }> {
  const input = createCheckoutSessionSchema.parse(body);
  for (const [field, url] of [
    ['success_url', input.success_url],
    ['cancel_url', input.cancel_url],
  ] as const) {
    if (!isAllowedRedirect(url, origins))
      throw new HttpError(400, `${field} must be a URL on this site`);
  }
  const cart = priced(input.items);
  const successUrl = withSessionIdPlaceholder(input.success_url);
  const cancelUrl = withCanceledFlag(input.cancel_url);
  const created = await provider.createCheckout({
    lines: cart.lines,
    mode: cart.mode,
    amountTotalCents: cart.amountTotalCents,
    successUrl,
    cancelUrl,
    idempotencyKey: `checkout-${randomUUID()}`,
  });
  await db.insert(checkoutSessions).values({
    id: created.id,
    provider: provider.name,
    mode: cart.mode,
    lines: cart.lines,
    amountTotalCents: cart.amountTotalCents,
    successUrl,
    cancelUrl,
  });
  return { url: created.url, sessionId: created.id };
}

/**
 * GET /api/checkout-session/{id}: the spec's session shape (amounts in cents, items as a
 * JSON string) plus the order. A paid session is fulfilled here too, so the success page
 * never depends on the webhook having arrived first.
 */
export async function lookupCheckoutSession(
  sessionId: string,
  options: FulfilOptions & { db: Db },
): Promise<{ view: CheckoutSessionView; clientId: number | null } | null> {
  const result = await fulfillCheckout(sessionId, options);
  if (result.state === 'not_found') return null;
  const { session, provider } = result;
  const order = result.state === 'fulfilled' ? orderView(result) : null;
  const paymentStatus =
    order && (order.status === 'paid' || order.status === 'completed')
      ? 'paid'
      : (provider?.paymentStatus ?? 'unpaid');
  const view: CheckoutSessionView = {
    session: {
      id: session.id,
      status: order ? 'complete' : (provider?.status ?? 'open'),
      payment_status: paymentStatus,
      mode: session.mode,
      amount_total: provider?.amountTotalCents ?? session.amountTotalCents,
      currency: session.currency,
      customer_details: {
        name: provider?.customerName ?? session.customerName,
        email: provider?.customerEmail ?? session.customerEmail,
      },
      metadata: { items: JSON.stringify(metadataItems(session.lines)) },
      payment_intent: result.state === 'fulfilled' ? result.order.stripePaymentIntentId : null,
    },
    order,
  };
  const clientId =
    result.state === 'fulfilled' &&
    (result.order.status === 'paid' || result.order.status === 'completed')
      ? result.order.clientId
      : null;
  return { view, clientId };
}

// --- Simulated provider actions -------------------------------------------------------

export const simulatedActionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('pay'),
    session: z.string().min(1).max(200),
    name: z.string().trim().min(2, 'Name must be at least 2 characters').max(200),
    email: z.email('Please enter a valid email address').max(320),
  }),
  z.object({ action: z.literal('decline'), session: z.string().min(1).max(200) }),
  z.object({ action: z.literal('cancel'), session: z.string().min(1).max(200) }),
]);
export type SimulatedAction = z.infer<typeof simulatedActionSchema>;

export async function findSimulatedSession(db: Db, id: string): Promise<CheckoutSession | null> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, 'simulated')));
  return row ?? null;
}

export function successRedirect(session: CheckoutSession): string {
  return session.successUrl.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(session.id));
}

/**
 * Runs one button of the simulated payment page and answers where the browser goes next:
 * Pay → the success URL (after the same fulfilment as the webhook), Decline → back to the
 * payment page in its declined state, Cancel → the cancel URL.
 */
export async function runSimulatedAction(db: Db, action: SimulatedAction): Promise<string> {
  const session = await findSimulatedSession(db, action.session);
  if (!session) throw new HttpError(404, 'Unknown test payment session');
  const payPage = `/pay/simulated?session=${encodeURIComponent(session.id)}`;

  if (action.action === 'cancel') {
    await db
      .update(checkoutSessions)
      .set({ status: 'canceled' })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
    return session.cancelUrl;
  }

  if (action.action === 'decline') {
    await db
      .update(checkoutSessions)
      .set({ status: 'declined' })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
    return payPage;
  }

  if (session.status === 'open') {
    await db
      .update(checkoutSessions)
      .set({
        status: 'complete',
        completedAt: new Date(),
        customerName: action.name,
        customerEmail: action.email.toLowerCase(),
        paymentIntentId: simulatedId('pi'),
      })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
  } else if (session.status !== 'complete') {
    // Declined, canceled or expired sessions cannot be paid any more.
    return payPage;
  }
  await fulfillCheckout(session.id, { db });
  return successRedirect(session);
}

// --- Test suite: payment intent (simulated only) --------------------------------------

export const paymentIntentSchema = z.object({
  items: z.array(checkoutItemSchema).min(1, 'Your cart is empty').max(50),
  totalAmount: z.number().optional(),
  customerInfo: z
    .object({ name: z.string().max(200).optional(), email: z.string().max(320).optional() })
    .optional(),
});

/** A simulated PaymentIntent for the cart, priced from the catalogue (the browser's total is ignored). */
export function simulatedPaymentIntent(body: unknown) {
  const input = paymentIntentSchema.parse(body);
  const cart = priced(input.items);
  const id = simulatedId('pi');
  return {
    id,
    clientSecret: `${id}_secret_${randomUUID().replaceAll('-', '')}`,
    amount: cart.amountTotalCents,
    currency: 'usd',
  };
}
