/**
 * JSON-LD builders shared by pages (Organization is added by the layout on every page;
 * Product + Offer is the catalogue's: features/catalogue/catalogue.server.ts).
 */

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
