/**
 * The catalogue's front door for pages: structured data (Product + Offer), priced from the
 * catalogue. Pages render it at build time; no browser code needs it.
 */
import { siteSettings } from '../../lib/site-settings';
import { findItem, type BillingCycle } from './catalogue';

/** Product + Offer for a catalogue item, priced from the catalogue. */
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
