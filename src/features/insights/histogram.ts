// Fixed buckets: a page-day is a few dozen counters. The thresholds are bucket edges, so a
// percentile's rating is exact whatever its interpolated value.
import { rate, type VitalMetric, type VitalRating } from './insights.ts';

const MS_EDGES = [
  25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 700, 800, 1000, 1200, 1500, 1800, 2000, 2500,
  3000, 3500, 4000, 5000, 6000, 8000, 10_000, 15_000, 20_000, 30_000, 60_000,
];
const CLS_EDGES = [
  0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 5,
];

/** Upper edges of each metric's buckets: bucket i holds values in (edge[i-1], edge[i]]. */
export function edgesOf(metric: VitalMetric): readonly number[] {
  return metric === 'CLS' ? CLS_EDGES : MS_EDGES;
}

export function bucketOf(metric: VitalMetric, value: number): number {
  const edges = edgesOf(metric);
  const i = edges.findIndex((edge) => value <= edge);
  return i === -1 ? edges.length : i;
}

export type Percentile = { value: number; rating: VitalRating; samples: number };

export function percentileOf(
  metric: VitalMetric,
  counts: ReadonlyMap<number, number>,
  p = 0.75,
): Percentile | null {
  const edges = edgesOf(metric);
  let samples = 0;
  for (const n of counts.values()) samples += n;
  if (!samples) return null;
  const rank = p * samples;
  let seen = 0;
  for (let bucket = 0; bucket <= edges.length; bucket++) {
    const n = counts.get(bucket) ?? 0;
    if (!n || seen + n < rank) {
      seen += n;
      continue;
    }
    const low = bucket === 0 ? 0 : edges[bucket - 1]!;
    const high = edges[bucket] ?? low;
    const value = low + ((high - low) * (rank - seen)) / n;
    // The rating of the bucket's upper edge: every value in it shares that rating.
    return { value, rating: rate(metric, high), samples };
  }
  return null;
}
