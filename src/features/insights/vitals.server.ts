import { and, count, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import {
  insightsVitalsMonthly,
  insightsVitalTargets,
  insightsVitals,
} from '../../server/db/schema.ts';
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

export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

function addSample(db: Db, day: string, path: string, metric: string, bucket: number) {
  return db.transaction(async (tx) => {
    const v = insightsVitals;
    await tx
      .insert(v)
      .values({ day, path, metric, bucket, samples: 1 })
      .onConflictDoUpdate({
        target: [v.day, v.path, v.metric, v.bucket],
        set: { samples: sql`${v.samples} + 1` },
      });
    const m = insightsVitalsMonthly;
    await tx
      .insert(m)
      .values({ month: monthOf(day), path, metric, bucket, samples: 1 })
      .onConflictDoUpdate({
        target: [m.month, m.path, m.metric, m.bucket],
        set: { samples: sql`${m.samples} + 1` },
      });
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

const DAY_MS = 24 * 60 * 60 * 1000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const dayBefore = (day: string) => shift(day, -1);
const dayAfter = (day: string) => shift(day, 1);
const nextMonthOf = (day: string) => {
  const at = new Date(`${monthOf(day)}T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + 1);
  return at.toISOString().slice(0, 10);
};

type Span = [string, string];
const endOfMonth = (day: string) => dayBefore(nextMonthOf(day));
const lengthOf = ([a, b]: Span) => (a > b ? 0 : (Date.parse(b) - Date.parse(a)) / DAY_MS + 1);

/**
 * [from, to] as months of the rollup, plus days added or taken away at either end: a part
 * month is its days, or its whole month less the days outside, whichever reads fewer days.
 */
export function monthsAndDays(from: string, to: string) {
  const before: Span = [monthOf(from), dayBefore(from)];
  const past: Span = [dayAfter(to), endOfMonth(to)];
  const add: Span[] = [];
  const subtract: Span[] = [];
  if (monthOf(from) === monthOf(to)) {
    if (lengthOf([from, to]) <= lengthOf(before) + lengthOf(past))
      return { months: null, add: [[from, to] as Span], subtract };
    return {
      months: [monthOf(from), monthOf(from)] as Span,
      add,
      subtract: [before, past].filter(lengthOf),
    };
  }
  let first = monthOf(from);
  let last = monthOf(to);
  const lead: Span = [from, endOfMonth(from)];
  if (lengthOf(lead) < lengthOf(before)) {
    add.push(lead);
    first = nextMonthOf(from);
  } else if (lengthOf(before)) subtract.push(before);
  const trail: Span = [monthOf(to), to];
  if (lengthOf(trail) < lengthOf(past)) {
    add.push(trail);
    last = monthOf(dayBefore(monthOf(to)));
  } else if (lengthOf(past)) subtract.push(past);
  return { months: first <= last ? ([first, last] as Span) : null, add, subtract };
}

type BucketCount = { path: string; metric: string; bucket: number; samples: number };

export function bucketsOfDays(db: Db, spans: Span[]) {
  const v = insightsVitals;
  if (!spans.length) return Promise.resolve([]);
  return db
    .select({
      path: v.path,
      metric: v.metric,
      bucket: v.bucket,
      samples: sql<number>`sum(${v.samples})::int`,
    })
    .from(v)
    .where(or(...spans.map(([a, b]) => and(gte(v.day, a), lte(v.day, b)))))
    .groupBy(v.path, v.metric, v.bucket);
}

function bucketsOfMonths(db: Db, months: Span | null) {
  const m = insightsVitalsMonthly;
  if (!months) return Promise.resolve([]);
  return db
    .select({
      path: m.path,
      metric: m.metric,
      bucket: m.bucket,
      samples: sql<number>`sum(${m.samples})::int`,
    })
    .from(m)
    .where(and(gte(m.month, months[0]), lte(m.month, months[1])))
    .groupBy(m.path, m.metric, m.bucket);
}

/** Bucket counts per page and metric in [from, to], read mostly from the monthly rollup. */
export async function vitalBuckets(db: Db, from: string, to: string): Promise<BucketCount[]> {
  const { months, add, subtract } = monthsAndDays(from, to);
  const [monthly, added, taken] = await Promise.all([
    bucketsOfMonths(db, months),
    bucketsOfDays(db, add),
    bucketsOfDays(db, subtract),
  ]);
  const merged = new Map<string, BucketCount>();
  const count = (rows: BucketCount[], sign: number) => {
    for (const row of rows) {
      const key = `${row.path}\n${row.metric}\n${row.bucket}`;
      const known = merged.get(key) ?? { ...row, samples: 0 };
      merged.set(key, known);
      known.samples += sign * row.samples;
    }
  };
  count(monthly, 1);
  count(added, 1);
  count(taken, -1);
  return [...merged.values()].filter((b) => b.samples);
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
  // A month that began before `day` goes whole: no read ever takes it, as no range reaches it.
  const months = await db
    .delete(insightsVitalsMonthly)
    .where(lt(insightsVitalsMonthly.month, day))
    .returning({ month: insightsVitalsMonthly.month });
  return vitals.length + targets.length + months.length;
}
