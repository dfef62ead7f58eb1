import { and, count, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { insightsVitalTargets, insightsVitals } from '../../server/db/schema.ts';
import { OTHER } from './dimensions.ts';
import { bucketOf } from './histogram.ts';
import { rate, type VitalMetric } from './insights.ts';

/** The pseudo-metric counting views that pass LCP, INP and CLS (bucket 0) or fail one (1). */
export const ALL_THREE = 'ALL3';

/** Distinct attribution targets kept per page, metric and day; later ones count as "other". */
export const MAX_TARGETS = 20;

export type VitalsReport = {
  day: string;
  path: string;
  values: Partial<Record<VitalMetric, number>>;
  targets: Partial<Record<'LCP' | 'INP' | 'CLS', string>>;
};

async function addSample(db: Db, day: string, path: string, metric: string, bucket: number) {
  await db
    .insert(insightsVitals)
    .values({ day, path, metric, bucket, samples: 1 })
    .onConflictDoUpdate({
      target: [
        insightsVitals.day,
        insightsVitals.path,
        insightsVitals.metric,
        insightsVitals.bucket,
      ],
      set: { samples: sql`${insightsVitals.samples} + 1` },
    });
}

async function addTarget(
  db: Db,
  day: string,
  path: string,
  metric: VitalMetric,
  target: string,
  poor: boolean,
) {
  const where = and(
    eq(insightsVitalTargets.day, day),
    eq(insightsVitalTargets.path, path),
    eq(insightsVitalTargets.metric, metric),
  );
  const [kept] = await db.select({ n: count() }).from(insightsVitalTargets).where(where);
  const known = await db
    .select({ target: insightsVitalTargets.target })
    .from(insightsVitalTargets)
    .where(and(where, eq(insightsVitalTargets.target, target)));
  const counted = known.length || (kept?.n ?? 0) < MAX_TARGETS ? target : OTHER;
  await db
    .insert(insightsVitalTargets)
    .values({ day, path, metric, target: counted, samples: 1, poor: poor ? 1 : 0 })
    .onConflictDoUpdate({
      target: [
        insightsVitalTargets.day,
        insightsVitalTargets.path,
        insightsVitalTargets.metric,
        insightsVitalTargets.target,
      ],
      set: {
        samples: sql`${insightsVitalTargets.samples} + 1`,
        poor: sql`${insightsVitalTargets.poor} + ${poor ? 1 : 0}`,
      },
    });
}

export async function addVitals(db: Db, { day, path, values, targets }: VitalsReport) {
  for (const [metric, value] of Object.entries(values) as [VitalMetric, number][]) {
    await addSample(db, day, path, metric, bucketOf(metric, value));
  }
  if (values.LCP !== undefined && values.CLS !== undefined) {
    // A view without an interaction has no INP: it passes on the two it has.
    const passes =
      rate('LCP', values.LCP) === 'good' &&
      rate('CLS', values.CLS) === 'good' &&
      (values.INP === undefined || rate('INP', values.INP) === 'good');
    await addSample(db, day, path, ALL_THREE, passes ? 0 : 1);
  }
  for (const [metric, target] of Object.entries(targets) as ['LCP' | 'INP' | 'CLS', string][]) {
    const value = values[metric];
    if (value === undefined || !target) continue;
    await addTarget(db, day, path, metric, target, rate(metric, value) !== 'good');
  }
}

export function vitalBuckets(db: Db, from: string, to: string) {
  return db
    .select({
      path: insightsVitals.path,
      metric: insightsVitals.metric,
      bucket: insightsVitals.bucket,
      samples: sql<number>`sum(${insightsVitals.samples})::int`,
    })
    .from(insightsVitals)
    .where(and(gte(insightsVitals.day, from), lte(insightsVitals.day, to)))
    .groupBy(insightsVitals.path, insightsVitals.metric, insightsVitals.bucket);
}

export function vitalTargets(db: Db, from: string, to: string) {
  return db
    .select({
      path: insightsVitalTargets.path,
      metric: insightsVitalTargets.metric,
      target: insightsVitalTargets.target,
      samples: sql<number>`sum(${insightsVitalTargets.samples})::int`,
      poor: sql<number>`sum(${insightsVitalTargets.poor})::int`,
    })
    .from(insightsVitalTargets)
    .where(and(gte(insightsVitalTargets.day, from), lte(insightsVitalTargets.day, to)))
    .groupBy(insightsVitalTargets.path, insightsVitalTargets.metric, insightsVitalTargets.target)
    .orderBy(
      sql`sum(${insightsVitalTargets.poor}) desc`,
      sql`sum(${insightsVitalTargets.samples}) desc`,
    );
}

export async function purgeVitalsBefore(db: Db, day: string): Promise<number> {
  const vitals = await db
    .delete(insightsVitals)
    .where(lt(insightsVitals.day, day))
    .returning({ day: insightsVitals.day });
  const targets = await db
    .delete(insightsVitalTargets)
    .where(lt(insightsVitalTargets.day, day))
    .returning({ day: insightsVitalTargets.day });
  return vitals.length + targets.length;
}
