/**
 * Exactly-once fulfilment of checkout sessions.
 *
 * `fulfillCheckout(sessionId)` is the ONE way an order comes into existence from a payment.
 * The Stripe webhook, the success page lookup, the simulated provider's Pay button and the
 * scheduled sweep (checkout-sweep.server.ts) all call it. It asks the provider for the
 * session's state and, in ONE transaction, records the order with its items, its client and
 * its confirmation e-mail (idempotent and race-safe in the orders feature) and marks the
 * session complete: a fault at any point leaves either all of it or none, and whichever path
 * runs next finishes it. The e-mail is sent after the answer.
 */
import { countStep } from '../insights/insights.server.ts';
import { getDb, type Db } from '../../server/db/client.ts';
import type { CheckoutSession } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import type { FunctionContext } from '../../server/handler.ts';
import { HttpError } from '../../server/responses.ts';
import { deliverInBackground } from '../../server/mail/delivery.ts';
import {
  providerNamed,
  unstoredSession,
  type PaymentProvider,
  type ProviderSession,
} from '../../server/payments/index.ts';
import {
  findOrderBySession,
  recordCheckoutOrder,
  type OrderWithItems,
} from '../orders/orders.server.ts';
import { withdrawRemindersOnPayment } from '../recovery/recovery.server.ts';
import {
  findCheckoutSession,
  findExpiredSessionByRef,
  insertRecoveredSession,
  markSessionComplete,
} from './checkout-sessions.server.ts';
import { logError } from '../../server/log.ts';

export type FulfilmentResult =
  | { state: 'not_found' }
  /** The provider has not completed the session (open, declined, canceled or expired). */
  | { state: 'unpaid'; session: CheckoutSession; provider: ProviderSession | null }
  | ({
      state: 'fulfilled';
      session: CheckoutSession;
      provider: ProviderSession | null;
      /** This call created the order (false for every repeat). */
      created: boolean;
    } & OrderWithItems);

export type FulfilOptions = {
  db?: Db;
  /** Overrides the provider that owns the session (tests). */
  provider?: PaymentProvider;
  /** The session as a verified webhook delivered it; saves a round trip to the provider. */
  snapshot?: ProviderSession;
  /** checkout.session.async_payment_failed: the delayed payment did not go through. */
  paymentFailed?: boolean;
  now?: Date;
  /** The function's context: the confirmation e-mail is sent after the answer (waitUntil). */
  context?: FunctionContext | undefined;
  /** The buyer's own request, when it is one (not a webhook): the insights' traffic rules. */
  visitor?: Request | undefined;
  /**
   * The order, once it exists, is the answer: the provider is not asked again (the success
   * page's lookup, which anyone can repeat, must not spend the provider's read quota). Later
   * changes reach the order through the webhook.
   */
  orderFirst?: boolean;
  /**
   * Work that must commit with a new order or not at all (the simulated provider's first
   * subscription events): it runs inside the order's transaction.
   */
  withNewOrder?: (tx: Db, recorded: OrderWithItems) => Promise<void>;
  /**
   * The reference the success page's URL carries (checkout.ts SUCCESS_REF_PARAM): the only
   * thing that lets the provider be asked about a session this site never stored.
   */
  successRef?: string | null | undefined;
  /** Runs before each read from the provider (the success page's limit per visitor). */
  beforeProviderRead?: (provider: PaymentProvider['name']) => Promise<unknown>;
};

/** A Stripe Checkout Session id (a recovery link's new session is one this site never stored). */
const STRIPE_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,190}$/;

/**
 * A session this site did not create but the provider opened from an expired one's recovery
 * link (`recovered_from`): stored as a copy of the expired session (its lines, amounts and
 * browser), so it is fulfilled like any other, its order marked recovered. Without a webhook
 * snapshot (the success page, when it beats the webhook) the provider is asked only for an id
 * shaped like Stripe's whose success URL carries the reference of one of our expired checkouts,
 * and the session must be recovered from that one: anyone else's id costs no provider read.
 * Null for a session that is not a recovery of ours.
 */
async function adoptRecoveredSession(
  db: Db,
  sessionId: string,
  options: FulfilOptions,
  now: Date,
): Promise<{ session: CheckoutSession; reported: ProviderSession } | null> {
  let reported = options.snapshot;
  if (!reported) {
    const ref = options.successRef;
    if (!ref || !STRIPE_SESSION_ID.test(sessionId)) return null;
    if (!options.provider && !readEnv().stripeSecretKey) return null;
    if (!(await findExpiredSessionByRef(db, ref))) return null;
    const stripe = options.provider ?? providerNamed('stripe');
    if (stripe.name !== 'stripe') return null;
    await options.beforeProviderRead?.(stripe.name);
    reported = (await stripe.retrieveSession(unstoredSession(sessionId))) ?? undefined;
  }
  if (!reported?.recoveredFrom || reported.id !== sessionId) return null;
  const original = await findCheckoutSession(db, reported.recoveredFrom);
  if (!original) return null;
  if (!options.snapshot && original.successRef !== options.successRef) return null;
  const session = await insertRecoveredSession(db, original, {
    id: sessionId,
    customerEmail: reported.customerEmail?.toLowerCase() ?? null,
    customerName: reported.customerName,
    promotionsConsent: reported.promotionsConsent ?? null,
    now,
  });
  return session ? { session, reported } : null;
}

