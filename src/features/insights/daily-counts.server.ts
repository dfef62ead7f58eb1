import { and, count, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { insightsDaily } from '../../server/db/schema.ts';
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

const added = (increments: Increments) =>
  Object.fromEntries(
    Object.entries(increments).map(([k, n]) => {
      const column = insightsDaily[k as CountKey];
      return [k, sql`${column} + ${n}`];
    }),
  );

/** Adds to a row's counts, creating it; a new row past the day's cap counts under "other". */
export async function addCounts(db: Db, key: DailyKey, increments: Increments): Promise<void> {
  const updated = await db
    .update(insightsDaily)
    .set(added(increments))
    .where(keyMatches(key))
    .returning({ day: insightsDaily.day });
  if (updated.length) return;
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
      set: added(increments),
    });
}

export type DailyRow = typeof insightsDaily.$inferSelect;

const sums = Object.fromEntries(
  COUNT_KEYS.map((k) => [k, sql<number>`coalesce(sum(${insightsDaily[k]}), 0)::int`]),
) as Record<CountKey, ReturnType<typeof sql<number>>>;

const inRange = (from: string, to: string) =>
  and(gte(insightsDaily.day, from), lte(insightsDaily.day, to));

/** Counts per day in [from, to] (days without a row are absent). */
export function countsByDay(db: Db, from: string, to: string) {
  return db
    .select({ day: insightsDaily.day, ...sums })
    .from(insightsDaily)
    .where(inRange(from, to))
    .groupBy(insightsDaily.day)
    .orderBy(insightsDaily.day);
}

export function countsByPath(db: Db, from: string, to: string) {
  return db
    .select({ path: insightsDaily.path, ...sums })
    .from(insightsDaily)
    .where(inRange(from, to))
    .groupBy(insightsDaily.path);
}

export function countsBySource(db: Db, from: string, to: string) {
  return db
    .select({
      referrerHost: insightsDaily.referrerHost,
      utmSource: insightsDaily.utmSource,
      ...sums,
    })
    .from(insightsDaily)
    .where(inRange(from, to))
    .groupBy(insightsDaily.referrerHost, insightsDaily.utmSource);
}

export function rowsOfDay(db: Db, day: string): Promise<DailyRow[]> {
  return db.select().from(insightsDaily).where(eq(insightsDaily.day, day));
}

export async function purgeDailyBefore(db: Db, day: string): Promise<number> {
  const gone = await db
    .delete(insightsDaily)
    .where(lt(insightsDaily.day, day))
    .returning({ day: insightsDaily.day });
  return gone.length;
}
