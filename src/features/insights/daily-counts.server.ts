import { and, count, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { insightsDaily, insightsDailyPaths, insightsDailySources } from '../../server/db/schema.ts';
import { OTHER } from './dimensions.ts';
import { COUNT_KEYS, type CountKey } from './insights.ts';

export type DailyKey = {
  day: string;
  path: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  device: string;
};

export type Increments = Partial<Record<CountKey, number>>;

// 100,000 views from a few hundred sources fit well under it; a flood of made-up referrers or
// campaigns cannot grow it.
export const MAX_ROWS_PER_DAY = 3000;

const keyMatches = (key: DailyKey) =>
  and(
    eq(insightsDaily.day, key.day),
    eq(insightsDaily.path, key.path),
    eq(insightsDaily.referrerHost, key.referrerHost),
    eq(insightsDaily.utmSource, key.utmSource),
    eq(insightsDaily.utmMedium, key.utmMedium),
    eq(insightsDaily.utmCampaign, key.utmCampaign),
    eq(insightsDaily.device, key.device),
  );

type CountTable = typeof insightsDaily | typeof insightsDailyPaths | typeof insightsDailySources;

const added = (table: CountTable, increments: Increments) =>
  Object.fromEntries(
    Object.entries(increments).map(([k, n]) => {
      const column = table[k as CountKey];
      return [k, sql`${column} + ${n}`];
    }),
  );

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Adds to a row's counts, creating it; a new row past the day's cap counts under "other". */
export function addCounts(db: Db, key: DailyKey, increments: Increments): Promise<void> {
  return db.transaction(async (tx) => {
    const counted = await addDailyRow(tx, key, increments);
    await addRollups(tx, counted, increments);
  });
}

/** The key it counted under: `key`, or its source folded into "other". */
async function addDailyRow(db: Tx, key: DailyKey, increments: Increments): Promise<DailyKey> {
  const updated = await db
    .update(insightsDaily)
    .set(added(insightsDaily, increments))
    .where(keyMatches(key))
    .returning({ day: insightsDaily.day });
  if (updated.length) return key;
  const [rows] = await db
    .select({ n: count() })
    .from(insightsDaily)
    .where(eq(insightsDaily.day, key.day));
  const folded =
    (rows?.n ?? 0) >= MAX_ROWS_PER_DAY
      ? {
          ...key,
          referrerHost: key.referrerHost && OTHER,
          utmSource: key.utmSource && OTHER,
          utmMedium: '',
          utmCampaign: '',
        }
      : key;
  await db
    .insert(insightsDaily)
    .values({ ...folded, ...increments })
    .onConflictDoUpdate({
      target: [
        insightsDaily.day,
        insightsDaily.path,
        insightsDaily.referrerHost,
        insightsDaily.utmSource,
        insightsDaily.utmMedium,
        insightsDaily.utmCampaign,
        insightsDaily.device,
      ],
      set: added(insightsDaily, increments),
    });
  return folded;
}

async function addRollups(db: Tx, key: DailyKey, increments: Increments) {
  await db
    .insert(insightsDailyPaths)
    .values({ day: key.day, path: key.path, ...increments })
    .onConflictDoUpdate({
      target: [insightsDailyPaths.day, insightsDailyPaths.path],
      set: added(insightsDailyPaths, increments),
    });
  const { day, referrerHost, utmSource } = key;
  await db
    .insert(insightsDailySources)
    .values({ day, referrerHost, utmSource, ...increments })
    .onConflictDoUpdate({
      target: [
        insightsDailySources.day,
        insightsDailySources.referrerHost,
        insightsDailySources.utmSource,
      ],
      set: added(insightsDailySources, increments),
    });
}

export type DailyRow = typeof insightsDaily.$inferSelect;

export const sumsOf = (table: CountTable) =>
  Object.fromEntries(
    COUNT_KEYS.map((k) => [k, sql<number>`coalesce(sum(${table[k]}), 0)::int`]),
  ) as Record<CountKey, ReturnType<typeof sql<number>>>;

const daysOf = (
  table: typeof insightsDailyPaths | typeof insightsDailySources,
  from: string,
  to: string,
) => and(gte(table.day, from), lte(table.day, to));

/** Counts per day in [from, to] (days without a row are absent). */
export function countsByDay(db: Db, from: string, to: string) {
  return db
    .select({ day: insightsDailyPaths.day, ...sumsOf(insightsDailyPaths) })
    .from(insightsDailyPaths)
    .where(daysOf(insightsDailyPaths, from, to))
    .groupBy(insightsDailyPaths.day)
    .orderBy(insightsDailyPaths.day);
}

export function countsByPath(db: Db, from: string, to: string) {
  return db
    .select({ path: insightsDailyPaths.path, ...sumsOf(insightsDailyPaths) })
    .from(insightsDailyPaths)
    .where(daysOf(insightsDailyPaths, from, to))
    .groupBy(insightsDailyPaths.path);
}

export function countsBySource(db: Db, from: string, to: string) {
  const t = insightsDailySources;
  return db
    .select({ referrerHost: t.referrerHost, utmSource: t.utmSource, ...sumsOf(t) })
    .from(t)
    .where(daysOf(t, from, to))
    .groupBy(t.referrerHost, t.utmSource);
}

export function rowsOfDay(db: Db, day: string): Promise<DailyRow[]> {
  return db.select().from(insightsDaily).where(eq(insightsDaily.day, day));
}

export async function purgeDailyBefore(db: Db, day: string): Promise<number> {
  let purged = 0;
  for (const table of [insightsDaily, insightsDailyPaths, insightsDailySources]) {
    const gone = await db.delete(table).where(lt(table.day, day)).returning({ day: table.day });
    purged += gone.length;
  }
  return purged;
}
