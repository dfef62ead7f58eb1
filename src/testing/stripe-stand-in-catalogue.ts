/**
 * The stand-in's catalogue endpoints (tests only): Products, Prices by lookup key and the Billing
 * Portal configurations, kept in memory and answered in the shape of Stripe's own objects
 * (stripe-shapes.ts checks every answer). Stripe's rules that `npm run stripe:setup` relies on
 * are kept: Prices never change their amount, a lookup key belongs to one Price and moves only
 * with `transfer_lookup_key`, a custom Product id is taken once.
 */
export type Answer = {
  status: number;
  body: unknown;
  /** Optional fields Stripe sends in this answer only (an endpoint's secret at creation). */
  sends?: string[];
};
export type StandInRequest = {
  method: string;
  path: string;
  form: Record<string, string>;
  /** The form as Stripe reads it: brackets as nested objects, numbered ones as lists. */
  params: Record<string, unknown>;
};

export type CatalogueState = {
  products: Map<string, Record<string, unknown>>;
  prices: Map<string, Record<string, unknown>>;
  portalConfigurations: Map<string, Record<string, unknown>>;
  webhookEndpoints: Map<string, Record<string, unknown>>;
  nextId(prefix: string): string;
};

/** Flat bracket keys (`a[b][0]=x`) as nested objects and lists; `true`/`false` as booleans. */
export function nestedForm(form: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(form)) {
    const parts = key.replace(/\]/g, '').split('[');
    const value = raw === 'true' ? true : raw === 'false' ? false : raw;
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const lists = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value);
    if (entries.length && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => lists(v));
    return Object.fromEntries(entries.map(([k, v]) => [k, lists(v)]));
  };
  return lists(root) as Record<string, unknown>;
}

export function stripeError(
  status: number,
  message: string,
  extra: { type?: string; code?: string; param?: string } = {},
): Answer {
  return { status, body: { error: { type: 'invalid_request_error', message, ...extra } } };
}

const now = () => Math.floor(Date.now() / 1000);
const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
export const textMap = (value: unknown) =>
  Object.fromEntries(
    Object.entries((value as Record<string, unknown> | undefined) ?? {}).map(([k, v]) => [
      k,
      String(v),
    ]),
  );
/** Stripe's metadata update: keys merge, an empty value removes one. */
export const mergeMetadata = (current: unknown, update: unknown) =>
  Object.fromEntries(
    Object.entries({ ...textMap(current), ...textMap(update) }).filter(([, v]) => v !== ''),
  );

function productRoutes(state: CatalogueState, req: StandInRequest): Answer | undefined {
  const { method, path, params } = req;
  if (method === 'GET' && path === '/v1/products') {
    const ids = asList(params.ids);
    const data = [...state.products.values()].filter(
      (p) => !ids.length || ids.includes(String(p.id)),
    );
    return { status: 200, body: list('/v1/products', data.slice(0, Number(params.limit ?? 10))) };
  }
  if (method === 'POST' && path === '/v1/products') {
    const id = typeof params.id === 'string' ? params.id : state.nextId('prod');
    if (state.products.has(id))
      return stripeError(400, 'Product already exists.', { code: 'resource_already_exists' });
    if (typeof params.name !== 'string') return stripeError(400, 'Missing required param: name.');
    const product = {
      id,
      object: 'product',
      active: true,
      created: now(),
      default_price: null,
      description: typeof params.description === 'string' ? params.description : null,
      livemode: false,
      metadata: textMap(params.metadata),
      name: params.name,
      tax_code: typeof params.tax_code === 'string' ? params.tax_code : null,
      updated: now(),
    };
    state.products.set(id, product);
    return { status: 200, body: product };
  }
  const match = /^\/v1\/products\/([^/]+)$/.exec(path);
  const product = match ? state.products.get(decodeURIComponent(match[1]!)) : undefined;
  if (method === 'POST' && match) {
    if (!product)
      return stripeError(404, `No such product: '${match[1]}'`, { code: 'resource_missing' });
    for (const field of ['name', 'description', 'tax_code', 'active'] as const)
      if (params[field] !== undefined) product[field] = params[field];
    if (params.metadata !== undefined)
      product.metadata = mergeMetadata(product.metadata, params.metadata);
    product.updated = now();
    return { status: 200, body: product };
  }
  return undefined;
}

