// Prices are immutable in Stripe: a drifted one is replaced (the new one takes the lookup key) and
// the old one deactivated; subscriptions on it keep it until they change plan.
import type Stripe from 'stripe';
import { formatCents } from '../../lib/money.ts';
import { CYCLE_NAMES } from './provider.ts';
import {
  CURRENCY,
  catalogueLookupKey,
  catalogueProductId,
  chargeDrift,
  priceLabelDrift,
  priceParams,
  productDrift,
  productParams,
  type CatalogueProduct,
} from './stripe-catalogue.ts';

export type CatalogueApi = Pick<Stripe, 'products' | 'prices'>;

export type CatalogueChange = {
  kind: 'product' | 'price';
  key: string;
  action: 'created' | 'updated' | 'replaced' | 'unchanged' | 'missing' | 'drifted';
  detail?: string;
  id?: string;
};

export type CatalogueSync = {
  changes: CatalogueChange[];
  priceIds: Map<string, string>;
};

/** Stripe answers at most 10 lookup keys per list request. */
const LOOKUP_KEYS_PER_REQUEST = 10;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function pricesByLookupKey(
  stripe: Pick<Stripe, 'prices'>,
  keys: readonly string[],
  params: Omit<Stripe.PriceListParams, 'lookup_keys' | 'limit'> = {},
): Promise<Map<string, Stripe.Price>> {
  const pages = await Promise.all(
    chunks(keys, LOOKUP_KEYS_PER_REQUEST).map((lookupKeys) =>
      stripe.prices.list({ ...params, lookup_keys: lookupKeys, limit: LOOKUP_KEYS_PER_REQUEST }),
    ),
  );
  return new Map(pages.flatMap((page) => page.data.map((p) => [p.lookup_key ?? '', p] as const)));
}

async function productsById(
  stripe: CatalogueApi,
  ids: readonly string[],
): Promise<Map<string, Stripe.Product>> {
  const pages = await Promise.all(
    chunks(ids, 100).map((chunk) => stripe.products.list({ ids: [...chunk], limit: 100 })),
  );
  return new Map(pages.flatMap((page) => page.data.map((p) => [p.id, p] as const)));
}

export async function syncCatalogue(
  stripe: CatalogueApi,
  catalogue: readonly CatalogueProduct[],
  { check = false }: { check?: boolean } = {},
): Promise<CatalogueSync> {
  const products = await productsById(
    stripe,
    catalogue.map((p) => catalogueProductId(p.catalogueId)),
  );
  const prices = await pricesByLookupKey(
    stripe,
    catalogue.flatMap((p) => p.prices.map((c) => catalogueLookupKey(p.catalogueId, c.cycle))),
  );
  const changes: CatalogueChange[] = [];
  const priceIds = new Map<string, string>();

  for (const product of catalogue) {
    const wanted = productParams(product);
    const key = wanted.id!;
    const found = products.get(key);
    if (!found) {
      if (check) changes.push({ kind: 'product', key, action: 'missing' });
      else {
        await stripe.products.create(wanted);
        changes.push({ kind: 'product', key, action: 'created', id: key });
      }
    } else {
      const drift = productDrift(found, wanted);
      if (!drift) changes.push({ kind: 'product', key, action: 'unchanged', id: found.id });
      else if (check)
        changes.push({ kind: 'product', key, action: 'drifted', detail: drift.fields.join(', ') });
      else {
        await stripe.products.update(found.id, drift.update);
        changes.push({ kind: 'product', key, action: 'updated', detail: drift.fields.join(', ') });
      }
    }

    for (const price of product.prices) {
      const params = priceParams(product, price);
      const lookupKey = params.lookup_key!;
      const what = `${formatCents(price.unitAmountCents, CURRENCY)} ${CYCLE_NAMES[price.cycle]}`;
      const current = prices.get(lookupKey);
      const record = (change: Omit<CatalogueChange, 'kind' | 'key'>) => {
        changes.push({ kind: 'price', key: lookupKey, ...change });
        if (change.id) priceIds.set(lookupKey, change.id);
      };
      if (!current) {
        if (check) record({ action: 'missing', detail: what });
        else
          record({ action: 'created', detail: what, id: (await stripe.prices.create(params)).id });
        continue;
      }
      const drift = chargeDrift(current, product.catalogueId, price);
      if (drift.length) {
        if (check) record({ action: 'drifted', detail: drift.join(', '), id: current.id });
        else {
          const replacement = await stripe.prices.create({ ...params, transfer_lookup_key: true });
          if (current.active) await stripe.prices.update(current.id, { active: false });
          record({
            action: 'replaced',
            detail: `${current.id} (${drift.join(', ')}) deactivated`,
            id: replacement.id,
          });
        }
        continue;
      }
      const labels = priceLabelDrift(current, params);
      if (!labels) record({ action: 'unchanged', id: current.id });
      else if (check) record({ action: 'drifted', detail: 'nickname or metadata', id: current.id });
      else {
        await stripe.prices.update(current.id, labels);
        record({ action: 'updated', detail: 'nickname or metadata', id: current.id });
      }
    }
  }
  return { changes, priceIds };
}

export function switchablePlans(
  catalogue: readonly CatalogueProduct[],
  priceIds: ReadonlyMap<string, string>,
): { product: string; prices: string[] }[] {
  return catalogue.flatMap((product) => {
    const ids = (['monthly', 'yearly'] as const).map((cycle) =>
      product.prices.some((p) => p.cycle === cycle)
        ? priceIds.get(catalogueLookupKey(product.catalogueId, cycle))
        : undefined,
    );
    if (!ids.every((id): id is string => Boolean(id))) return [];
    return [{ product: catalogueProductId(product.catalogueId), prices: ids }];
  });
}
