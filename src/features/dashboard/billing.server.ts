// With simulated payments there is no Stripe customer: the dashboard explains that instead.
import type Stripe from 'stripe';
import type { Db } from '../../server/db/client.ts';
import { readEnv, type ServerEnv } from '../../server/env.ts';
import { HttpError } from '../../server/responses.ts';
import { createStripeClient } from '../../server/payments/stripe.ts';
import { findClient } from '../clients/clients.server.ts';

export const BILLING_SIMULATED =
  'Payments are simulated in this environment, so there is no Stripe billing account to manage.';

type PortalClient = {
  billingPortal: {
    sessions: {
      create(params: Stripe.BillingPortal.SessionCreateParams): Promise<{ url: string }>;
    };
  };
};

export async function billingPortalUrl(
  db: Db,
  clientId: number,
  options: { env?: ServerEnv; stripe?: PortalClient } = {},
): Promise<string> {
  const env = options.env ?? readEnv();
  const client = await findClient(db, clientId);
  if (!client) throw new HttpError(401, 'Please sign in to manage billing.');
  if (!options.stripe && (env.simulatedPayments || !env.stripeSecretKey))
    throw new HttpError(409, BILLING_SIMULATED);
  if (!client.stripeCustomerId)
    throw new HttpError(409, 'There is no subscription billing for this account yet.');
  const stripe: PortalClient = options.stripe ?? (await createStripeClient(env));
  const params: Stripe.BillingPortal.SessionCreateParams = {
    customer: client.stripeCustomerId,
    return_url: new URL('/dashboard', env.siteUrl).toString(),
  };
  // The configuration `npm run stripe:setup` keeps (cancel at period end, plan switch, ...).
  if (env.stripePortalConfiguration) params.configuration = env.stripePortalConfiguration;
  const session = await stripe.billingPortal.sessions.create(params);
  return session.url;
}
