// Cancels at the end of the paid period, never at once: a canceled plan runs until the date the
// dashboard shows.
import type Stripe from 'stripe';
import { siteSettings } from '../../lib/site-settings.ts';

// Nothing else is ever changed.
export const MANAGED_BY = 'novareach-storefront';
// Stripe sends a configuration's switchable products only when asked to.
const EXPAND_PRODUCTS = 'data.features.subscription_update.products';

export type SwitchablePlan = { product: string; prices: string[] };

export function portalConfigurationParams(
  siteUrl: string,
  plans: readonly SwitchablePlan[],
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
      subscription_update: plans.length
        ? {
            enabled: true,
            default_allowed_updates: ['price'],
            proration_behavior: 'create_prorations',
            products: plans.map(({ product, prices }) => ({ product, prices: [...prices] })),
          }
        : { enabled: false },
    },
    metadata: { managed_by: MANAGED_BY },
  };
}

export function portalDifferences(wanted: unknown, actual: unknown, at = ''): string[] {
  if (Array.isArray(wanted)) {
    if (!Array.isArray(actual) || actual.length !== wanted.length) return [at];
    const key = (v: unknown) => JSON.stringify(v);
    const sorted = (list: unknown[]) =>
      [...list].sort((a, b) => key(a).localeCompare(key(b), 'en'));
    if (wanted.every((v) => typeof v !== 'object'))
      return key(sorted(wanted)) === key(sorted(actual)) ? [] : [at];
    const productOf = (v: unknown) => key((v as { product?: unknown } | null)?.product);
    const byProduct = (list: unknown[]) =>
      [...list].sort((a, b) => productOf(a).localeCompare(productOf(b), 'en'));
    const [w, a] = [byProduct(wanted), byProduct(actual)];
    return w.flatMap((v, i) =>
      portalDifferences(v, a[i], `${at}[${String((v as { product?: unknown }).product ?? i)}]`),
    );
  }
  if (wanted && typeof wanted === 'object') {
    if (!actual || typeof actual !== 'object') return [at];
    return Object.entries(wanted).flatMap(([k, v]) =>
      portalDifferences(v, (actual as Record<string, unknown>)[k], at ? `${at}.${k}` : k),
    );
  }
  return wanted === actual ? [] : [at];
}

export type PortalOutcome = {
  id: string | null;
  action: 'created' | 'updated' | 'unchanged' | 'missing' | 'drifted';
  differences?: string[];
};

export async function ensurePortalConfiguration(
  stripe: Pick<Stripe, 'billingPortal'>,
  siteUrl: string,
  plans: readonly SwitchablePlan[],
  { check = false }: { check?: boolean } = {},
): Promise<PortalOutcome> {
  const params = portalConfigurationParams(siteUrl, plans);
  let startingAfter: string | undefined;
  for (;;) {
    const list: Stripe.BillingPortal.ConfigurationListParams = {
      limit: 100,
      expand: [EXPAND_PRODUCTS],
    };
    if (startingAfter) list.starting_after = startingAfter;
    const page = await stripe.billingPortal.configurations.list(list);
    const ours = page.data.find((c) => c.metadata?.managed_by === MANAGED_BY);
    if (ours) {
      const differences = portalDifferences(params, ours);
      if (!differences.length) return { id: ours.id, action: 'unchanged' };
      if (check) return { id: ours.id, action: 'drifted', differences };
      const { id } = await stripe.billingPortal.configurations.update(ours.id, params);
      return { id, action: 'updated', differences };
    }
    if (!page.has_more || !page.data.length) break;
    startingAfter = page.data.at(-1)!.id;
  }
  if (check) return { id: null, action: 'missing' };
  const { id } = await stripe.billingPortal.configurations.create(params);
  return { id, action: 'created' };
}
