import {
  mergeMetadata,
  stripeError,
  textMap,
  type Answer,
  type CatalogueState,
  type StandInRequest,
} from './stripe-stand-in-catalogue.ts';

const now = () => Math.floor(Date.now() / 1000);
const CREATE_PARAMS = [
  'url',
  'enabled_events',
  'api_version',
  'description',
  'metadata',
  'connect',
];
/** Stripe cannot change an endpoint's API version: `api_version` is no update parameter. */
const UPDATE_PARAMS = ['url', 'enabled_events', 'description', 'metadata', 'disabled'];
const EVENT_TYPE = /^(\*|[a-z_]+(\.[a-z_]+)+)$/;
const API_VERSION = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/;

function refusal(params: Record<string, unknown>, allowed: string[]): Answer | undefined {
  const unknown = Object.keys(params).find((k) => k !== 'expand' && !allowed.includes(k));
  if (unknown)
    return stripeError(400, `Received unknown parameter: ${unknown}`, { param: unknown });
  const events = params.enabled_events;
  if (events !== undefined) {
    if (!Array.isArray(events) || !events.length)
      return stripeError(400, 'Missing required param: enabled_events.', {
        param: 'enabled_events',
      });
    const invalid = events.find((e) => typeof e !== 'string' || !EVENT_TYPE.test(e));
    if (invalid !== undefined)
      return stripeError(400, `Invalid enabled_events: ${String(invalid)}`, {
        param: 'enabled_events',
      });
  }
  if (params.url !== undefined && !/^https:\/\//.test(String(params.url)))
    return stripeError(400, 'Invalid URL: must be an https URL', { param: 'url' });
  if (params.api_version !== undefined && !API_VERSION.test(String(params.api_version)))
    return stripeError(400, `Invalid api_version: ${String(params.api_version)}`, {
      param: 'api_version',
    });
  return undefined;
}

/**
 * The stand-in's webhook endpoints (tests only), in the shape of Stripe's own: created with
 * their secret (answered that once), listed newest first, updated, never given another API
 * version after creation, as Stripe refuses it.
 */
export function webhookRoutes(state: CatalogueState, req: StandInRequest): Answer | undefined {
  const { method, path, params } = req;
  const endpoints = state.webhookEndpoints;
  if (method === 'GET' && path === '/v1/webhook_endpoints') {
    // Newest first, as Stripe lists them.
    const all = [...endpoints.values()].reverse();
    const after = all.findIndex((e) => e.id === params.starting_after);
    const rest = all.slice(after + 1);
    const limit = Number(params.limit ?? 10);
    return {
      status: 200,
      body: {
        object: 'list',
        data: rest.slice(0, limit),
        has_more: rest.length > limit,
        url: '/v1/webhook_endpoints',
      },
    };
  }
  if (method === 'POST' && path === '/v1/webhook_endpoints') {
    if (typeof params.url !== 'string') return stripeError(400, 'Missing required param: url.');
    if (params.enabled_events === undefined)
      return stripeError(400, 'Missing required param: enabled_events.');
    const refused = refusal(params, CREATE_PARAMS);
    if (refused) return refused;
    const endpoint = {
      id: state.nextId('we'),
      object: 'webhook_endpoint',
      api_version: typeof params.api_version === 'string' ? params.api_version : null,
      application: null,
      created: now(),
      description: typeof params.description === 'string' ? params.description : null,
      enabled_events: (params.enabled_events as unknown[]).map(String),
      livemode: false,
      metadata: textMap(params.metadata),
      status: 'enabled',
      url: params.url,
    };
    endpoints.set(endpoint.id, endpoint);
    const secret = `whsec_test_${endpoint.id}`;
    return { status: 200, body: { ...endpoint, secret }, sends: ['secret'] };
  }
  const match = /^\/v1\/webhook_endpoints\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  const endpoint = endpoints.get(decodeURIComponent(match[1]!));
  if (!endpoint)
    return stripeError(404, `No such webhook endpoint: '${match[1]}'`, {
      code: 'resource_missing',
    });
  if (method === 'GET') return { status: 200, body: endpoint };
  if (method !== 'POST') return undefined;
  const refused = refusal(params, UPDATE_PARAMS);
  if (refused) return refused;
  if (typeof params.url === 'string') endpoint.url = params.url;
  if (Array.isArray(params.enabled_events))
    endpoint.enabled_events = params.enabled_events.map(String);
  if (typeof params.description === 'string') endpoint.description = params.description;
  if (typeof params.disabled === 'boolean')
    endpoint.status = params.disabled ? 'disabled' : 'enabled';
  if (params.metadata !== undefined)
    endpoint.metadata = mergeMetadata(endpoint.metadata, params.metadata);
  return { status: 200, body: endpoint };
}
