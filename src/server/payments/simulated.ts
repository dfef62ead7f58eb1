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
    const complete = row.status === 'complete';
    return {
      id: row.id,
      status: complete
        ? 'complete'
        : row.status === 'canceled' || row.status === 'expired'
          ? 'expired'
          : 'open',
      paymentStatus: complete ? 'paid' : 'unpaid',
      customerEmail: row.customerEmail,
      customerName: row.customerName,
      paymentIntentId: row.paymentIntentId,
      subscriptionId:
        complete && row.mode === 'subscription' ? simulatedSubscriptionId(row.id) : null,
      customerId: null,
      amountTotalCents: row.amountTotalCents,
    };
  }
}
