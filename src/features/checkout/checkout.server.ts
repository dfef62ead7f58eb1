import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/client.ts';
import type { CheckoutSession, Order } from '../../server/db/schema.ts';
import { HttpError } from '../../server/responses.ts';
import type { PaymentProvider, ProviderSession } from '../../server/payments/index.ts';
import { enforce, type RateLimit } from '../../server/rate-limit.ts';
import { hashToken } from '../../server/tokens.ts';
import { isSettled, metadataItems, type CheckoutSessionView } from '../orders/orders';
import {
  CheckoutError,
  createCheckoutSessionSchema,
  isAllowedRedirect,
  priceCart,
  withCanceledFlag,
  withSessionIdPlaceholder,
} from './checkout';
import { orderForBrowser } from './checkout-attempt.server.ts';
import { insertCheckoutSession } from './checkout-sessions.server.ts';
import { countStep } from '../insights/insights.server.ts';
import { fulfillCheckout, type FulfilOptions } from './fulfilment.server.ts';

export {
  CHECKOUT_ATTEMPT_COOKIE,
  CHECKOUT_GRANT_WINDOW_SECONDS,
  checkoutAttempt,
  orderForBrowser,
} from './checkout-attempt.server.ts';
export { fulfillCheckout } from './fulfilment.server.ts';
export { sweepCheckouts } from './checkout-sweep.server.ts';
export {
  loadSimulatedPayment,
  PROMOTION_CODE_ERRORS,
  recoverSimulatedCheckout,
  runSimulatedAction,
  simulatedRecoveryUrl,
  successRedirect,
} from './simulated-payments.server.ts';
export { expireCheckout } from './checkout-expiry.server.ts';
export {
  handleStripeEvent,
  MAX_WEBHOOK_BYTES,
  verifyStripeEvent,
} from './stripe-webhook.server.ts';
export { simulatedActionSchema } from './checkout';
export { expiredSessionsByWeek } from './checkout-sessions.server.ts';
export { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE } from '../../server/db/unavailable.ts';

export function allowedOrigins(req: Request, siteUrl: string): string[] {
  return [...new Set([new URL(req.url).origin, new URL(siteUrl).origin])];
}

export function pricedCart(items: Parameters<typeof priceCart>[0]) {
  try {
    return priceCart(items);
  } catch (error) {
    if (error instanceof CheckoutError) throw new HttpError(400, error.message);
    throw error;
  }
}

// The attempt id kept across retries, bound to the attempt cookie and the exact priced cart: a
// double click makes one session, a changed cart a new one.
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

export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  body: unknown,
  origins: readonly string[],
  attemptToken: string,
  options: { customerId?: string | null; visitor?: Request } = {},
): Promise<{ url: string; sessionId: string }> {
  const input = createCheckoutSessionSchema.parse(body);
  for (const [field, url] of [
    ['success_url', input.success_url],
    ['cancel_url', input.cancel_url],
  ] as const) {
    if (!isAllowedRedirect(url, origins))
      throw new HttpError(400, `${field} must be a URL on this site`);
  }
  const cart = pricedCart(input.items);
  const cancelUrl = withCanceledFlag(input.cancel_url);
  const key = idempotencyKey(
    attemptToken,
    input.attempt_id,
    cart.lines,
    withSessionIdPlaceholder(input.success_url),
    cancelUrl,
  );
  // From the key, so a retried attempt sends Stripe the very same parameters.
  const successRef = createHash('sha256')
    .update(`success-ref\n${key}`)
    .digest('base64url')
    .slice(0, 32);
  const successUrl = withSessionIdPlaceholder(input.success_url, successRef);
  const created = await provider.createCheckout({
    lines: cart.lines,
    mode: cart.mode,
    amountTotalCents: cart.amountTotalCents,
    successUrl,
    cancelUrl,
    idempotencyKey: key,
    customerId: options.customerId ?? undefined,
  });
  const stored = await insertCheckoutSession(db, {
    id: created.id,
    provider: provider.name,
    mode: cart.mode,
    lines: cart.lines,
    amountTotalCents: cart.amountTotalCents,
    successUrl,
    successRef,
    cancelUrl,
    attemptHash: hashToken(attemptToken),
  });
  if (stored) await countStep(db, 'checkouts', options.visitor);
  return { url: created.url, sessionId: created.id };
}

// The page asks every few seconds while a payment is pending; a loop beyond this gets a 429.
const CHECKOUT_LOOKUP_RATE_LIMIT: RateLimit = { limit: 60, windowSeconds: 60 };

// Reads from Stripe spend the account's API quota: only while a session has no order yet.
export const STRIPE_READS_PER_VISITOR: RateLimit = { limit: 20, windowSeconds: 10 * 60 };

type SessionAmounts = Pick<
  CheckoutSessionView['session'],
  'amount_subtotal' | 'total_details' | 'amount_total' | 'currency'
>;

// The order's amounts once it exists, else the provider's, else the cart's price (as Stripe's
// session before the buyer's address); a part nobody knows is null.
function sessionAmounts(
  order: Order | null,
  provider: ProviderSession | null,
  session: CheckoutSession,
): SessionAmounts {
  if (order) {
    const known = order.discountCents !== null && order.taxCents !== null;
    return {
      amount_subtotal: order.subtotalCents,
      total_details: known
        ? { amount_discount: order.discountCents!, amount_tax: order.taxCents! }
        : null,
      amount_total: order.amount,
      currency: order.currency,
    };
  }
  const charge = provider?.charge;
  if (charge) {
    return {
      amount_subtotal: charge.subtotalCents,
      total_details: { amount_discount: charge.discountCents, amount_tax: charge.taxCents },
      amount_total: charge.totalCents,
      currency: charge.currency,
    };
  }
  const total = provider?.amountTotalCents ?? session.amountTotalCents;
  const asPriced = total === session.amountTotalCents;
  return {
    amount_subtotal: asPriced ? session.amountTotalCents : null,
    total_details: asPriced ? { amount_discount: 0, amount_tax: 0 } : null,
    amount_total: total,
    currency: session.currency,
  };
}

// A paid session is fulfilled here too, so the success page never waits for the webhook. An id
// never stored is asked of the provider only when `successRef` names our expired checkout.
export async function lookupCheckoutSession(
  req: Request,
  sessionId: string,
  options: FulfilOptions & { db: Db; ip: string; rateLimit?: RateLimit | false },
): Promise<{ view: CheckoutSessionView; setCookie: string | null } | null> {
  const visitor = options.ip || 'unknown';
  if (options.rateLimit !== false) {
    await enforce(
      options.db,
      `checkout-lookup:${visitor}`,
      options.rateLimit ?? CHECKOUT_LOOKUP_RATE_LIMIT,
    );
  }
  const result = await fulfillCheckout(sessionId, {
    ...options,
    orderFirst: true,
    beforeProviderRead: async (provider) => {
      if (provider === 'stripe' && options.rateLimit !== false)
        await enforce(options.db, `checkout-stripe-read:${visitor}`, STRIPE_READS_PER_VISITOR);
    },
  });
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
      ...sessionAmounts(result.state === 'fulfilled' ? result.order : null, provider, session),
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
