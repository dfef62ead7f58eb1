// Post-purchase §9: per-property monthly plans and the Enterprise volume discount.
import { formatUsdWhole } from '../../lib/money';

export const ENTERPRISE_BASE_PRICE = 405;
export const MIN_PROPERTIES = 2;
export const MAX_PROPERTIES = 100;
export const ANNUAL_DISCOUNT_PERCENT = 17;

/** Volume discount in percent by property count: 2: 5; 3–4: 10; 5–9: 15; 10 or more: 25. */
export function volumeDiscountPercent(properties: number): number {
  if (properties >= 10) return 25;
  if (properties >= 5) return 15;
  if (properties >= 3) return 10;
  return 5;
}

type EnterpriseQuote = {
  properties: number;
  discountPercent: number;
  /** Monthly price per property, rounded to whole dollars. */
  perProperty: number;
  /** Monthly total: the rounded per-property price times the properties, so the sum adds up on screen. */
  total: number;
  undiscountedTotal: number;
};

export function clampProperties(value: number): number {
  if (!Number.isFinite(value)) return MIN_PROPERTIES;
  return Math.min(MAX_PROPERTIES, Math.max(MIN_PROPERTIES, Math.round(value)));
}

export function enterpriseQuote(
  properties: number,
  basePrice = ENTERPRISE_BASE_PRICE,
): EnterpriseQuote {
  const count = clampProperties(properties);
  const discountPercent = volumeDiscountPercent(count);
  // Integer arithmetic in cents avoids 0.1-style float drift before rounding.
  const perProperty = Math.round((basePrice * 100 * (100 - discountPercent)) / 10000);
  return {
    properties: count,
    discountPercent,
    perProperty,
    total: perProperty * count,
    undiscountedTotal: basePrice * count,
  };
}

/** The slider's visible value: "2" … "99", then "100+" at the top of the range. */
export function propertiesLabel(properties: number): string {
  const count = clampProperties(properties);
  return count >= MAX_PROPERTIES ? `${MAX_PROPERTIES}+` : String(count);
}

type LandingPlan = {
  id: 'starter' | 'growth' | 'enterprise';
  name: string;
  price: number;
  priceNote: string;
  content: string;
  platforms: string;
  features: string[];
  popular?: boolean;
  isEnterprise?: boolean;
};

export const LANDING_PLANS: readonly LandingPlan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 359,
    priceNote: '/month per property',
    content: '30 videos per day',
    platforms: 'Instagram and TikTok (2 platforms)',
    features: [
      'AI videos with music and narration',
      'Automated daily posting',
      'Email support',
      'Performance dashboard',
    ],
  },
  {
    id: 'growth',
    name: 'Growth',
    price: 459,
    priceNote: '/month per property',
    content: '30 videos per day',
    platforms: 'All 6 platforms',
    features: ['Everything in Starter', 'Priority support', 'Custom branding', 'API access'],
    popular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: ENTERPRISE_BASE_PRICE,
    priceNote: '/month per property, from',
    content: 'Unlimited videos per property',
    platforms: 'All 6 platforms + custom integrations',
    features: [
      'Volume discounts up to 25%',
      'Dedicated account manager',
      'White-label option',
      'Minimum 2 properties',
    ],
    isEnterprise: true,
  },
];

/** $30,400: the landing page shows whole dollars, rounded (money.ts: no zod in the page script). */
export function formatWholeUsd(amount: number): string {
  return formatUsdWhole(Math.round(amount));
}
