/**
 * A busy year (src/testing/insights-bench-seed.ts) on a real PostgreSQL server: what the admin
 * reads from the rollups equals every daily row of the range summed, for each range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/client';
import { seedInsightsYear } from '../../testing/insights-bench-seed';
import { readInsightsFromDailyRows } from '../../testing/insights-reference';
import { startPostgres, type PostgresServer } from '../../testing/postgres-server';
import { readInsights } from './insights-report.server';
import { RANGES, type RangeKey } from './insights';

let server: PostgresServer;
let handle: { db: Db; close: () => Promise<void> };
const now = new Date();

beforeAll(async () => {
  server = await startPostgres();
  handle = await openDatabase({ kind: 'postgres', url: server.url });
  await seedInsightsYear(handle.db, now);
});
afterAll(async () => {
  await handle?.close();
  await server?.stop();
});

describe('insights at a year of data', () => {
  it.each(Object.keys(RANGES) as RangeKey[])(
    '%s: the rollups read as the daily rows',
    async (range) => {
      const fast = await readInsights(handle.db, range, now);
      expect(fast.totals.views).toBeGreaterThan(0);
      expect(fast.vitals.length).toBeGreaterThan(0);
      expect(fast).toEqual(await readInsightsFromDailyRows(handle.db, range, now));
    },
  );
});
