/**
 * Checkout services behind the functions: start a checkout with the active provider,
 * answer the success page's session lookup (fulfilling on the way), run the simulated
 * provider's Pay / Decline / Cancel, and the test suite's payment intent.
 */
import { createHash, randomUUID } from 'node:crypto';
import { z } from '../../lib/zod';
import { getDb, type Db } from '../../server/db/client.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
} from '../../server/db/unavailable.ts';
import type { CheckoutSession, Order } from '../../server/db/schema.ts';
import { HttpError, readCookie, type FunctionContext } from '../../server/http.ts';
import type { PaymentProvider } from '../../server/payments/index.ts';
import { planLabel } from '../../server/payments/provider.ts';
import { simulatedId } from '../../server/payments/simulated.ts';
import { enforce, type RateLimit } from '../../server/rate-limit.ts';
import { hashToken, newToken, TOKEN_LENGTH } from '../../server/tokens.ts';
import {
  actingClientId,
  canSeeOrder,
  findClient,
  grantOrderToBrowser,
  readClientAccess,
} from '../clients/clients.server.ts';
import {
  joinOrderToSignedInClient,
  metadataItems,
  orderView,
  type OrderWithItems,
} from '../orders/orders.server.ts';
import { isSettled, type CheckoutSessionView, type OrderView } from '../orders/orders';
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
import {
  claimSessionGrant,
  findSimulatedSession,
  insertCheckoutSession,
  settleOpenSimulatedSession,
} from './checkout-sessions.server.ts';
import { startSimulatedSubscription } from '../subscriptions/subscriptions.server.ts';
import { fulfillCheckout, type FulfilOptions } from './fulfilment.server.ts';

export { fulfillCheckout, type FulfilmentResult, type FulfilOptions } from './fulfilment.server.ts';
export {
  handleStripeEvent,
  MAX_WEBHOOK_BYTES,
  verifyStripeEvent,
} from './stripe-webhook.server.ts';

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

// --- The checkout attempt: proof of the browser that paid ----------------------------

/**
 * An HttpOnly cookie set when a checkout starts. Its hash is stored with the checkout, so
 * the success lookup can tell the browser that paid from anyone else holding the success URL.
 */
export const CHECKOUT_ATTEMPT_COOKIE = '__Host-checkout_attempt';
/** The paying browser is signed in by the success lookup only this long after payment. */
export const CHECKOUT_GRANT_WINDOW_SECONDS = 60 * 60;
const ATTEMPT_TOKEN = new RegExp(`^[\\w-]{${TOKEN_LENGTH}}$`);

/** The browser's attempt token, kept across its checkouts so parallel tabs all stay provable. */
export function checkoutAttempt(req: Request): { token: string; cookie: string } {
  const current = readCookie(req.headers.get('cookie'), CHECKOUT_ATTEMPT_COOKIE);
  const token = current && ATTEMPT_TOKEN.test(current) ? current : newToken();
  return {
    token,
    cookie: `${CHECKOUT_ATTEMPT_COOKIE}=${token}; Path=/; Max-Age=${CHECKOUT_GRANT_WINDOW_SECONDS * 24}; HttpOnly; Secure; SameSite=Lax`,
  };
}

/**
 * Uses the checkout's one grant: true only for the browser holding the attempt cookie, once,
 * and within the window after payment. One conditional UPDATE makes it race-safe.
 */
async function claimBrowserGrant(
  db: Db,
  sessionId: string,
  attemptToken: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!attemptToken || !ATTEMPT_TOKEN.test(attemptToken)) return false;
  return claimSessionGrant(db, sessionId, hashToken(attemptToken), {
    now,
    paidAfter: new Date(now.getTime() - CHECKOUT_GRANT_WINDOW_SECONDS * 1000),
  });
}

/** The order confirmation as anyone may see it: no name, no e-mail address. */
function withoutPersonalData(view: OrderView): OrderView {
  return { ...view, customerName: '', customerEmail: '', access: 'public' };
}

