import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StandIn } from '../../testing/stripe-stand-in';
import { ensurePortalConfiguration } from './portal-configuration';
import { createStripeClient } from './stripe';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

describe('the Billing Portal configuration (npm run stripe:setup)', () => {
  it('is created once with cancel at period end, invoices, card updates and the legal pages, then updated in place', async () => {
    const stripe = await createStripeClient({
      stripeSecretKey: 'sk_test_standin',
      stripeApiHost: standIn.url,
    });
    const first = await ensurePortalConfiguration(stripe as never, 'https://shop.example');
    expect(first.created).toBe(true);
    const again = await ensurePortalConfiguration(stripe as never, 'https://shop.example');
    expect(again).toEqual({ id: first.id, created: false });
    expect(standIn.portalConfigurations.size).toBe(1);
    expect(standIn.portalConfigurations.get(first.id)).toMatchObject({
      'features[subscription_cancel][enabled]': 'true',
      'features[subscription_cancel][mode]': 'at_period_end',
      'features[payment_method_update][enabled]': 'true',
      'features[invoice_history][enabled]': 'true',
      'features[customer_update][enabled]': 'true',
      'business_profile[privacy_policy_url]': 'https://shop.example/privacy-policy',
      'business_profile[terms_of_service_url]': 'https://shop.example/terms-of-service',
      default_return_url: 'https://shop.example/dashboard',
      'metadata[managed_by]': 'novareach-storefront',
    });
  });
});
