/**
 * Stripe webhook handling: signature verification on the raw body, then fulfilment for
 * the checkout events. Processed event ids are recorded; a redelivered event is answered
 * without new work, and fulfilment itself is idempotent for the races in between.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../server/db/client.ts';
import { webhookEvents } from '../../server/db/schema.ts';
import { assertStorableText, HttpError, type FunctionContext } from '../../server/http.ts';
import { fromStripeSession, loadStripe } from '../../server/payments/stripe.ts';
import { fulfillCheckout } from './fulfilment.server.ts';

/** Stripe's default: a signature older than five minutes is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Checkout events are a few KB; anything huge is not from Stripe. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
] as const;

/** Verifies the Stripe-Signature header against the exact bytes received. */
export async function verifyStripeEvent(
  rawBody: string,
  signature: string | null,
  secret: string | undefined,
): Promise<Stripe.Event> {
  if (!secret) throw new HttpError(400, 'Webhook signing secret is not configured');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header');
  const { webhooks } = await loadStripe();
  try {
    return webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new HttpError(400, 'Invalid webhook signature');
  }
}

export type WebhookOutcome = {
  received: true;
  duplicate?: true;
  ignored?: true;
  orderId?: number;
  status?: string;
};

/**
 * A signed body is still checked like any input: an event needs a text id and type, and no
 * text in it may be unstorable (NUL, lone surrogates), or it is a 400, never a 500 that
 * Stripe would retry for days.
 */
function assertUsableEvent(event: unknown): asserts event is Stripe.Event {
  const { id, type } = (event ?? {}) as { id?: unknown; type?: unknown };
  if (typeof id !== 'string' || !id || id.length > 255 || typeof type !== 'string' || !type)
    throw new HttpError(400, 'Not a Stripe event');
  assertStorableText(event);
}

export async function handleStripeEvent(
  db: Db,
  event: Stripe.Event,
  context?: FunctionContext,
): Promise<WebhookOutcome> {
  assertUsableEvent(event);
  const [seen] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
  if (seen) return { received: true, duplicate: true };

  let outcome: WebhookOutcome = { received: true, ignored: true };
  if ((HANDLED_EVENTS as readonly string[]).includes(event.type)) {
    const session = event.data?.object as Stripe.Checkout.Session | null | undefined;
    // Signed, so from Stripe (or from whoever holds the secret), yet not a session: refuse it.
    if (!session || typeof session.id !== 'string' || session.id.length > 200)
      throw new HttpError(400, 'Event carries no checkout session');
    const result = await fulfillCheckout(session.id, {
      db,
      snapshot: fromStripeSession(session),
      paymentFailed: event.type === 'checkout.session.async_payment_failed',
      context,
    });
    if (result.state === 'fulfilled') {
      outcome = { received: true, orderId: result.order.id, status: result.order.status };
    } else if (result.state === 'not_found') {
      // A session this site did not create (e.g. a Payment Link): acknowledge, do nothing.
      console.warn(`Stripe webhook ${event.id}: unknown checkout session ${session.id}`);
    }
  }
  // Recorded after the work, so a delivery that failed half-way is retried by Stripe.
  await db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return outcome;
}
