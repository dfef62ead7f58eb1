// The straightforward reading of Insights: every daily row of the range summed, no rollup.
import { readFileSync } from 'node:fs';
import { and, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { insightsDaily } from '../server/db/schema.ts';
import { insightsOf, rangeOf } from '../features/insights/insights-report.server.ts';
import { sumsOf } from '../features/insights/daily-counts.server.ts';
import type { RangeKey } from '../features/insights/insights.ts';
import { bucketsOfDays, vitalTargets } from '../features/insights/vitals.server.ts';

const sums = sumsOf(insightsDaily);

export async function readInsightsFromDailyRows(db: Db, range: RangeKey, now = new Date()) {
  const { from, to } = rangeOf(range, now);
  const d = insightsDaily;
  const inRange = and(gte(d.day, from), lte(d.day, to));
  return insightsOf(range, now, {
    daily: await db
      .select({ day: d.day, ...sums })
      .from(d)
      .where(inRange)
      .groupBy(d.day)
      .orderBy(d.day),
    paths: await db
      .select({ path: d.path, ...sums })
      .from(d)
      .where(inRange)
      .groupBy(d.path),
    sources: await db
      .select({ referrerHost: d.referrerHost, utmSource: d.utmSource, ...sums })
      .from(d)
      .where(inRange)
      .groupBy(d.referrerHost, d.utmSource),
    buckets: await bucketsOfDays(db, [[from, to]]),
    targets: await vitalTargets(db, from, to),
  });
}

const ROLLUPS_MIGRATION = new URL(
  '../../netlify/database/migrations/0022_insights_rollups.sql',
  import.meta.url,
);

/** Fills the rollups from rows written straight into the daily tables, as the migration did. */
export async function rollUpAsMigrated(db: Db): Promise<void> {
  const statements = readFileSync(ROLLUPS_MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('INSERT'));
  await db.execute(sql.raw('DELETE FROM insights_daily_paths'));
  await db.execute(sql.raw('DELETE FROM insights_daily_sources'));
  await db.execute(sql.raw('DELETE FROM insights_vitals_monthly'));
  for (const statement of statements) await db.execute(sql.raw(statement));
}
