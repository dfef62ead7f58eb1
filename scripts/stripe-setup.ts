/**
 * `npm run stripe:setup`: brings the Stripe account of STRIPE_SECRET_KEY in line with the site:
 * one Product per catalogue item and one Price per billing cycle (found by lookup key; a Price
 * whose amount, interval or tax behaviour drifted is replaced), then the Billing Portal
 * configuration "Manage billing" uses, for SITE_URL, with the monthly↔yearly switch. Safe to run
 * again: what matches is left alone and printed as unchanged.
 *
 * `npm run stripe:setup -- --check` changes nothing and exits 1 when anything differs.
 * It reads only the Stripe and site variables (no session secret needed).
 */
import { stripeCatalogue } from '../src/features/catalogue/catalogue.server.ts';
import {
  switchablePlans,
  syncCatalogue,
  type CatalogueChange,
} from '../src/server/payments/catalogue-sync.ts';
import { ensurePortalConfiguration } from '../src/server/payments/portal-configuration.ts';
import { createStripeClient } from '../src/server/payments/stripe.ts';
import { loadLocalEnv } from '../src/server/local-env.ts';

loadLocalEnv();
const check = process.argv.includes('--check');
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

const catalogue = stripeCatalogue();
const { changes, priceIds } = await syncCatalogue(stripe, catalogue, { check });
const line = (c: CatalogueChange) =>
  `  ${c.kind} ${c.key}: ${c.action}${c.id && c.id !== c.key ? ` ${c.id}` : ''}${
    c.detail ? ` (${c.detail})` : ''
  }`;
for (const change of changes.filter((c) => c.action !== 'unchanged')) console.log(line(change));
const counted = (kind: CatalogueChange['kind']) => {
  const ofKind = changes.filter((c) => c.kind === kind);
  const actions = [...new Set(ofKind.map((c) => c.action))];
  return actions.map((a) => `${ofKind.filter((c) => c.action === a).length} ${a}`).join(', ');
};
console.log(
  `stripe:setup: catalogue products: ${counted('product')}; prices: ${counted('price')}.`,
);

const portal = await ensurePortalConfiguration(
  stripe,
  siteUrl,
  switchablePlans(catalogue, priceIds),
  { check },
);
console.log(
  `stripe:setup: Billing Portal configuration ${portal.id ?? '(none)'} ${portal.action} for ${siteUrl}${
    portal.differences?.length ? ` (${portal.differences.join(', ')})` : ''
  }.`,
);

if (check) {
  const problems = changes.filter((c) => c.action === 'missing' || c.action === 'drifted');
  if (problems.length || portal.action !== 'unchanged') {
    console.error(
      'stripe:setup --check: Stripe differs from the catalogue; run `npm run stripe:setup` with the same key.',
    );
    process.exit(1);
  }
  console.log('stripe:setup --check: Stripe matches the catalogue.');
} else if (portal.id && STRIPE_PORTAL_CONFIGURATION !== portal.id) {
  console.log(`Set STRIPE_PORTAL_CONFIGURATION=${portal.id} in the site's environment.`);
}
