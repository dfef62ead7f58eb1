// zod/mini: the admin island imports this module too.
import { withDefault, z } from '../../lib/zod-mini.ts';
import type { Percentile } from './histogram.ts';

/** The funnel from a visit to an onboarded client, in order; each a column of a daily row. */
export const FUNNEL_STEPS = [
  { key: 'visitors', label: 'Visited' },
  { key: 'productViews', label: 'Viewed a product or package' },
  { key: 'cartAdds', label: 'Added to cart' },
  { key: 'checkouts', label: 'Started checkout' },
  { key: 'payments', label: 'Paid' },
  { key: 'onboardings', label: 'Completed onboarding' },
] as const;

export const SIDE_STEPS = [
  { key: 'meetings', label: 'Requested a meeting' },
  { key: 'contacts', label: 'Sent a message' },
  { key: 'clientOnboardings', label: 'Confirmed client onboarding' },
] as const;

export type FunnelKey = (typeof FUNNEL_STEPS)[number]['key'];
export type SideKey = (typeof SIDE_STEPS)[number]['key'];
export type CountKey = 'views' | FunnelKey | SideKey;
export const COUNT_KEYS: readonly CountKey[] = [
  'views',
  ...FUNNEL_STEPS.map((s) => s.key),
  ...SIDE_STEPS.map((s) => s.key),
];

/** Steps the server sees happen (the visitor's browser sends none of these). */
export type ServerStep = 'checkouts' | 'payments' | 'onboardings' | SideKey;

export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** web.dev's thresholds: at most `good` is good, above `poor` is poor (CLS unitless, else ms). */
export const VITAL_THRESHOLDS: Record<VitalMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export const RATING_LABELS: Record<VitalRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

export function rate(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

export const RANGES = {
  '7d': { label: '7 days', days: 7, bucket: 'day' },
  '30d': { label: '30 days', days: 30, bucket: 'day' },
  '90d': { label: '90 days', days: 90, bucket: 'week' },
  '12m': { label: '12 months', days: 365, bucket: 'week' },
} as const;
export type RangeKey = keyof typeof RANGES;

export const insightsQuerySchema = z.object({
  range: withDefault(z.enum(Object.keys(RANGES) as [RangeKey, ...RangeKey[]]), '30d'),
  format: withDefault(z.enum(['json', 'csv']), 'json'),
});

export const BEACON_MAX_BYTES = 2048;

const text = (max: number) => z.string().check(z.maxLength(max));
const vital = z.number().check(z.minimum(0), z.maximum(600_000));

export const beaconSchema = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('view'),
    p: text(512),
    r: withDefault(text(512), ''),
    q: withDefault(text(512), ''),
  }),
  z.object({ k: z.literal('step'), s: z.literal('cartAdds'), p: text(512) }),
  z.object({
    k: z.literal('vitals'),
    p: text(512),
    m: z.partialRecord(z.enum(VITAL_METRICS), vital),
    /** Attribution: the LCP element and the INP interaction's target (CSS selectors). */
    a: withDefault(z.partialRecord(z.enum(['LCP', 'INP', 'CLS']), text(200)), {}),
  }),
]);
export type Beacon = z.output<typeof beaconSchema>;

export type Counts = Record<CountKey, number>;
export type SeriesPoint = Counts & { start: string };
export type PageVitals = {
  path: string;
  metrics: Partial<Record<VitalMetric, Percentile>>;
  passShare: number | null;
  measured: number;
  targets: { metric: string; target: string; samples: number; poor: number }[];
};

export type Insights = {
  range: RangeKey;
  from: string;
  to: string;
  bucket: 'day' | 'week';
  totals: Counts;
  series: SeriesPoint[];
  funnel: { key: string; label: string; count: number }[];
  side: { key: string; label: string; count: number }[];
  pages: (Counts & { path: string })[];
  sources: (Counts & { source: string })[];
  vitals: PageVitals[];
};
