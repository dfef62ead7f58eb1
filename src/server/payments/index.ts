/** Picks the payment provider for the environment: Stripe with a secret key, else simulated. */
import { readEnv, type ServerEnv } from '../env.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { SimulatedProvider } from './simulated.ts';
import { StripeProvider } from './stripe.ts';

export type {
  CreateCheckoutInput,
  CreatedCheckout,
  PaymentProvider,
  ProviderName,
  ProviderSession,
  StoredCheckout,
} from './provider.ts';

/** The provider new checkouts use. */
export function getPaymentProvider(env: ServerEnv = readEnv()): PaymentProvider {
  if (env.stripeSecretKey) return new StripeProvider(env);
  if (!env.simulatedPayments) throw new Error('No payment provider is configured');
  return new SimulatedProvider();
}

/** The provider that owns an existing session (a simulated session stays simulated). */
export function providerNamed(name: ProviderName, env: ServerEnv = readEnv()): PaymentProvider {
  if (name === 'simulated') return new SimulatedProvider();
  return new StripeProvider(env);
}
