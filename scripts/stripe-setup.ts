/**
 * `npm run stripe:setup`: creates or updates the Billing Portal configuration "Manage billing"
 * uses (src/server/payments/portal-configuration.ts) on the account of STRIPE_SECRET_KEY, for
 * SITE_URL, and prints the variable to set. Safe to run again: it updates its own configuration.
 * It reads only the Stripe and site variables (no session secret needed).
 */
import { ensurePortalConfiguration } from '../src/server/payments/portal-configuration.ts';
import { createStripeClient } from '../src/server/payments/stripe.ts';
import { loadLocalEnv } from '../src/server/local-env.ts';

loadLocalEnv();
const { STRIPE_SECRET_KEY, STRIPE_API_HOST, STRIPE_PORTAL_CONFIGURATION } = process.env;
const siteUrl = process.env.SITE_URL || process.env.URL || 'http://localhost:4321';
if (!STRIPE_SECRET_KEY) {
  console.error('stripe:setup: set STRIPE_SECRET_KEY (a test key first: sk_test_...).');
  process.exit(1);
}
const stripe = await createStripeClient({
  stripeSecretKey: STRIPE_SECRET_KEY,
  stripeApiHost: STRIPE_API_HOST || undefined,
});
const { id, created } = await ensurePortalConfiguration(stripe as never, siteUrl);
console.log(
  `stripe:setup: Billing Portal configuration ${id} ${created ? 'created' : 'updated'} for ${siteUrl}.`,
);
if (STRIPE_PORTAL_CONFIGURATION !== id) {
  console.log(`Set STRIPE_PORTAL_CONFIGURATION=${id} in the site's environment.`);
}
