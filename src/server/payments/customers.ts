// Deleting the Stripe customer also cancels its subscriptions there; Stripe keeps the charges
// themselves for its own legal duties.
import type { ServerEnv } from '../env.ts';
import { createStripeClient } from './stripe.ts';

export type CustomerEraser = {
  /** The provider no longer knows the customer (erased before, or never made). */
  eraseCustomer(customerId: string): Promise<'deleted' | 'missing'>;
};

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

export async function customerEraserFor(
  keys: Pick<ServerEnv, 'stripeSecretKey' | 'stripeApiHost'>,
): Promise<CustomerEraser | undefined> {
  if (!keys.stripeSecretKey) return undefined;
  return stripeCustomerEraser(await createStripeClient(keys));
}