/**
 * What a browser sees of a settled order, and the session cookie it gets: the paying browser
 * (attempt cookie, first lookup, within the window) is granted the order; a browser already
 * signed in to it sees it; anyone else sees it without personal data. A paying browser that
 * is signed in as the client of the address it typed joins the order to that client.
 */
export async function orderForBrowser(
  db: Db,
  req: Request,
  found: OrderWithItems,
): Promise<{ view: OrderView; setCookie: string | null }> {
  const access = await readClientAccess(db, req);
  let order: Order = found.order;
  let setCookie: string | null = null;
  const attemptToken = readCookie(req.headers.get('cookie'), CHECKOUT_ATTEMPT_COOKIE);
  if (
    isSettled(order.status) &&
    (await claimBrowserGrant(db, order.checkoutSessionId, attemptToken))
  ) {
    const signedInAs = actingClientId(access);
    const client = signedInAs ? await findClient(db, signedInAs) : null;
    if (client && order.clientId === null) {
      order = (await joinOrderToSignedInClient(db, order.id, client)) ?? order;
    }
    setCookie = await grantOrderToBrowser(db, access, order);
    return { view: orderView({ order, items: found.items }), setCookie };
  }
  const view = orderView({ order, items: found.items });
  return { view: canSeeOrder(access, order) ? view : withoutPersonalData(view), setCookie };
}

/**
 * The provider's idempotency key for one checkout attempt of one browser: the attempt id the
 * browser keeps across retries, bound to its attempt cookie and to the exact priced cart, so a
 * double click or a retried request makes one session and a changed cart a new one. Without an
 * attempt id (older clients) every request is its own checkout.
 */
function idempotencyKey(
  attemptToken: string,
  attemptId: string | undefined,
  lines: readonly { id: string; billingCycle: string; quantity: number; unitAmountCents: number }[],
  successUrl: string,
  cancelUrl: string,
): string {
  if (!attemptId) return `checkout-${randomUUID()}`;
  const cart = lines.map((l) => `${l.id}:${l.billingCycle}:${l.quantity}:${l.unitAmountCents}`);
  const digest = createHash('sha256')
    .update([attemptToken, attemptId, cart.join('|'), successUrl, cancelUrl].join('\n'))
    .digest('base64url');
  return `checkout-${digest}`;
}

/**
 * POST /api/create-checkout-session: validates and prices the cart from the catalogue,
 * creates the provider session, records it with the browser's attempt, and answers the
 * payment page URL.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  body: unknown,
  origins: readonly string[],
  attemptToken: string,
  options: { customerId?: string | null } = {},
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
    idempotencyKey: idempotencyKey(
      attemptToken,
      input.attempt_id,
      cart.lines,
      successUrl,
      cancelUrl,
    ),
    customerId: options.customerId ?? undefined,
  });
  // A retry of the same attempt gets the same session back; it is stored once.
  await insertCheckoutSession(db, {
    id: created.id,
    provider: provider.name,
    mode: cart.mode,
    lines: cart.lines,
    amountTotalCents: cart.amountTotalCents,
    successUrl,
    cancelUrl,
    attemptHash: hashToken(attemptToken),
  });
  return { url: created.url, sessionId: created.id };
}

/**
 * Success-page lookups per visitor: the page asks once, then every few seconds while a payment
 * is pending; a loop beyond this gets 429 with Retry-After (the page waits and asks again).
 */
export const CHECKOUT_LOOKUP_RATE_LIMIT: RateLimit = { limit: 60, windowSeconds: 60 };

/**
 * GET /api/checkout-session/{id}: the spec's session shape (amounts in cents, items as a
 * JSON string) plus the order. A paid session is fulfilled here too, so the success page
 * never depends on the webhook having arrived first. Personal data and the session cookie
 * go only to the browser that paid (`orderForBrowser`).
 */
