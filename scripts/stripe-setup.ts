// Safe to run again: what matches is left alone, and only objects it made (metadata.managed_by)
// are ever changed. `--check` changes nothing and exits 1 when anything differs.
import { stripeCatalogue } from '../src/features/catalogue/catalogue.server.ts';
import {
  switchablePlans,
  syncCatalogue,
  type CatalogueChange,
} from '../src/server/payments/catalogue-sync.ts';
import { ensurePortalConfiguration } from '../src/server/payments/portal-configuration.ts';
import { createStripeClient } from '../src/server/payments/stripe.ts';
import {
  ensureWebhookEndpoint,
  webhookEndpointUrl,
} from '../src/server/payments/webhook-endpoint.ts';
import { onThisMachine } from '../src/server/env.ts';
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

// Stripe delivers only to a public address; locally, `stripe listen` forwards the events.
const webhook = onThisMachine(siteUrl)
  ? null
  : await ensureWebhookEndpoint(stripe, siteUrl, { check });
if (!webhook)
  console.log(
    `stripe:setup: no webhook endpoint for ${siteUrl} (Stripe cannot reach this machine; set SITE_URL to the site's public address, or run \`stripe listen --forward-to ${webhookEndpointUrl(siteUrl)}\`).`,
  );
else {
  console.log(
    `stripe:setup: webhook endpoint ${webhook.id ?? '(none)'} ${webhook.action} for ${webhook.url}${
      webhook.differences?.length ? ` (${webhook.differences.join(', ')})` : ''
    }.`,
  );
  if (webhook.previous)
    console.log(
      `  The previous endpoint ${webhook.previous} is disabled: Stripe cannot change an endpoint's API version. Delete it in the Dashboard once the new secret is live.`,
    );
  for (const other of webhook.others)
    console.log(
      `  Endpoint ${other} (not made by stripe:setup) also sends to this URL: left alone; delete it in the Dashboard (Developers → Webhooks) once STRIPE_WEBHOOK_SECRET is this endpoint's, or its deliveries fail the signature check.`,
    );
}

if (check) {
  const problems = changes.filter((c) => c.action === 'missing' || c.action === 'drifted');
  const webhookDrift = webhook && webhook.action !== 'unchanged';
  if (problems.length || portal.action !== 'unchanged' || webhookDrift) {
    console.error(
      'stripe:setup --check: Stripe differs from the site; run `npm run stripe:setup` with the same key and SITE_URL.',
    );
    process.exit(1);
  }
  console.log('stripe:setup --check: Stripe matches the site.');
} else {
  const variables: string[] = [];
  if (portal.id && STRIPE_PORTAL_CONFIGURATION !== portal.id)
    variables.push(`STRIPE_PORTAL_CONFIGURATION=${portal.id}`);
  if (webhook?.secret) variables.push(`STRIPE_WEBHOOK_SECRET=${webhook.secret}`);
  if (variables.length) {
    console.log(
      "Set in the site's environment (Netlify: Functions scope, this key's deploy context), then redeploy:",
    );
    for (const variable of variables) console.log(`  ${variable}`);
  }
  if (webhook?.secret)
    console.log(
      '  Stripe shows this signing secret through the API only now (the Dashboard can reveal it later: Developers → Webhooks → the endpoint).',
    );
  else if (webhook)
    console.log(
      `STRIPE_WEBHOOK_SECRET stays the signing secret of ${webhook.id ?? 'the endpoint'} set when it was created.`,
    );
}
