import { toCsv } from '../../lib/csv.ts';
import type { Db } from '../../server/db/client.ts';
import { withSecurityHeaders } from '../../server/responses.ts';
import { countsByDay, countsByPath, countsBySource } from './daily-counts.server.ts';
import { sourceOf } from './dimensions.ts';
import { percentileOf } from './histogram.ts';
import {
  COUNT_KEYS,
  FUNNEL_STEPS,
  RANGES,
  SIDE_STEPS,
  VITAL_METRICS,
  type CountKey,
  type Counts,
  type Insights,
  type PageVitals,
  type RangeKey,
  type SeriesPoint,
} from './insights.ts';
import { dayOf, SERVER_PATH } from './insights.server.ts';
import { ALL_THREE, vitalBuckets, vitalTargets } from './vitals.server.ts';

const zero = (): Counts => Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as Counts;

function addInto(into: Counts, from: Partial<Counts>) {
  for (const k of COUNT_KEYS) into[k] += Number(from[k] ?? 0);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const shiftDay = (day: string, days: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

const weekOf = (day: string) =>
  shiftDay(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

function seriesOf(
  rows: (Partial<Counts> & { day: string })[],
  from: string,
  to: string,
  bucket: 'day' | 'week',
) {
  const points = new Map<string, SeriesPoint>();
  const startOf = (day: string) => (bucket === 'day' ? day : weekOf(day));
  for (let day = from; day <= to; day = shiftDay(day, 1)) {
    const start = startOf(day);
    if (!points.has(start)) points.set(start, { start, ...zero() });
  }
  for (const row of rows) addInto(points.get(startOf(row.day))!, row);
  return [...points.values()];
}

function vitalsOf(
  buckets: { path: string; metric: string; bucket: number; samples: number }[],
  targets: (PageVitals['targets'][number] & { path: string })[],
): PageVitals[] {
  const byPath = new Map<string, Map<string, Map<number, number>>>();
  for (const b of buckets) {
    const metrics = byPath.get(b.path) ?? new Map<string, Map<number, number>>();
    byPath.set(b.path, metrics);
    const counts = metrics.get(b.metric) ?? new Map<number, number>();
    metrics.set(b.metric, counts);
    counts.set(b.bucket, b.samples);
  }
  return [...byPath].map(([path, metrics]) => {
    const all = metrics.get(ALL_THREE);
    const pass = all?.get(0) ?? 0;
    const measured = pass + (all?.get(1) ?? 0);
    const computed: PageVitals['metrics'] = {};
    for (const metric of VITAL_METRICS) {
      const p75 = percentileOf(metric, metrics.get(metric) ?? new Map());
      if (p75) computed[metric] = p75;
    }
    return {
      path,
      metrics: computed,
      passShare: measured ? pass / measured : null,
      measured,
      targets: targets
        .filter((t) => t.path === path)
        .slice(0, 3)
        .map(({ metric, target, samples, poor }) => ({ metric, target, samples, poor })),
    };
  });
}

// Ties go by name, so that the order never depends on the order rows come in.
const byViews =
  <T extends Counts>(name: (row: T) => string) =>
  (a: T, b: T) =>
    b.views - a.views || b.visitors - a.visitors || name(a).localeCompare(name(b));

export type InsightsRows = {
  daily: (Partial<Counts> & { day: string })[];
  paths: (Counts & { path: string })[];
  sources: (Counts & { referrerHost: string; utmSource: string })[];
  buckets: Parameters<typeof vitalsOf>[0];
  targets: Parameters<typeof vitalsOf>[1];
};

/** The days of `range` ending today (UTC). */
export function rangeOf(range: RangeKey, now = new Date()) {
  const to = dayOf(now);
  return { from: shiftDay(to, 1 - RANGES[range].days), to };
}

/** The Insights section's figures for `range`, ending today (UTC). */
export async function readInsights(db: Db, range: RangeKey, now = new Date()): Promise<Insights> {
  const { from, to } = rangeOf(range, now);
  const [daily, paths, sources, buckets, targets] = await Promise.all([
    countsByDay(db, from, to),
    countsByPath(db, from, to),
    countsBySource(db, from, to),
    vitalBuckets(db, from, to),
    vitalTargets(db, from, to),
  ]);
  return insightsOf(range, now, { daily, paths, sources, buckets, targets });
}

export function insightsOf(range: RangeKey, now: Date, rows: InsightsRows): Insights {
  const { from, to } = rangeOf(range, now);
  const { bucket } = RANGES[range];
  const totals = zero();
  for (const row of rows.daily) addInto(totals, row);
  const sources = new Map<string, Counts & { source: string }>();
  for (const row of rows.sources) {
    if (!row.views && !row.visitors) continue;
    const source = sourceOf(row);
    const entry = sources.get(source) ?? { source, ...zero() };
    sources.set(source, entry);
    addInto(entry, row);
  }
  return {
    range,
    from,
    to,
    bucket,
    totals,
    series: seriesOf(rows.daily, from, to, bucket),
    funnel: FUNNEL_STEPS.map(({ key, label }) => ({ key, label, count: totals[key] })),
    side: SIDE_STEPS.map(({ key, label }) => ({ key, label, count: totals[key] })),
    pages: rows.paths
      .filter((p) => p.path !== SERVER_PATH && p.views)
      .sort(byViews((p) => p.path))
      .slice(0, 20),
    sources: [...sources.values()].sort(byViews((s) => s.source)).slice(0, 20),
    vitals: vitalsOf(rows.buckets, rows.targets).sort(
      (a, b) => b.measured - a.measured || a.path.localeCompare(b.path),
    ),
  };
}

const COUNT_HEADERS: Record<CountKey, string> = {
  views: 'Page views',
  ...Object.fromEntries([...FUNNEL_STEPS, ...SIDE_STEPS].map((s) => [s.key, s.label])),
} as Record<CountKey, string>;

export function insightsCsv(insights: Insights): Response {
  const csv = toCsv(
    [
      {
        header: insights.bucket === 'day' ? 'Day' : 'Week starting',
        value: (p: SeriesPoint) => p.start,
      },
      ...COUNT_KEYS.map((k) => ({ header: COUNT_HEADERS[k], value: (p: SeriesPoint) => p[k] })),
    ],
    insights.series,
  );
  return new Response(csv, {
    status: 200,
    headers: withSecurityHeaders({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="insights-${insights.range}-${insights.to}.csv"`,
    }),
  });
}