export async function lookupCheckoutSession(
  req: Request,
  sessionId: string,
  options: FulfilOptions & { db: Db; ip: string; rateLimit?: RateLimit | false },
): Promise<{ view: CheckoutSessionView; setCookie: string | null } | null> {
  if (options.rateLimit !== false) {
    await enforce(
      options.db,
      `checkout-lookup:${options.ip || 'unknown'}`,
      options.rateLimit ?? CHECKOUT_LOOKUP_RATE_LIMIT,
    );
  }
  const result = await fulfillCheckout(sessionId, { ...options, orderFirst: true });
  if (result.state === 'not_found') return null;
  const { session, provider } = result;
  const browser =
    result.state === 'fulfilled' ? await orderForBrowser(options.db, req, result) : null;
  const order = browser?.view ?? null;
  const paymentStatus =
    order && isSettled(order.status) ? 'paid' : (provider?.paymentStatus ?? 'unpaid');
  const personal = order?.access === 'buyer';
  const view: CheckoutSessionView = {
    session: {
      id: session.id,
      status: order ? 'complete' : (provider?.status ?? 'open'),
      payment_status: paymentStatus,
      mode: session.mode,
      amount_total: provider?.amountTotalCents ?? session.amountTotalCents,
      currency: session.currency,
      customer_details: {
        name: personal ? (provider?.customerName ?? session.customerName) : null,
        email: personal ? (provider?.customerEmail ?? session.customerEmail) : null,
      },
      metadata: { items: JSON.stringify(metadataItems(session.lines)) },
      payment_intent: result.state === 'fulfilled' ? result.order.stripePaymentIntentId : null,
    },
    order,
  };
  return { view, setCookie: browser?.setCookie ?? null };
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

export { findSimulatedSession };

export { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE };

/**
 * The simulated payment page's session: found, missing (a bad or foreign link), or
 * unavailable (the database cannot be reached; the page then explains it with a 503).
 */
export async function loadSimulatedPayment(
  id: string,
): Promise<
  { state: 'found'; session: CheckoutSession } | { state: 'missing' } | { state: 'unavailable' }
> {
  if (!id || id.length > 200) return { state: 'missing' };
  try {
    const session = await findSimulatedSession(await getDb(), id);
    return session ? { state: 'found', session } : { state: 'missing' };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error('Database unavailable', (error as Error).message);
    return { state: 'unavailable' };
  }
}

export function successRedirect(session: CheckoutSession): string {
  return session.successUrl.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(session.id));
}

/**
 * Runs one button of the simulated payment page and answers where the browser goes next:
 * Pay → the success URL (after the same fulfilment as the webhook), Decline → back to the
 * payment page in its declined state, Cancel → the cancel URL.
 */
export async function runSimulatedAction(
  db: Db,
  action: SimulatedAction,
  context?: FunctionContext,
): Promise<string> {
  const session = await findSimulatedSession(db, action.session);
  if (!session) throw new HttpError(404, 'Unknown test payment session');
  const payPage = `/pay/simulated?session=${encodeURIComponent(session.id)}`;

  if (action.action === 'cancel') {
    await settleOpenSimulatedSession(db, session.id, { status: 'canceled' });
    return session.cancelUrl;
  }

  if (action.action === 'decline') {
    await settleOpenSimulatedSession(db, session.id, { status: 'declined' });
    return payPage;
  }

  if (session.status === 'open') {
    await settleOpenSimulatedSession(db, session.id, {
      status: 'complete',
      completedAt: new Date(),
      customerName: action.name,
      customerEmail: action.email.toLowerCase(),
      paymentIntentId: simulatedId('pi'),
    });
  } else if (session.status !== 'complete') {
    // Declined, canceled or expired sessions cannot be paid any more.
    return payPage;
  }
  const result = await fulfillCheckout(session.id, { db, context });
  const order = result.state === 'fulfilled' ? result.order : null;
  if (order?.stripeSubscriptionId) {
    // What Stripe would report next: the subscription and its first paid invoice.
    await startSimulatedSubscription(db, {
      subscriptionId: order.stripeSubscriptionId,
      sessionId: session.id,
      paymentIntentId: order.stripePaymentIntentId,
      lines: session.lines,
      amountTotalCents: session.amountTotalCents,
      plan: planLabel(session.lines),
      now: order.paidAt ?? new Date(),
    });
  }
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
