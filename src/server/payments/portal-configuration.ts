/**
 * The Stripe Billing Portal configuration the site relies on ("Manage billing"): clients update
 * their card and details, see their invoices, and cancel at the end of the paid period (never
 * at once, so a canceled plan runs until the date the dashboard shows). `npm run stripe:setup`
 * creates it, or updates the one it made before (found by its metadata), against the account of
 * STRIPE_SECRET_KEY.
 */
import type Stripe from 'stripe';
import { siteSettings } from '../../lib/site-settings.ts';

const PORTAL_MANAGED_BY = 'novareach-storefront';

function portalConfigurationParams(
  siteUrl: string,
): Stripe.BillingPortal.ConfigurationCreateParams {
  const url = (path: string) => new URL(path, siteUrl).toString();
  return {
    business_profile: {
      headline: `${siteSettings.name}: manage your plan and invoices`,
      privacy_policy_url: url('/privacy-policy'),
      terms_of_service_url: url('/terms-of-service'),
    },
    default_return_url: url('/dashboard'),
    features: {
      customer_update: { enabled: true, allowed_updates: ['email', 'name', 'address', 'tax_id'] },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: {
        enabled: true,
        mode: 'at_period_end',
        cancellation_reason: {
          enabled: true,
          options: ['too_expensive', 'missing_features', 'switched_service', 'unused', 'other'],
        },
      },
    },
    metadata: { managed_by: PORTAL_MANAGED_BY },
  };
}

type PortalApi = {
  billingPortal: {
    configurations: {
      list(params: { limit: number; starting_after?: string }): Promise<{
        data: { id: string; metadata: Record<string, string> | null }[];
        has_more: boolean;
      }>;
      create(params: Stripe.BillingPortal.ConfigurationCreateParams): Promise<{ id: string }>;
      update(
        id: string,
        params: Stripe.BillingPortal.ConfigurationUpdateParams,
      ): Promise<{ id: string }>;
    };
  };
};

/** Creates the configuration, or brings the one made before up to date. Idempotent. */
export async function ensurePortalConfiguration(
  stripe: PortalApi,
  siteUrl: string,
): Promise<{ id: string; created: boolean }> {
  const params = portalConfigurationParams(siteUrl);
  let startingAfter: string | undefined;
  for (;;) {
    const page = await stripe.billingPortal.configurations.list({
      limit: 100,
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    });
    const ours = page.data.find((c) => c.metadata?.managed_by === PORTAL_MANAGED_BY);
    if (ours) {
      const { id } = await stripe.billingPortal.configurations.update(ours.id, params);
      return { id, created: false };
    }
    if (!page.has_more || !page.data.length) break;
    startingAfter = page.data.at(-1)!.id;
  }
  const { id } = await stripe.billingPortal.configurations.create(params);
  return { id, created: true };
}
