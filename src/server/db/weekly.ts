/**
 * Figures per week for the admin overview, grouped by the database: a table's owner passes its
 * date column (and what to add up), and gets one row per week that has any, instead of every
 * row of the period.
 */
import { and, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { countAll } from './list-query.ts';

/** One week's figures: its Monday (UTC, YYYY-MM-DD), how many rows, and the sum of cents. */
export type WeeklySum = { week: string; count: number; cents: number };

/** Rows of `table` dated by `at` since `since`, matching `where`, per ISO week (Monday, UTC). */
export async function weeklySums(
  db: Db,
  table: PgTable,
  at: PgColumn,
  since: Date,
  where?: SQL,
  cents?: PgColumn,
): Promise<WeeklySum[]> {
  // Grouped by the truncated time and formatted once per week, not once per row.
  const monday = sql`date_trunc('week', ${at} AT TIME ZONE 'UTC')`;
  return db
    .select({
      week: sql<string>`to_char(${monday}, 'YYYY-MM-DD')`,
      count: countAll,
      cents: cents ? sql<number>`coalesce(sum(${cents}), 0)::float8` : sql<number>`0::float8`,
    })
    .from(table)
    .where(and(gte(at, since), where))
    .groupBy(monday);
}

/** Monday 00:00 UTC of the week containing `date`. */
export function weekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

/** A week of payments: the sum charged, the tax in it, and the payments whose tax is unknown. */
export type WeeklyCharges = WeeklySum & { taxCents: number; taxUnknown: number };

/**
 * Like weeklySums for payments: `total` summed as `cents`, `tax` summed where known, and the
 * payments whose `tax` is NULL (stored before the provider's breakdown was) counted apart.
 */
export async function weeklyCharges(
  db: Db,
  table: PgTable,
  at: PgColumn,
  since: Date,
  where: SQL | undefined,
  { total, tax }: { total: PgColumn; tax: PgColumn },
): Promise<WeeklyCharges[]> {
  const monday = sql`date_trunc('week', ${at} AT TIME ZONE 'UTC')`;
  return db
    .select({
      week: sql<string>`to_char(${monday}, 'YYYY-MM-DD')`,
      count: countAll,
      cents: sql<number>`coalesce(sum(${total}), 0)::float8`,
      taxCents: sql<number>`coalesce(sum(${tax}), 0)::float8`,
      taxUnknown: sql<number>`(count(*) filter (where ${tax} is null))::int`,
    })
    .from(table)
    .where(and(gte(at, since), where))
    .groupBy(monday);
}
