// Every handler is idempotent and order-independent. An unreadable event is acknowledged and
// logged, never a 5xx that Stripe would retry for days.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../server/db/client.ts';
import { webhookEvents } from '../../server/db/schema.ts';
import type { FunctionContext } from '../../server/handler.ts';
import { assertStorableText } from '../../server/request-body.ts';
import { HttpError } from '../../server/responses.ts';
import { readEnv } from '../../server/env.ts';
import { fromStripeSession, loadStripe, StripeProvider } from '../../server/payments/stripe.ts';
import { isHandledEvent, type HandledEvent } from '../../server/payments/webhook-events.ts';
import {
  alertDispute,
  applySubscriptionSnapshot,
  disputeFromStripe,
  invoiceFromStripe,
  invoicePaymentFromStripe,
  oneTimeInvoiceFromStripe,
  providerRefundFromStripe,
  recordInvoiceFailed,
  recordInvoicePaid,
  recordInvoicePayment,
  recordOneTimeInvoice,
  recordProviderRefund,
  recordRefund,
  refundFromStripe,
  subscriptionFromStripe,
  type BillingEvent,
} from '../subscriptions/subscriptions.server.ts';
import { expireCheckout } from './checkout-expiry.server.ts';
import { fulfillCheckout } from './fulfilment.server.ts';
import { logWarn } from '../../server/log.ts';

/** Stripe's default: a signature older than five minutes is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Checkout events are a few KB; anything huge is not from Stripe. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

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

type WebhookOutcome = {
  received: true;
  duplicate?: true;
  ignored?: true;
  stale?: true;
  orderId?: number;
  status?: string;
  reminder?: string;
};

// A signed body is still input: no text id and type, or unstorable text (NUL, lone surrogates),
// is a 400, never a 500 that Stripe would retry for days.
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

  const billing: BillingEvent = {
    eventAt: typeof event.created === 'number' ? new Date(event.created * 1000) : new Date(),
    provider: 'stripe',
    context,
    invoiceOfPayment: invoiceOfPaymentFromStripe,
  };
  const outcome = isHandledEvent(event.type)
    ? await EVENT_HANDLERS[event.type](db, event, billing)
    : IGNORED;
  // Recorded after the work, so a delivery that failed half-way is retried by Stripe.
  await db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return outcome;
}

const IGNORED: WebhookOutcome = { received: true, ignored: true };

async function invoiceOfPaymentFromStripe(paymentIntentId: string): Promise<string | null> {
  const env = readEnv();
  return env.stripeSecretKey ? new StripeProvider(env).invoiceOfPayment(paymentIntentId) : null;
}

function unreadable(event: Stripe.Event): WebhookOutcome {
  logWarn('Stripe webhook: an object this site cannot read', { event: event.id, type: event.type });
  return IGNORED;
}

type EventHandler = (db: Db, event: Stripe.Event, billing: BillingEvent) => Promise<WebhookOutcome>;

const completeCheckout: EventHandler = async (db, event, { context }) => {
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
  if (result.state === 'fulfilled')
    return { received: true, orderId: result.order.id, status: result.order.status };
  // A session this site did not create (e.g. a Payment Link): acknowledge, do nothing.
  if (result.state === 'not_found')
    logWarn('Stripe webhook: unknown checkout session', { event: event.id, session: session.id });
  return IGNORED;
};

const expireSession: EventHandler = async (db, event, billing) => {
  const object: unknown = event.data?.object;
  const id = (object as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || id.length > 200) return unreadable(event);
  // The session, its consent and recovery link as Stripe reports them; the reminder is
  // decided once per session (checkout_reminders), whichever event id carries the expiry.
  const expired = await expireCheckout(db, fromStripeSession(object as Stripe.Checkout.Session), {
    now: billing.eventAt,
  });
  if (expired.state === 'ignored') return IGNORED;
  return {
    received: true,
    status: 'expired',
    reminder: expired.reminder.queued ? 'queued' : expired.reminder.reason,
  };
};

const applySubscription: EventHandler = async (db, event, billing) => {
  const snapshot = subscriptionFromStripe(event.data?.object);
  if (!snapshot) return unreadable(event);
  const { applied, subscription } = await applySubscriptionSnapshot(db, snapshot, billing);
  return applied
    ? { received: true, status: subscription.status }
    : { received: true, stale: true, status: subscription.status };
};

const invoicePaid: EventHandler = async (db, event, billing) => {
  const object: unknown = event.data?.object;
  const invoice = invoiceFromStripe(object);
  if (!invoice) {
    const document = oneTimeInvoiceFromStripe(object);
    const order = document ? await recordOneTimeInvoice(db, document) : null;
    return order ? { received: true, orderId: order.id, status: 'invoiced' } : IGNORED;
  }
  await recordInvoicePaid(db, invoice, billing);
  return { received: true, status: 'paid' };
};

const invoiceFailed: EventHandler = async (db, event, billing) => {
  const invoice = invoiceFromStripe(event.data?.object);
  if (!invoice) return IGNORED;
  await recordInvoiceFailed(db, invoice, billing);
  return { received: true, status: 'failed' };
};

const chargeRefunded: EventHandler = async (db, event, billing) => {
  const refund = refundFromStripe(event.data?.object);
  if (!refund) return unreadable(event);
  const { target } = await recordRefund(db, refund, billing);
  return target ? { received: true, status: 'refunded' } : IGNORED;
};

const refundChanged: EventHandler = async (db, event, billing) => {
  const refund = providerRefundFromStripe(event.data?.object);
  if (!refund) return unreadable(event);
  const { target } = await recordProviderRefund(db, refund, billing);
  return target ? { received: true, status: `refund ${refund.status}` } : IGNORED;
};

const disputeOpened: EventHandler = async (db, event, billing) => {
  const dispute = disputeFromStripe(event.data?.object);
  if (!dispute) return unreadable(event);
  await alertDispute(db, dispute, billing);
  return { received: true, status: 'disputed' };
};

/** invoice_payment.paid: the payment intent a webhook's invoice no longer names. */
const recordPaymentOfInvoice: EventHandler = async (db, event) => {
  const payment = invoicePaymentFromStripe(event.data?.object);
  if (!payment) return IGNORED;
  const known = await recordInvoicePayment(db, payment);
  return known ? { received: true, status: 'payment recorded' } : IGNORED;
};

// HANDLED_EVENTS (webhook-events.ts) is what `npm run stripe:setup` subscribes to: a listed event
// without a handler, or a handler for an unlisted one, fails the type check.
const EVENT_HANDLERS: Record<HandledEvent, EventHandler> = {
  'checkout.session.completed': completeCheckout,
  'checkout.session.async_payment_succeeded': completeCheckout,
  'checkout.session.async_payment_failed': completeCheckout,
  'checkout.session.expired': expireSession,
  'customer.subscription.created': applySubscription,
  'customer.subscription.updated': applySubscription,
  'customer.subscription.deleted': applySubscription,
  'invoice.paid': invoicePaid,
  'invoice.payment_failed': invoiceFailed,
  'invoice_payment.paid': recordPaymentOfInvoice,
  'charge.refunded': chargeRefunded,
  'refund.created': refundChanged,
  'refund.updated': refundChanged,
  'refund.failed': refundChanged,
  'charge.dispute.created': disputeOpened,
};

/** The events the dispatch has a handler for (a test holds them to HANDLED_EVENTS). */
export const dispatchedEvents = (): string[] => Object.keys(EVENT_HANDLERS);
