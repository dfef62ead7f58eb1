// Browser-safe, with no zod, so an island that only shows prices does not download it. Functions
// charge from it too: the browser never sets a price.

export const BILLING_CYCLES = ['oneTime', 'monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const ITEM_TYPES = ['package', 'website', 'agent'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export type ItemIcon = 'globe' | 'robot' | 'box';

export type Prices = Partial<Record<BillingCycle, number>>;

export type CatalogueItem = {
  id: string;
  name: string;
  description: string;
  type: ItemType;
  icon: ItemIcon;
  /** Price per billing cycle in USD; only the cycles an item is sold in are present. */
  prices: Prices;
  /** List price before discount, per cycle, shown struck through. */
  originalPrices?: Prices;
  discountLabel?: string;
  popular?: boolean;
  features?: string[];
  /** Lily AI plans: included call minutes per month and overage per minute (USD). */
  minutesIncluded?: number;
  overagePerMinute?: number;
  link?: string;
};

// Spec rule (storefront §3): "website" in the id or name gives website; "agent" or "lily" gives
// agent; anything else is a package.
export function itemTypeFor(idOrName: string, name = ''): ItemType {
  const text = `${idOrName} ${name}`.toLowerCase();
  if (text.includes('website')) return 'website';
  if (text.includes('agent') || text.includes('lily')) return 'agent';
  return 'package';
}

const ICON_FOR_TYPE: Record<ItemType, ItemIcon> = {
  website: 'globe',
  agent: 'robot',
  package: 'box',
};

type Definition = Omit<CatalogueItem, 'type' | 'icon'> & { icon?: ItemIcon };

const DEFINITIONS: Definition[] = [
  {
    id: 'starter',
    name: 'Starter Website Package',
    description:
      '5-page website with AI features, domain and hosting for 1 year, 2 weeks of support.',
    prices: { oneTime: 1000 },
    link: '/starter-website-package',
    features: [
      '5 custom pages',
      'Domain and hosting for 1 year (99.9% uptime)',
      '2 weeks of basic support',
      'Launch in 3-4 weeks',
      '1 content update per month during support',
    ],
  },
  {
    id: 'advanced',
    name: 'Advanced Website Package',
    description:
      'Up to 10 pages with a full online store for up to 100 products and 3 months of support.',
    prices: { oneTime: 2500 },
    popular: true,
    link: '/advanced-website-package',
    features: [
      'Up to 10 custom pages',
      'E-commerce for up to 100 products',
      'Shopping cart with tax and shipping',
      'Secure checkout and order management',
      '3 months of support',
    ],
  },
  // Agents sold on the purchase screen
  {
    id: 'lily',
    name: 'Lily AI Sales Agent',
    description:
      'An AI sales and voice agent that answers calls, qualifies leads and books meetings 24/7.',
    prices: { monthly: 299 },
    link: '/lily-ai',
  },
  {
    id: 'social-empire',
    name: 'Social Media Empire Digital Agent',
    description: '27 daily videos across 9 platforms',
    prices: { oneTime: 10000 },
    link: '/social-media-empire',
  },
  {
    id: 'customer-service',
    name: 'Customer Service Agent',
    description: 'Answers customer questions on your website and by e-mail around the clock.',
    prices: { monthly: 199 },
  },
  {
    id: 'lead-generation',
    name: 'Lead Generation Agent',
    description: 'Finds, qualifies and follows up with new leads automatically.',
    prices: { monthly: 349 },
  },
  {
    id: 'appointment-booking',
    name: 'Appointment Booking Agent',
    description: 'Books, confirms and reschedules appointments straight into your calendar.',
    prices: { monthly: 149 },
  },
  {
    id: 'inventory-optimization',
    name: 'Inventory Optimization Agent',
    description: 'Forecasts demand and flags stock to reorder before you run out.',
    prices: { monthly: 299 },
  },
  {
    id: 'data-pipeline',
    name: 'Data Integration Agent',
    description: 'Keeps your CRM, shop and spreadsheets in sync without manual copying.',
    prices: { monthly: 199 },
  },
  {
    id: 'social-scheduler',
    name: 'Social Media Automation Agent',
    description: 'Plans, writes and schedules your social media posts across platforms.',
    prices: { monthly: 149 },
  },
  // Post-purchase test product
  {
    id: 'lily-ai',
    name: 'Lily AI Customer Service Agent',
    description: '24/7 multi-language AI customer service agent.',
    prices: { monthly: 199 },
    link: '/lily-ai',
  },
  {
    id: 'lily-starter',
    name: 'Lily AI Starter',
    description: 'Lily AI voice and chat agent with 1,000 minutes a month.',
    prices: { monthly: 198, yearly: 1900 },
    originalPrices: { monthly: 299 },
    discountLabel: '33% off',
    minutesIncluded: 1000,
    overagePerMinute: 0.14,
    link: '/lily-ai',
  },
  {
    id: 'lily-growth',
    name: 'Lily AI Growth',
    description: 'Lily AI for growing teams with 4,000 minutes a month.',
    prices: { monthly: 498, yearly: 4780 },
    originalPrices: { monthly: 749 },
    discountLabel: '33% off',
    popular: true,
    minutesIncluded: 4000,
    overagePerMinute: 0.1,
    link: '/lily-ai',
  },
  {
    id: 'lily-enterprise',
    name: 'Lily AI Enterprise',
    description: 'Lily AI at scale with 10,000 minutes a month.',
    prices: { monthly: 998, yearly: 9580 },
    originalPrices: { monthly: 1497 },
    discountLabel: '33% off',
    minutesIncluded: 10000,
    overagePerMinute: 0.08,
    link: '/lily-ai',
  },
  {
    id: 'basic-ai-agents',
    name: 'Basic AI Agent Package',
    description:
      'Three AI agents of your choice, set up and trained on your business, with 30 days of support.',
    prices: { oneTime: 1500 },
    features: [
      '3 AI agents of your choice',
      'Setup and training on your data',
      '30 days of support',
    ],
  },
  {
    id: 'premium-ai-suite',
    name: 'Premium AI Agent Suite',
    description:
      'Every AI agent we offer, 90 days of support and a quarterly strategy consultation.',
    prices: { oneTime: 3500 },
    popular: true,
    features: [
      'All AI agents',
      'Custom integrations',
      '90 days of support',
      'Quarterly consultation',
    ],
  },
  // Home page agents
  {
    id: 'meeting-assistant',
    name: 'Meeting Assistant',
    description: 'Schedules meetings, takes notes and sends follow-ups.',
    prices: { monthly: 49 },
    icon: 'robot',
  },
  {
    id: 'ai-support-agent',
    name: 'AI Support Agent',
    description: 'Resolves customer questions instantly on chat and e-mail.',
    prices: { monthly: 199 },
  },
  {
    id: 'financial-analyst',
    name: 'Financial Analyst',
    description: 'Turns your books into weekly cash-flow reports and forecasts.',
    prices: { monthly: 299 },
    icon: 'robot',
  },
  {
    id: 'lily-addon',
    name: 'Lily AI Add-on',
    description: 'Add Lily AI to any website package.',
    prices: { monthly: 199 },
    link: '/lily-ai',
  },
];

/** Other keys that reach the same item (post-purchase pages use social-media-empire). */
const ALIASES: Record<string, string> = { 'social-media-empire': 'social-empire' };

export const CATALOGUE: readonly CatalogueItem[] = DEFINITIONS.map((d) => {
  const type = itemTypeFor(d.id, d.name);
  return { ...d, type, icon: d.icon ?? ICON_FOR_TYPE[type] };
});

const BY_ID = new Map(CATALOGUE.map((item) => [item.id, item]));

export const PURCHASE_KEYS = [
  'starter',
  'advanced',
  'lily',
  'social-empire',
  'customer-service',
  'lead-generation',
  'appointment-booking',
  'inventory-optimization',
  'data-pipeline',
  'social-scheduler',
] as const;

export function canonicalId(id: string): string {
  return ALIASES[id] ?? id;
}

export function findItem(id: string): CatalogueItem | undefined {
  return BY_ID.get(canonicalId(id));
}

/** The cycles an item is sold in, first one being its default. */
export function cyclesOf(item: CatalogueItem): BillingCycle[] {
  return BILLING_CYCLES.filter((c) => item.prices[c] !== undefined);
}

export function defaultCycle(item: CatalogueItem): BillingCycle {
  const [first] = cyclesOf(item);
  if (!first) throw new Error(`Catalogue item ${item.id} has no price`);
  return first;
}

export function priceOf(id: string, cycle: BillingCycle): number | undefined {
  return findItem(id)?.prices[cycle];
}

/** Each kind of product has its own wizard (the onboarding feature reads the route back). */
export function onboardingPathFor(productId: string, orderId: number | string): string {
  const id = encodeURIComponent(String(orderId));
  const canonical = canonicalId(productId);
  if (canonical === 'starter') return `/onboarding-starter/${id}`;
  if (canonical === 'advanced') return `/onboarding-advanced/${id}`;
  if (canonical === 'social-empire') return `/onboarding-social-media/${id}`;
  const item = findItem(canonical);
  if (item?.type === 'agent') return `/onboarding-ai-agent/${id}`;
  return `/onboarding/${id}`;
}

// Catalogue prices are the spec's dollars; everything stored or charged is in cents.
export { formatUsd, formatUsdWhole, toCents } from '../../lib/money';

export const CYCLE_LABEL: Record<BillingCycle, string> = {
  oneTime: 'One-time',
  monthly: 'Monthly',
  yearly: 'Yearly',
};