function priceRoutes(state: CatalogueState, req: StandInRequest): Answer | undefined {
  const { method, path, params } = req;
  if (method === 'GET' && path === '/v1/prices') {
    const keys = asList(params.lookup_keys);
    if (keys.length > 10)
      return stripeError(400, 'You may only specify up to 10 lookup_keys.', {
        param: 'lookup_keys',
      });
    const data = [...state.prices.values()].filter(
      (p) =>
        (!keys.length || keys.includes(String(p.lookup_key))) &&
        (params.active === undefined || p.active === params.active),
    );
    return { status: 200, body: list('/v1/prices', data.slice(0, Number(params.limit ?? 10))) };
  }
  const holder = (key: unknown) =>
    typeof key === 'string'
      ? [...state.prices.values()].find((p) => p.lookup_key === key)
      : undefined;
  if (method === 'POST' && path === '/v1/prices') {
    if (!state.products.has(String(params.product)))
      return stripeError(400, `No such product: '${String(params.product)}'`, {
        code: 'resource_missing',
        param: 'product',
      });
    const taken = holder(params.lookup_key);
    if (taken && params.transfer_lookup_key !== true)
      return stripeError(400, `A price (\`${String(taken.id)}\`) already uses that lookup key.`, {
        param: 'lookup_key',
      });
    if (taken) taken.lookup_key = null;
    const recurring = params.recurring as { interval?: string } | undefined;
    const price = {
      id: state.nextId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: String(params.currency),
      livemode: false,
      lookup_key: typeof params.lookup_key === 'string' ? params.lookup_key : null,
      metadata: textMap(params.metadata),
      nickname: typeof params.nickname === 'string' ? params.nickname : null,
      product: String(params.product),
      recurring: recurring?.interval
        ? {
            interval: recurring.interval,
            interval_count: 1,
            meter: null,
            usage_type: 'licensed',
            trial_period_days: null,
          }
        : null,
      tax_behavior: typeof params.tax_behavior === 'string' ? params.tax_behavior : 'unspecified',
      type: recurring?.interval ? 'recurring' : 'one_time',
      unit_amount: Number(params.unit_amount),
      unit_amount_decimal: String(params.unit_amount),
    };
    state.prices.set(price.id, price);
    return { status: 200, body: price };
  }
  const match = /^\/v1\/prices\/([^/]+)$/.exec(path);
  if (method === 'POST' && match) {
    const price = state.prices.get(decodeURIComponent(match[1]!));
    if (!price)
      return stripeError(404, `No such price: '${match[1]}'`, { code: 'resource_missing' });
    // What Stripe lets change on a Price; an amount is not among it.
    for (const field of Object.keys(params).filter((k) => k !== 'expand'))
      if (
        ![
          'active',
          'nickname',
          'metadata',
          'lookup_key',
          'transfer_lookup_key',
          'tax_behavior',
        ].includes(field)
      )
        return stripeError(400, `Received unknown parameter: ${field}`, { param: field });
    if (params.lookup_key !== undefined) {
      const taken = holder(params.lookup_key);
      if (taken && taken !== price && params.transfer_lookup_key !== true)
        return stripeError(400, `A price (\`${String(taken.id)}\`) already uses that lookup key.`, {
          param: 'lookup_key',
        });
      if (taken) taken.lookup_key = null;
      price.lookup_key = params.lookup_key;
    }
    for (const field of ['active', 'nickname'] as const)
      if (params[field] !== undefined) price[field] = params[field];
    if (params.metadata !== undefined)
      price.metadata = mergeMetadata(price.metadata, params.metadata);
    return { status: 200, body: price };
  }
  return undefined;
}

/** A configuration as Stripe answers it: switchable products only when the request expands them. */
function configurationAnswer(configuration: Record<string, unknown>, expand: string[]) {
  const features = configuration.features as Record<string, Record<string, unknown>>;
  const { products, ...update } = features.subscription_update ?? {};
  const expanded = expand.some((e) => e.endsWith('features.subscription_update.products'));
  return {
    ...configuration,
    features: {
      ...features,
      subscription_update: {
        default_allowed_updates: [],
        proration_behavior: 'none',
        ...update,
        ...(expanded ? { products: products ?? [] } : {}),
      },
    },
  };
}

/** Stripe's update of a configuration: the objects given merge, their lists replace. */
function merged(current: unknown, update: unknown): unknown {
  if (!update || typeof update !== 'object' || Array.isArray(update)) return update;
  const base = current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(update)) out[k] = merged(base[k], v);
  return out;
}

function portalRoutes(state: CatalogueState, req: StandInRequest): Answer | undefined {
  const { method, path, params } = req;
  const expand = asList(params.expand);
  const fields = Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'expand'));
  if (method === 'GET' && path === '/v1/billing_portal/configurations') {
    const data = [...state.portalConfigurations.values()].map((c) =>
      configurationAnswer(c, expand),
    );
    return { status: 200, body: list('/v1/billing_portal/configurations', data) };
  }
  if (method === 'POST' && path === '/v1/billing_portal/configurations') {
    const configuration = {
      id: state.nextId('bpc'),
      object: 'billing_portal.configuration',
      active: true,
      application: null,
      created: now(),
      default_return_url: null,
      is_default: false,
      livemode: false,
      login_page: { enabled: false, url: null },
      metadata: {},
      name: null,
      updated: now(),
      ...fields,
    };
    state.portalConfigurations.set(configuration.id, configuration);
    return { status: 200, body: configurationAnswer(configuration, expand) };
  }
  const match = /^\/v1\/billing_portal\/configurations\/([^/]+)$/.exec(path);
  const configuration = match
    ? state.portalConfigurations.get(decodeURIComponent(match[1]!))
    : undefined;
  if (method === 'POST' && configuration) {
    Object.assign(configuration, merged(configuration, fields), { updated: now() });
    return { status: 200, body: configurationAnswer(configuration, expand) };
  }
  return undefined;
}

export function catalogueRoutes(state: CatalogueState, req: StandInRequest): Answer | undefined {
  return productRoutes(state, req) ?? priceRoutes(state, req) ?? portalRoutes(state, req);
}