async function readFromProvider(session: CheckoutSession, options: FulfilOptions) {
  const provider = options.provider ?? providerNamed(session.provider);
  await options.beforeProviderRead?.(provider.name);
  return provider.retrieveSession(session);
}

/**
 * A webhook's session without what only an expanded read gives (a promotion code's text, the
 * tax rates, the invoice's number and links) is read once in full. Should Stripe not answer,
 * the payload's own amounts stand and that detail stays unknown.
 */
async function withFullCharge(
  session: CheckoutSession,
  reported: ProviderSession,
  options: FulfilOptions,
): Promise<ProviderSession> {
  if (!reported.chargeIncomplete || session.provider !== 'stripe') return reported;
  if (!options.provider && !readEnv().stripeSecretKey) return reported;
  try {
    const full = await readFromProvider(session, options);
    return full?.charge && full.charge.totalCents === reported.charge?.totalCents
      ? { ...reported, charge: full.charge, chargeIncomplete: false }
      : reported;
  } catch (error) {
    logError('Stripe session: its charge could not be read in full', error, {
      session: session.id,
    });
    return reported;
  }
}

/** Which status the order should have given the provider's answer. */
function targetStatus(provider: ProviderSession, paymentFailed: boolean) {
  if (paymentFailed) return 'failed' as const;
  return provider.paymentStatus === 'unpaid' ? ('pending' as const) : ('paid' as const);
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
  const stored = await findCheckoutSession(db, sessionId);
  const adopted = stored ? null : await adoptRecoveredSession(db, sessionId, options, now);
  const session = stored ?? adopted?.session;
  if (!session) return { state: 'not_found' };
  // The provider was asked about the recovered session already: its answer is the snapshot.
  if (adopted && !options.snapshot) options = { ...options, snapshot: adopted.reported };
  if (options.orderFirst) {
    const existing = await findOrderBySession(db, session.id);
    if (existing)
      return { state: 'fulfilled', session, provider: null, ...existing, created: false };
  }

  const reported = options.snapshot ?? (await readFromProvider(session, options));

  if (!reported || (reported.status !== 'complete' && !options.paymentFailed)) {
    // The order may already exist (e.g. created by the webhook before the session expired).
    const existing = await findOrderBySession(db, session.id);
    if (existing)
      return { state: 'fulfilled', session, provider: reported, ...existing, created: false };
    return { state: 'unpaid', session, provider: reported };
  }
  const provider = await withFullCharge(session, reported, options);

  const email = provider.customerEmail ?? session.customerEmail;
  // Stripe Checkout always collects an e-mail; a completion without one is not ours to fulfil.
  if (!email) throw new HttpError(400, 'The checkout session completed without a customer e-mail');
  const name = provider.customerName ?? session.customerName ?? '';
  const paymentIntentId =
    provider.paymentIntentId ??
    session.paymentIntentId ??
    provider.subscriptionId ??
    `no_pi_${session.id}`;

  const recorded = await db.transaction(async (tx) => {
    const result = await recordCheckoutOrder(tx, {
      checkoutSessionId: session.id,
      lines: session.lines,
      currency: session.currency,
      mode: session.mode,
      isTest: session.provider === 'simulated',
      status: targetStatus(provider, options.paymentFailed ?? false),
      // What the provider charged, never the catalogue's price once it said.
      amountCents:
        provider.charge?.totalCents ?? provider.amountTotalCents ?? session.amountTotalCents,
      charge: provider.charge ?? null,
      customerEmail: email,
      customerName: name,
      paymentIntentId,
      subscriptionId: provider.subscriptionId,
      customerId: provider.customerId,
      recoveredFrom: session.recoveredFrom,
      now,
    });
    if (result.created) {
      await markSessionComplete(tx, session.id, {
        completedAt: now,
        customerEmail: email,
        customerName: name,
        paymentIntentId,
      });
      // Paid before the reminder left: it is withdrawn (this attempt's, and any other of the
      // address still waiting), never sent after the purchase.
      await withdrawRemindersOnPayment(tx, {
        email,
        sessionIds: [session.id, ...(session.recoveredFrom ? [session.recoveredFrom] : [])],
        now,
      });
      await options.withNewOrder?.(tx, result);
    }
    return result;
  });

  // Off the request path: the answer (and Stripe's 2xx) does not wait for SMTP. The attempt
  // goes on through waitUntil; whatever is not sent stays queued for the outbox worker.
  if (recorded.confirmationEmailId !== null)
    void deliverInBackground(db, [recorded.confirmationEmailId], options.context);
  const { order, items, created } = recorded;
  if (created && order.status === 'paid') await countStep(db, 'payments', options.visitor);
  return { state: 'fulfilled', session, provider, order, items, created };
}
