import { and, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { countAll } from './list-query.ts';

/** `week`: its Monday (UTC, YYYY-MM-DD). */
export type WeeklySum = { week: string; count: number; cents: number };

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

export function weekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

export type WeeklyCharges = WeeklySum & { taxCents: number; taxUnknown: number };

// `taxUnknown`: payments stored before the provider's breakdown was.
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
