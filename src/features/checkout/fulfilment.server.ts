// The ONE way an order comes from a payment (webhook, success page, simulated Pay, sweep): ONE
// transaction records the order, client and e-mail and completes the session, so a fault leaves
// all or none and whichever path runs next finishes it.
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
  | { state: 'unpaid'; session: CheckoutSession; provider: ProviderSession | null }
  | ({
      state: 'fulfilled';
      session: CheckoutSession;
      provider: ProviderSession | null;
      created: boolean;
    } & OrderWithItems);

export type FulfilOptions = {
  db?: Db;
  provider?: PaymentProvider;
  /** The session as a verified webhook delivered it; saves a round trip to the provider. */
  snapshot?: ProviderSession;
  paymentFailed?: boolean;
  now?: Date;
  /** The function's context: the confirmation e-mail is sent after the answer (waitUntil). */
  context?: FunctionContext | undefined;
  /** The buyer's own request, when it is one (not a webhook): the insights' traffic rules. */
  visitor?: Request | undefined;
  /** Once the order exists the provider is not asked again: anyone can repeat the lookup. */
  orderFirst?: boolean;
  /** Work that commits with a new order or not at all: runs inside its transaction. */
  withNewOrder?: (tx: Db, recorded: OrderWithItems) => Promise<void>;
  /** The success URL's `ref`: only it lets the provider be asked about a session never stored. */
  successRef?: string | null | undefined;
  beforeProviderRead?: (provider: PaymentProvider['name']) => Promise<unknown>;
};

/** A Stripe Checkout Session id (a recovery link's new session is one this site never stored). */
const STRIPE_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,190}$/;

// A session the provider opened from our expired one's recovery link is stored as a copy of it and
// fulfilled like any other. Without a webhook snapshot only a Stripe-shaped id whose success URL
// carries our expired checkout's ref is asked about: anyone else's id costs no provider read.
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

// A webhook's session lacks what only an expanded read gives (promotion code, tax rates, invoice);
// should Stripe not answer, the payload's amounts stand.
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

function targetStatus(provider: ProviderSession, paymentFailed: boolean) {
  if (paymentFailed) return 'failed' as const;
  return provider.paymentStatus === 'unpaid' ? ('pending' as const) : ('paid' as const);
}

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
