import { ConfigurationError, readEnv, type ServerEnv } from '../env.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { SimulatedProvider } from './simulated.ts';
import { StripeProvider } from './stripe.ts';

export { unstoredSession } from './stripe.ts';

export type {
  ChargeBreakdown,
  CreateCheckoutInput,
  CreatedCheckout,
  PaymentProvider,
  ProviderName,
  ProviderSession,
  StoredCheckout,
} from './provider.ts';

export function getPaymentProvider(env: ServerEnv = readEnv()): PaymentProvider {
  if (env.stripeSecretKey) return new StripeProvider(env);
  if (!env.simulatedPayments) {
    throw new ConfigurationError(
      ['STRIPE_SECRET_KEY'],
      'No payment provider: set STRIPE_SECRET_KEY, or SIMULATED_PAYMENTS=1 for simulated payments',
    );
  }
  return new SimulatedProvider(env.simulatedTaxRatePercent);
}

export function providerNamed(name: ProviderName, env: ServerEnv = readEnv()): PaymentProvider {
  if (name === 'simulated') return new SimulatedProvider(env.simulatedTaxRatePercent);
  return new StripeProvider(env);
}
