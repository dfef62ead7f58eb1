import type Stripe from 'stripe';
import type { PricedLine } from '../db/schema.ts';
import { CYCLE_NAMES } from './provider.ts';

export type BillingCycle = PricedLine['billingCycle'];

export type CatalogueProduct = {
  catalogueId: string;
  name: string;
  description: string;
  type: PricedLine['type'];
  prices: { cycle: BillingCycle; unitAmountCents: number }[];
};

export const CURRENCY = 'usd';
export const INTERVAL = { monthly: 'month', yearly: 'year' } as const;

// https://docs.stripe.com/tax/tax-codes; docs/deploy.md names them for the accountant.
const TAX_CODES = {
  service: 'txcd_20030000', // General - Services
  saas: 'txcd_10103001', // Software as a service (SaaS) - business use
} as const;

export function taxCodeFor(line: Pick<PricedLine, 'type' | 'billingCycle'>): string {
  return line.type === 'agent' || line.billingCycle !== 'oneTime'
    ? TAX_CODES.saas
    : TAX_CODES.service;
}

// Stripe keeps one tax code per Product, so every cycle must agree.
export function productTaxCode(product: CatalogueProduct): string {
  const codes = new Set(
    product.prices.map((p) => taxCodeFor({ ...product, billingCycle: p.cycle })),
  );
  const [code] = codes;
  if (codes.size !== 1 || !code)
    throw new Error(`${product.catalogueId}: its cycles need different tax codes (one Product)`);
  return code;
}

const LOOKUP_KEY = /^catalogue:(.+):(oneTime|monthly|yearly)$/;

export function catalogueLookupKey(catalogueId: string, cycle: BillingCycle): string {
  return `catalogue:${catalogueId}:${cycle}`;
}

export function parseCatalogueLookupKey(
  key: string | null | undefined,
): { catalogueId: string; cycle: BillingCycle } | null {
  const match = key ? LOOKUP_KEY.exec(key) : null;
  return match ? { catalogueId: match[1]!, cycle: match[2] as BillingCycle } : null;
}

// Chosen by us, so a second run finds the Product it made.
export function catalogueProductId(catalogueId: string): string {
  return `catalogue_${catalogueId}`;
}

export function productParams(product: CatalogueProduct): Stripe.ProductCreateParams {
  return {
    id: catalogueProductId(product.catalogueId),
    name: product.name,
    description: product.description,
    tax_code: productTaxCode(product),
    metadata: { catalogue_id: product.catalogueId },
  };
}

export function priceParams(
  product: CatalogueProduct,
  { cycle, unitAmountCents }: CatalogueProduct['prices'][number],
): Stripe.PriceCreateParams {
  const params: Stripe.PriceCreateParams = {
    product: catalogueProductId(product.catalogueId),
    currency: CURRENCY,
    unit_amount: unitAmountCents,
    // Catalogue prices are before tax; Stripe Tax adds what the buyer's address owes.
    tax_behavior: 'exclusive',
    lookup_key: catalogueLookupKey(product.catalogueId, cycle),
    nickname: `${product.name} (${CYCLE_NAMES[cycle]})`,
    metadata: { catalogue_id: product.catalogueId, billing_cycle: cycle },
  };
  if (cycle !== 'oneTime') params.recurring = { interval: INTERVAL[cycle] };
  return params;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

type StripePrice = Pick<
  Stripe.Price,
  'active' | 'currency' | 'unit_amount' | 'tax_behavior' | 'recurring' | 'product' | 'type'
>;

// Stripe never changes these on a Price, so a drift means replacing it.
export function chargeDrift(
  price: StripePrice,
  catalogueId: string,
  { cycle, unitAmountCents }: { cycle: BillingCycle; unitAmountCents: number },
): string[] {
  const drift: string[] = [];
  const interval = cycle === 'oneTime' ? null : INTERVAL[cycle];
  const wantedProduct = catalogueProductId(catalogueId);
  if (!price.active) drift.push('inactive');
  if (price.unit_amount !== unitAmountCents)
    drift.push(`unit_amount ${price.unit_amount} (catalogue ${unitAmountCents})`);
  if (price.currency !== CURRENCY) drift.push(`currency ${price.currency} (catalogue ${CURRENCY})`);
  if (price.tax_behavior !== 'exclusive')
    drift.push(`tax_behavior ${price.tax_behavior} (catalogue exclusive)`);
  const actual = price.type === 'recurring' ? (price.recurring?.interval ?? null) : null;
  if (actual !== interval || (price.recurring && price.recurring.interval_count !== 1))
    drift.push(`interval ${actual ?? 'one-time'} (catalogue ${interval ?? 'one-time'})`);
  if (idOf(price.product) !== wantedProduct)
    drift.push(`product ${idOf(price.product)} (catalogue ${wantedProduct})`);
  return drift;
}

export function priceLabelDrift(
  price: Pick<Stripe.Price, 'nickname' | 'metadata'>,
  wanted: Stripe.PriceCreateParams,
): Stripe.PriceUpdateParams | null {
  const metadata = wanted.metadata ?? {};
  const same =
    price.nickname === (wanted.nickname ?? null) &&
    Object.entries(metadata).every(([k, v]) => price.metadata[k] === v);
  return same ? null : { nickname: wanted.nickname ?? '', metadata };
}

export function productDrift(
  product: Pick<Stripe.Product, 'active' | 'name' | 'description' | 'tax_code' | 'metadata'>,
  wanted: Stripe.ProductCreateParams,
): { update: Stripe.ProductUpdateParams; fields: string[] } | null {
  const fields: string[] = [];
  if (!product.active) fields.push('active');
  if (product.name !== wanted.name) fields.push('name');
  if (product.description !== (wanted.description ?? null)) fields.push('description');
  if (idOf(product.tax_code) !== (wanted.tax_code ?? null)) fields.push('tax_code');
  const metadata = wanted.metadata ?? {};
  if (Object.entries(metadata).some(([k, v]) => product.metadata[k] !== v)) fields.push('metadata');
  if (!fields.length) return null;
  const update: Stripe.ProductUpdateParams = { active: true, name: wanted.name, metadata };
  if (wanted.description !== undefined) update.description = wanted.description;
  if (wanted.tax_code !== undefined) update.tax_code = wanted.tax_code;
  return { update, fields };
}
