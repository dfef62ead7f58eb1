import { siteSettings } from '../../lib/site-settings';
import type { CatalogueProduct } from '../../server/payments/stripe-catalogue';
import { CATALOGUE, cyclesOf, findItem, toCents, type BillingCycle } from './catalogue';

/** Every catalogue item with its price in cents per cycle it is sold in, as Stripe keeps it. */
export function stripeCatalogue(): CatalogueProduct[] {
  return CATALOGUE.map((item) => ({
    catalogueId: item.id,
    name: item.name,
    description: item.description,
    type: item.type,
    prices: cyclesOf(item).map((cycle) => ({
      cycle,
      unitAmountCents: toCents(item.prices[cycle]!),
    })),
  }));
}

export function productJsonLd(id: string, url: string) {
  const item = findItem(id);
  if (!item) throw new Error(`Unknown catalogue item ${id}`);
  const offers = (Object.entries(item.prices) as [BillingCycle, number][]).map(
    ([cycle, price]) => ({
      '@type': 'Offer',
      price: price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
      ...(cycle === 'oneTime'
        ? {}
        : {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: price.toFixed(2),
              priceCurrency: 'USD',
              billingDuration: 1,
              unitCode: cycle === 'monthly' ? 'MON' : 'ANN',
            },
          }),
    }),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    description: item.description,
    brand: { '@type': 'Brand', name: siteSettings.name },
    offers,
  };
}
