// Prices come from the catalogue, so a price change cannot leave a comparison table behind.
import { findItem, formatUsdWhole } from '../catalogue/catalogue';

/** true = included, false = not included, text = the value. */
export type Cell = string | boolean;
export type Comparison = {
  caption: string;
  columns: { id: string; label: string }[];
  rows: { feature: string; cells: Cell[] }[];
};

function oneTimePrice(id: string): string {
  const price = findItem(id)?.prices.oneTime;
  if (price === undefined) throw new Error(`${id} has no one-time price`);
  return `${formatUsdWhole(price)} one-time`;
}

export const STARTER_VS_ADVANCED: Comparison = {
  caption: 'Starter vs Advanced Website Package',
  columns: [
    { id: 'starter', label: 'Starter' },
    { id: 'advanced', label: 'Advanced' },
  ],
  rows: [
    { feature: 'Price', cells: [oneTimePrice('starter'), oneTimePrice('advanced')] },
    { feature: 'Custom pages', cells: ['5', 'Up to 10'] },
    { feature: 'Domain & hosting for 1 year', cells: [true, true] },
    { feature: 'Mobile-friendly design', cells: [true, true] },
    { feature: 'SEO', cells: ['Basic', 'Advanced'] },
    { feature: 'AI chat features', cells: [true, true] },
    { feature: 'Online store', cells: [false, 'Up to 100 products'] },
    { feature: 'Shopping cart with tax & shipping', cells: [false, true] },
    { feature: 'Order management', cells: [false, true] },
    { feature: 'Analytics dashboard', cells: [false, true] },
    { feature: 'Support after launch', cells: ['2 weeks', '3 months'] },
    { feature: 'Timeline', cells: ['3-4 weeks', '5-7 weeks'] },
  ],
};

export const BASIC_VS_PREMIUM: Comparison = {
  caption: 'Basic AI Agent Package vs Premium AI Agent Suite',
  columns: [
    { id: 'basic-ai-agents', label: 'Basic' },
    { id: 'premium-ai-suite', label: 'Premium' },
  ],
  rows: [
    {
      feature: 'Price',
      cells: [oneTimePrice('basic-ai-agents'), oneTimePrice('premium-ai-suite')],
    },
    { feature: 'AI agents', cells: ['3 of your choice', 'All agents'] },
    { feature: 'Setup & training on your business', cells: [true, true] },
    { feature: 'Custom integrations', cells: [false, true] },
    { feature: 'Support', cells: ['30 days', '90 days'] },
    { feature: 'Quarterly strategy consultation', cells: [false, true] },
  ],
};
