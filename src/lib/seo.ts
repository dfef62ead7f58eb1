/** JSON-LD builders shared by pages (Organization is added by the layout on every page). */
import { findItem, type BillingCycle } from '../features/catalogue/catalogue';

export function faqPageJsonLd(items: { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({
      '@type': 'Question',
      name: i.question,
      acceptedAnswer: { '@type': 'Answer', text: i.answer },
    })),
  };
}

/** Product + Offer for a catalogue item, priced from the catalogue. */
export function productJsonLd(id: string, url: string) {
  const item = findItem(id);
  if (!item) throw new Error(`Unknown catalogue item ${id}`);
  const offers = (Object.entries(item.prices) as [BillingCycle, number][]).map(([cycle, price]) => ({
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
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    description: item.description,
    brand: { '@type': 'Brand', name: 'NovaReach Digital' },
    offers,
  };
}
