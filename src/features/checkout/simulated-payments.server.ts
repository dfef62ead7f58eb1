/**
 * The simulated payment provider's page (/pay/simulated): its session, and its Pay / Decline /
 * Cancel buttons, which settle the checkout as Stripe would and fulfil it through the same
 * code as the webhook (local runs and tests only: the function is a 404 when payments are real).
 */
import { getDb, type Db } from '../../server/db/client.ts';
import { isDatabaseUnavailable } from '../../server/db/unavailable.ts';
import type { CheckoutSession, Order } from '../../server/db/schema.ts';
import type { FunctionContext } from '../../server/handler.ts';
import { HttpError } from '../../server/responses.ts';
import { loggableError } from '../../server/loggable-error.ts';
import { planLabel } from '../../server/payments/provider.ts';
import { simulatedPayment } from '../../server/payments/simulated.ts';
import { startSimulatedSubscription } from '../subscriptions/subscriptions.server.ts';
import { SESSION_ID_PLACEHOLDER, type SimulatedAction } from './checkout';
import { findSimulatedSession, settleOpenSimulatedSession } from './checkout-sessions.server.ts';
import { fulfillCheckout } from './fulfilment.server.ts';

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
    console.error('Database unavailable', loggableError(error));
    return { state: 'unavailable' };
  }
}

export function successRedirect(session: CheckoutSession): string {
  return session.successUrl.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(session.id));
}

/**
 * Runs one button of the simulated payment page and answers where the browser goes next:
 * Pay → the success URL once the order is recorded (the payment, the order and, for a plan,
 * its subscription commit together; a fault throws, and the buyer can press Pay again),
 * Decline → back to the payment page in its declined state, Cancel → the cancel URL.
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

  // Declined, canceled or expired sessions cannot be paid any more.
  if (session.status !== 'open' && session.status !== 'complete') return payPage;
  const result = await fulfillCheckout(session.id, {
    db,
    context,
    // A complete session was paid before (an answer that never arrived): the provider's
    // record says so, and the fulfilment finds or finishes its order.
    ...(session.status === 'open'
      ? {
          snapshot: simulatedPayment(session, {
            customerName: action.name,
            customerEmail: action.email.toLowerCase(),
          }),
        }
      : {}),
    withNewOrder: (tx, { order }) => startSubscriptionOf(tx, order, session),
  });
  return result.state === 'fulfilled' ? successRedirect(session) : payPage;
}

/** What Stripe would report after a paid plan: the subscription and its first paid invoice. */
async function startSubscriptionOf(tx: Db, order: Order, session: CheckoutSession) {
  if (!order.stripeSubscriptionId) return;
  await startSimulatedSubscription(tx, {
    subscriptionId: order.stripeSubscriptionId,
    sessionId: session.id,
    paymentIntentId: order.stripePaymentIntentId,
    lines: session.lines,
    amountTotalCents: session.amountTotalCents,
    plan: planLabel(session.lines),
    now: order.paidAt ?? new Date(),
  });
}
