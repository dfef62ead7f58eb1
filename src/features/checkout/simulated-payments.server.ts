// Settles the checkout as Stripe would, through the webhook's fulfilment. Local runs and tests
// only: the function is a 404 when payments are real.
import { getDb, type Db } from '../../server/db/client.ts';
import { isDatabaseUnavailable } from '../../server/db/unavailable.ts';
import type { CheckoutSession, Order } from '../../server/db/schema.ts';
import type { FunctionContext } from '../../server/handler.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/responses.ts';
import { planLabel, type ChargeBreakdown } from '../../server/payments/provider.ts';
import {
  simulatedCharge,
  simulatedId,
  simulatedPayment,
  simulatedPromotion,
} from '../../server/payments/simulated.ts';
import type { PercentPromotion } from '../../lib/charge.ts';
import { z } from '../../lib/zod.ts';
import { knownBreakdown, orderCharge } from '../orders/orders';
import { promotionCodeUsedBy } from '../orders/orders.server.ts';
import { startSimulatedSubscription } from '../subscriptions/subscriptions.server.ts';
import { SESSION_ID_PLACEHOLDER, type SimulatedAction } from './checkout';
import { expireCheckout } from './checkout-expiry.server.ts';
import {
  findSimulatedSession,
  insertRecoveredSession,
  rememberSimulatedPayer,
  sessionsRecoveredFrom,
  setSimulatedPromotionCode,
  settleOpenSimulatedSession,
} from './checkout-sessions.server.ts';
import { fulfillCheckout } from './fulfilment.server.ts';
import { logError } from '../../server/log.ts';

export async function loadSimulatedPayment(id: string): Promise<
  | {
      state: 'found';
      session: CheckoutSession;
      paidElsewhere: CheckoutSession | null;
      charge: ChargeBreakdown;
      promotion: PercentPromotion | null;
      taxRatePercent: number;
    }
  | { state: 'missing' }
  | { state: 'unavailable' }
> {
  if (!id || id.length > 200) return { state: 'missing' };
  try {
    const db = await getDb();
    const session = await findSimulatedSession(db, id);
    const taxRatePercent = readEnv().simulatedTaxRatePercent;
    return session
      ? {
          state: 'found',
          session,
          paidElsewhere: await paidRecoveryOf(db, session),
          charge: simulatedCharge(session, taxRatePercent),
          promotion: session.promotionCode ? simulatedPromotion(session.promotionCode) : null,
          taxRatePercent,
        }
      : { state: 'missing' };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logError('Database unavailable', error);
    return { state: 'unavailable' };
  }
}

/** Another paid session of this attempt (via its recovery link): a second payment is refused. */
async function paidRecoveryOf(db: Db, session: CheckoutSession): Promise<CheckoutSession | null> {
  const original = session.recoveredFrom ?? session.id;
  const recovered = await sessionsRecoveredFrom(db, original);
  return recovered.find((s) => s.status === 'complete' && s.id !== session.id) ?? null;
}

export function simulatedRecoveryUrl(origin: string, sessionId: string): string {
  const url = new URL('/api/checkout-recover', origin);
  url.searchParams.set('session', sessionId);
  return url.toString();
}

const EMAIL = z.email();

// The link stays usable until the attempt is paid: an open recovered session is reused; once one
// is paid, the link answers the expired session's page, which says so.
export async function recoverSimulatedCheckout(
  db: Db,
  id: string,
  now = new Date(),
): Promise<string> {
  const payPage = (sid: string) => `/pay/simulated?session=${encodeURIComponent(sid)}`;
  const expired = id && id.length <= 200 ? await findSimulatedSession(db, id) : null;
  if (!expired) throw new HttpError(404, 'Unknown test payment session');
  if (expired.status !== 'expired' || expired.recoveredFrom) return payPage(expired.id);
  const recovered = await sessionsRecoveredFrom(db, expired.id);
  if (recovered.some((s) => s.status === 'complete')) return payPage(expired.id);
  const open = recovered.find((s) => s.status === 'open');
  if (open) return payPage(open.id);
  const created = await insertRecoveredSession(db, expired, {
    id: simulatedId('cs'),
    customerEmail: expired.customerEmail,
    customerName: expired.customerName,
    promotionsConsent: expired.promotionsConsent,
    now,
  });
  return payPage(created?.id ?? expired.id);
}

export const PROMOTION_CODE_ERRORS = {
  invalid: 'code',
  /** The buyer's address already used the code; it was taken off the payment. */
  used: 'code_used',
} as const;

/** A typed code, echoed into the payment page's field: letters and digits only, as codes are. */
function echoedCode(typed: string): string {
  return /^[A-Za-z0-9]{1,100}$/.test(typed) ? typed : '';
}

