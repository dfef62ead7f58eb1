/**
 * The simulated provider (no STRIPE_SECRET_KEY, never in production). Its "hosted page" is
 * /pay/simulated on this site, and its state is the checkout_sessions row itself: the page's
 * Pay / Decline / Cancel actions update that row and then run the same fulfilment as the
 * Stripe webhook.
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  CreateCheckoutInput,
  CreatedCheckout,
  PaymentProvider,
  ProviderSession,
  StoredCheckout,
} from './provider.ts';

const SIMULATED_PAY_PATH = '/pay/simulated';

export function simulatedId(prefix: 'cs' | 'pi' | 'cus' | 'sub'): string {
  return `sim_${prefix}_${randomBytes(18).toString('base64url')}`;
}

/** The subscription a paid simulated checkout of subscription mode starts. */
function simulatedSubscriptionId(sessionId: string): string {
  return `sim_sub_${sessionId.slice(7)}`;
}

export class SimulatedProvider implements PaymentProvider {
  readonly name = 'simulated' as const;

  async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
    // Like Stripe, the same idempotency key answers the same session.
    const id = `sim_cs_${createHash('sha256').update(input.idempotencyKey).digest('base64url').slice(0, 24)}`;
    const url = new URL(SIMULATED_PAY_PATH, input.successUrl);
    url.searchParams.set('session', id);
    return { id, url: url.toString() };
  }

  async retrieveSession(row: StoredCheckout): Promise<ProviderSession | null> {
    if (row.provider !== 'simulated') return null;
    if (row.status === 'complete') return paidSession(row, row);
    return {
      ...paidSession(row, row),
      status: row.status === 'canceled' || row.status === 'expired' ? 'expired' : 'open',
      paymentStatus: 'unpaid',
      subscriptionId: null,
    };
  }
}

/**
 * The session as the provider reports it once `payer` has paid: what the payment page's Pay
 * hands to the fulfilment, which records it with the order in one transaction (so a session
 * is never complete without its order).
 */
export function simulatedPayment(
  row: StoredCheckout,
  payer: { customerName: string; customerEmail: string },
): ProviderSession {
  return paidSession(row, { ...payer, paymentIntentId: simulatedId('pi') });
}

function paidSession(
  row: StoredCheckout,
  payer: Pick<StoredCheckout, 'customerName' | 'customerEmail' | 'paymentIntentId'>,
): ProviderSession {
  return {
    id: row.id,
    status: 'complete',
    paymentStatus: 'paid',
    customerEmail: payer.customerEmail,
    customerName: payer.customerName,
    paymentIntentId: payer.paymentIntentId,
    subscriptionId: row.mode === 'subscription' ? simulatedSubscriptionId(row.id) : null,
    customerId: null,
    amountTotalCents: row.amountTotalCents,
  };
}
