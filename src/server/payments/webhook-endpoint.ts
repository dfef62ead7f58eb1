import type Stripe from 'stripe';
import { siteSettings } from '../../lib/site-settings.ts';
import { MANAGED_BY } from './portal-configuration.ts';
import { STRIPE_API_VERSION } from './stripe.ts';
import { HANDLED_EVENTS } from './webhook-events.ts';

export const WEBHOOK_PATH = '/api/stripe-webhook';

export function webhookEndpointUrl(siteUrl: string): string {
  return new URL(WEBHOOK_PATH, siteUrl).toString();
}

export function webhookEndpointParams(siteUrl: string): Stripe.WebhookEndpointCreateParams {
  return {
    url: webhookEndpointUrl(siteUrl),
    enabled_events: [...HANDLED_EVENTS],
    api_version: STRIPE_API_VERSION,
    description: `${siteSettings.name} storefront (npm run stripe:setup)`,
    metadata: { managed_by: MANAGED_BY },
  };
}

export function webhookDifferences(
  wanted: Stripe.WebhookEndpointCreateParams,
  endpoint: Pick<Stripe.WebhookEndpoint, 'url' | 'enabled_events' | 'api_version' | 'status'>,
): string[] {
  const differences: string[] = [];
  if (endpoint.url !== wanted.url) differences.push(`url ${endpoint.url} (site ${wanted.url})`);
  const has = new Set(endpoint.enabled_events);
  const wants = new Set<string>(wanted.enabled_events);
  for (const event of wants) if (!has.has(event)) differences.push(`missing event ${event}`);
  for (const event of has) if (!wants.has(event)) differences.push(`extra event ${event}`);
  if (endpoint.api_version !== wanted.api_version)
    differences.push(
      `api_version ${endpoint.api_version ?? "the account's default"} (site ${String(wanted.api_version)})`,
    );
  if (endpoint.status !== 'enabled') differences.push(`status ${endpoint.status}`);
  return differences;
}

export type WebhookOutcome = {
  id: string | null;
  url: string;
  action: 'created' | 'updated' | 'replaced' | 'unchanged' | 'missing' | 'drifted';
  differences?: string[];
  /** Stripe answers it only when an endpoint is created. */
  secret?: string;
  previous?: string;
  others: string[];
};

async function allEndpoints(
  stripe: Pick<Stripe, 'webhookEndpoints'>,
): Promise<Stripe.WebhookEndpoint[]> {
  const all: Stripe.WebhookEndpoint[] = [];
  for (;;) {
    const params: Stripe.WebhookEndpointListParams = { limit: 100 };
    const last = all.at(-1);
    if (last) params.starting_after = last.id;
    const page = await stripe.webhookEndpoints.list(params);
    all.push(...page.data);
    if (!page.has_more || !page.data.length) return all;
  }
}

// Stripe cannot change an endpoint's API version, so another version is a replacement: a new
// endpoint (a new secret), the old one disabled and unmarked.
export async function ensureWebhookEndpoint(
  stripe: Pick<Stripe, 'webhookEndpoints'>,
  siteUrl: string,
  { check = false }: { check?: boolean } = {},
): Promise<WebhookOutcome> {
  const wanted = webhookEndpointParams(siteUrl);
  const endpoints = await allEndpoints(stripe);
  const managed = endpoints.filter((e) => e.metadata?.managed_by === MANAGED_BY);
  const ours = managed.find((e) => e.url === wanted.url) ?? managed[0];
  const others = endpoints
    .filter((e) => e !== ours && e.url === wanted.url && !managed.includes(e))
    .map((e) => e.id);
  const base = { url: wanted.url, others };
  if (!ours) {
    if (check) return { ...base, id: null, action: 'missing' };
    const created = await stripe.webhookEndpoints.create(wanted);
    return { ...base, id: created.id, action: 'created', ...secretOf(created) };
  }
  const differences = webhookDifferences(wanted, ours);
  if (!differences.length) return { ...base, id: ours.id, action: 'unchanged' };
  if (check) return { ...base, id: ours.id, action: 'drifted', differences };
  if (ours.api_version !== wanted.api_version) {
    const created = await stripe.webhookEndpoints.create(wanted);
    const retire: Stripe.WebhookEndpointUpdateParams = {
      disabled: true,
      metadata: { managed_by: '', replaced_by: created.id },
    };
    await stripe.webhookEndpoints.update(ours.id, retire);
    return {
      ...base,
      id: created.id,
      action: 'replaced',
      differences,
      previous: ours.id,
      ...secretOf(created),
    };
  }
  const update: Stripe.WebhookEndpointUpdateParams = {
    url: wanted.url,
    enabled_events: wanted.enabled_events,
    disabled: false,
  };
  const { id } = await stripe.webhookEndpoints.update(ours.id, update);
  return { ...base, id, action: 'updated', differences };
}

const secretOf = (endpoint: Stripe.WebhookEndpoint) =>
  endpoint.secret ? { secret: endpoint.secret } : {};