function withCodeError(payPage: string, error: string, typed: string): string {
  const code = echoedCode(typed);
  return `${payPage}&error=${error}${code ? `&code=${encodeURIComponent(code)}` : ''}`;
}

async function applyPromotionCode(
  db: Db,
  session: CheckoutSession,
  typed: string,
  payPage: string,
): Promise<string> {
  if (session.status !== 'open' || !typed) return payPage;
  const promotion = simulatedPromotion(typed);
  if (!promotion) return withCodeError(payPage, PROMOTION_CODE_ERRORS.invalid, typed);
  if (
    session.customerEmail &&
    (await promotionCodeUsedBy(db, session.customerEmail, promotion.code))
  )
    return withCodeError(payPage, PROMOTION_CODE_ERRORS.invalid, typed);
  await setSimulatedPromotionCode(db, session.id, promotion.code);
  return payPage;
}

export function successRedirect(session: CheckoutSession): string {
  return session.successUrl.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(session.id));
}

// Pay: the payment, the order and a plan's subscription commit together; a fault throws, and the
// buyer can press Pay again.
export async function runSimulatedAction(
  db: Db,
  action: SimulatedAction,
  context?: FunctionContext,
  {
    origin = readEnv().siteUrl,
    taxRatePercent = readEnv().simulatedTaxRatePercent,
    visitor,
  }: { origin?: string; taxRatePercent?: number; visitor?: Request } = {},
): Promise<string> {
  const session = await findSimulatedSession(db, action.session);
  if (!session) throw new HttpError(404, 'Unknown test payment session');
  const payPage = `/pay/simulated?session=${encodeURIComponent(session.id)}`;

  if (action.action === 'apply') return applyPromotionCode(db, session, action.code ?? '', payPage);

  if (action.action === 'remove_code') {
    await setSimulatedPromotionCode(db, session.id, null);
    return payPage;
  }

  if (action.action === 'cancel') {
    await settleOpenSimulatedSession(db, session.id, { status: 'canceled' });
    return session.cancelUrl;
  }

  if (action.action === 'decline') {
    await settleOpenSimulatedSession(db, session.id, { status: 'declined' });
    return payPage;
  }

  if (action.action === 'expire') {
    if (session.status === 'open') {
      const email = action.email && EMAIL.safeParse(action.email).success ? action.email : null;
      await expireCheckout(
        db,
        {
          id: session.id,
          customerEmail: email,
          customerName: action.name || null,
          promotionsConsent: action.promotions ?? (email ? 'opt_out' : null),
          recoveryUrl: simulatedRecoveryUrl(origin, session.id),
          recoveredFrom: session.recoveredFrom,
        },
        { siteUrl: origin },
      );
    }
    return payPage;
  }

  // Declined, canceled or expired sessions cannot be paid any more, nor a second session of
  // an attempt already paid through its recovery link.
  if (session.status !== 'open' && session.status !== 'complete') return payPage;
  if (session.status === 'open' && (await paidRecoveryOf(db, session))) return payPage;
  const email = action.email.toLowerCase();
  // Once per address: the code comes off, and the buyer sees the new total before paying.
  if (
    session.status === 'open' &&
    session.promotionCode &&
    (await promotionCodeUsedBy(db, email, session.promotionCode))
  ) {
    await setSimulatedPromotionCode(db, session.id, null);
    await rememberSimulatedPayer(db, session.id, {
      customerName: action.name,
      customerEmail: email,
    });
    return withCodeError(payPage, PROMOTION_CODE_ERRORS.used, session.promotionCode);
  }
  const result = await fulfillCheckout(session.id, {
    db,
    context,
    visitor,
    // A complete session was paid before (an answer that never arrived): the provider's
    // record says so, and the fulfilment finds or finishes its order.
    ...(session.status === 'open'
      ? {
          snapshot: simulatedPayment(
            session,
            { customerName: action.name, customerEmail: email },
            taxRatePercent,
          ),
        }
      : {}),
    withNewOrder: (tx, { order }) => startSubscriptionOf(tx, order, session),
  });
  return result.state === 'fulfilled' ? successRedirect(session) : payPage;
}

async function startSubscriptionOf(tx: Db, order: Order, session: CheckoutSession) {
  if (!order.stripeSubscriptionId) return;
  await startSimulatedSubscription(tx, {
    subscriptionId: order.stripeSubscriptionId,
    sessionId: session.id,
    paymentIntentId: order.stripePaymentIntentId,
    lines: session.lines,
    amountTotalCents: order.amount,
    charge: knownBreakdown(orderCharge(order)),
    plan: planLabel(session.lines),
    now: order.paidAt ?? new Date(),
  });
}
