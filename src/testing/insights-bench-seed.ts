/**
 * A year of insights as a busy site would leave it (bench:admin): each day 100,000 page views
 * spread over the site's pages, 40 sources and three devices (about 1,500 rows), and the
 * vitals of 30 pages (a bucket count per page, metric and bucket: about 2,500 rows).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { KNOWN_PATHS } from '../features/insights/dimensions.ts';
import { rollUpAsMigrated } from './insights-reference.ts';

export const INSIGHTS_BENCH_DAYS = 365;

export async function seedInsightsYear(
  db: Db,
  now = new Date(),
): Promise<{ daily: number; vitals: number }> {
  const paths = sql.raw(
    `ARRAY[${KNOWN_PATHS.slice(0, 30)
      .map((p) => `'${p}'`)
      .join(',')}]`,
  );
  const today = now.toISOString().slice(0, 10);
  // Pages × sources × devices, thinned to the combinations a day really has (about 1,500).
  await db.execute(sql`
    INSERT INTO insights_daily (day, path, referrer_host, utm_source, utm_medium, utm_campaign, device,
      views, visitors, product_views, cart_adds, checkouts, payments, onboardings, meetings, contacts, client_onboardings)
    SELECT d::date, (${paths})[p], CASE WHEN s = 0 THEN '' ELSE 'ref' || s || '.example' END,
      CASE WHEN s % 7 = 3 THEN 'campaign' || (s % 5) ELSE '' END, '', '', (ARRAY['mobile','tablet','desktop'])[v],
      60 + (p * s + v) % 40, 25 + (p + s) % 20, (p % 4) * 5, (p + s) % 3, (s + v) % 2, (p + v) % 2, 0, (s % 9 = 0)::int, (s % 11 = 0)::int, 0
    FROM generate_series(${today}::date - ${INSIGHTS_BENCH_DAYS - 1}::int, ${today}::date, '1 day') AS d,
      generate_series(1, 30) AS p, generate_series(0, 39) AS s, generate_series(1, 3) AS v
    WHERE (p * 7 + s * 13 + v) % 5 < 2`);
  await db.execute(sql`
    INSERT INTO insights_vitals (day, path, metric, bucket, samples)
    SELECT d::date, (${paths})[p], m, b, 1 + (p * b) % 50
    FROM generate_series(${today}::date - ${INSIGHTS_BENCH_DAYS - 1}::int, ${today}::date, '1 day') AS d,
      generate_series(1, 30) AS p, unnest(ARRAY['LCP','INP','CLS','FCP','TTFB']) AS m, generate_series(0, 15) AS b`);
  await db.execute(sql`
    INSERT INTO insights_vitals (day, path, metric, bucket, samples)
    SELECT d::date, (${paths})[p], 'ALL3', b, 100 + p * (2 - b) * 20
    FROM generate_series(${today}::date - ${INSIGHTS_BENCH_DAYS - 1}::int, ${today}::date, '1 day') AS d,
      generate_series(1, 30) AS p, generate_series(0, 1) AS b`);
  await rollUpAsMigrated(db);
  const count = async (table: string) =>
    Number(
      (
        (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );
  return { daily: await count('insights_daily'), vitals: await count('insights_vitals') };
}
