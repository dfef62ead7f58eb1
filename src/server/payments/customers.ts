/**
 * A person's erasure at the payment provider: their Stripe customer (name, e-mail address,
 * billing address, saved cards) is deleted, which also cancels its subscriptions there. Stripe
 * keeps the charges themselves for its own legal duties; our orders keep their amounts.
 * Simulated payments have no customers anywhere, so there is nothing to erase.
 */
import type { ServerEnv } from '../env.ts';
import { createStripeClient } from './stripe.ts';

export type CustomerEraser = {
  /** `missing`: the provider no longer knows the customer (erased before, or never made). */
  eraseCustomer(customerId: string): Promise<'deleted' | 'missing'>;
};

/** The part of the Stripe SDK an erasure uses. */
type CustomersApi = { customers: { del(id: string): Promise<unknown> } };

export function stripeCustomerEraser(stripe: CustomersApi): CustomerEraser {
  return {
    async eraseCustomer(customerId) {
      try {
        await stripe.customers.del(customerId);
        return 'deleted';
      } catch (error) {
        const { type, statusCode } = error as { type?: unknown; statusCode?: unknown };
        if (type === 'StripeInvalidRequestError' && statusCode === 404) return 'missing';
        throw error;
      }
    },
  };
}

/** Stripe's eraser where a Stripe key is configured; none otherwise (simulated payments). */
export async function customerEraserFor(
  keys: Pick<ServerEnv, 'stripeSecretKey' | 'stripeApiHost'>,
): Promise<CustomerEraser | undefined> {
  if (!keys.stripeSecretKey) return undefined;
  return stripeCustomerEraser(await createStripeClient(keys));
}
