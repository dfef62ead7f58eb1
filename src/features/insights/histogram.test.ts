import { describe, expect, it } from 'vitest';
import { bucketOf, edgesOf, percentileOf } from './histogram';
import { rate, VITAL_METRICS, VITAL_THRESHOLDS } from './insights';

const countsOf = (metric: 'LCP' | 'CLS' | 'INP', values: number[]) => {
  const counts = new Map<number, number>();
  for (const v of values)
    counts.set(bucketOf(metric, v), (counts.get(bucketOf(metric, v)) ?? 0) + 1);
  return counts;
};

describe('the vitals histograms', () => {
  it('have every threshold as a bucket edge, so a rating read from a bucket is exact', () => {
    for (const metric of VITAL_METRICS) {
      const { good, poor } = VITAL_THRESHOLDS[metric];
      expect(edgesOf(metric)).toContain(good);
      expect(edgesOf(metric)).toContain(poor);
    }
  });

  it('put a value on an edge in the bucket that ends there', () => {
    expect(bucketOf('LCP', 2500)).toBe(edgesOf('LCP').indexOf(2500));
    expect(bucketOf('LCP', 2501)).toBe(edgesOf('LCP').indexOf(2500) + 1);
    expect(bucketOf('LCP', 999_999)).toBe(edgesOf('LCP').length);
  });

  it('read the 75th percentile within a bucket of the true one, rated as the true one', () => {
    const values = Array.from({ length: 400 }, (_, i) => 500 + i * 10); // 500..4490 ms
    const p75 = percentileOf('LCP', countsOf('LCP', values))!;
    const exact = values[Math.ceil(0.75 * values.length) - 1]!; // 3490
    expect(p75.samples).toBe(400);
    expect(p75.value).toBeGreaterThan(3000);
    expect(p75.value).toBeLessThanOrEqual(3500);
    expect(p75.rating).toBe(rate('LCP', exact));
  });

  it('rate good, needs improvement and poor', () => {
    expect(percentileOf('CLS', countsOf('CLS', [0, 0, 0.02, 0.05]))!.rating).toBe('good');
    expect(percentileOf('INP', countsOf('INP', [100, 300, 300, 300]))!.rating).toBe(
      'needs-improvement',
    );
    expect(percentileOf('LCP', countsOf('LCP', [5000, 6000, 7000, 9000]))!.rating).toBe('poor');
  });

  it('answer null without samples', () => {
    expect(percentileOf('LCP', new Map())).toBeNull();
  });
});
