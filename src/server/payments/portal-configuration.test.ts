import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeCatalogue } from '../../features/catalogue/catalogue.server';
import { startStripeStandIn, type StandIn } from '../../testing/stripe-stand-in';
import { switchablePlans, syncCatalogue } from './catalogue-sync';
import { ensurePortalConfiguration, portalDifferences } from './portal-configuration';
import { createStripeClient } from './stripe';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

const posts = () => standIn.requests.filter((r) => r.method === 'POST');

describe('the Billing Portal configuration (npm run stripe:setup)', () => {
  it('is created once with cancel at period end, invoices, card updates, the legal pages and the monthly↔yearly switch, then left alone', async () => {
    const stripe = await createStripeClient({
      stripeSecretKey: 'sk_test_standin',
      stripeApiHost: standIn.url,
    });
    const catalogue = stripeCatalogue();
    const { priceIds } = await syncCatalogue(stripe, catalogue);
    const plans = switchablePlans(catalogue, priceIds);
    expect(plans.map((p) => p.product)).toEqual([
      'catalogue_lily-starter',
      'catalogue_lily-growth',
      'catalogue_lily-enterprise',
    ]);
    expect(plans[0]!.prices).toEqual([
      priceIds.get('catalogue:lily-starter:monthly'),
      priceIds.get('catalogue:lily-starter:yearly'),
    ]);

    standIn.requests.length = 0;
    const first = await ensurePortalConfiguration(stripe, 'https://shop.example', plans);
    expect(first.action).toBe('created');
    expect(posts().at(-1)!.form).toMatchObject({
      'features[subscription_cancel][enabled]': 'true',
      'features[subscription_cancel][mode]': 'at_period_end',
      'features[payment_method_update][enabled]': 'true',
      'features[invoice_history][enabled]': 'true',
      'features[customer_update][enabled]': 'true',
      'features[subscription_update][enabled]': 'true',
      'features[subscription_update][default_allowed_updates][0]': 'price',
      'features[subscription_update][proration_behavior]': 'create_prorations',
      'features[subscription_update][products][0][product]': 'catalogue_lily-starter',
      'features[subscription_update][products][0][prices][0]': plans[0]!.prices[0],
      'features[subscription_update][products][0][prices][1]': plans[0]!.prices[1],
      'business_profile[privacy_policy_url]': 'https://shop.example/privacy-policy',
      'business_profile[terms_of_service_url]': 'https://shop.example/terms-of-service',
      default_return_url: 'https://shop.example/dashboard',
      'metadata[managed_by]': 'novareach-storefront',
    });

    standIn.requests.length = 0;
    const again = await ensurePortalConfiguration(stripe, 'https://shop.example', plans);
    expect(again).toEqual({ id: first.id, action: 'unchanged' });
    expect(posts()).toEqual([]);
    expect(standIn.portalConfigurations.size).toBe(1);
    // Stripe sends the switchable products only when asked; the setup asks.
    expect(standIn.requests[0]!.form['expand[0]']).toBe(
      'data.features.subscription_update.products',
    );

    const moved = plans.map((p, i) => (i ? p : { ...p, prices: [p.prices[0]!, 'price_new'] }));
    const checked = await ensurePortalConfiguration(stripe, 'https://shop.example', moved, {
      check: true,
    });
    expect(checked).toMatchObject({
      action: 'drifted',
      differences: ['features.subscription_update.products[catalogue_lily-starter].prices'],
    });
    expect(posts()).toEqual([]);
    const updated = await ensurePortalConfiguration(stripe, 'https://shop.example', moved);
    expect(updated).toMatchObject({ id: first.id, action: 'updated' });
    expect(standIn.shapeProblems).toEqual([]);
  });

  it('reports a missing configuration under --check without creating one', async () => {
    const empty = await startStripeStandIn();
    try {
      const stripe = await createStripeClient({
        stripeSecretKey: 'sk_test_standin',
        stripeApiHost: empty.url,
      });
      expect(
        await ensurePortalConfiguration(stripe, 'https://shop.example', [], { check: true }),
      ).toEqual({ id: null, action: 'missing' });
      expect(empty.requests.filter((r) => r.method === 'POST')).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

describe('portalDifferences', () => {
  it('compares lists as sets and the switchable plans by product', () => {
    expect(portalDifferences({ a: ['x', 'y'] }, { a: ['y', 'x'], b: 1 })).toEqual([]);
    expect(
      portalDifferences(
        {
          p: [
            { product: 'b', prices: ['2'] },
            { product: 'a', prices: ['1'] },
          ],
        },
        {
          p: [
            { product: 'a', prices: ['1'], adjustable_quantity: {} },
            { product: 'b', prices: ['3'] },
          ],
        },
      ),
    ).toEqual(['p[b].prices']);
    expect(portalDifferences({ on: true }, { on: false })).toEqual(['on']);
  });
});
