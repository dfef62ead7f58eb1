/**
 * The rollups the admin reads (per day and path, per day and source, vitals per month) give the
 * same figures as summing every daily row, whatever the range and wherever it starts and ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import {
  insightsDaily,
  insightsDailyPaths,
  insightsDailySources,
  insightsVitalsMonthly,
} from '../../server/db/schema';
import { readInsightsFromDailyRows, rollUpAsMigrated } from '../../testing/insights-reference';
import { useFreshTestDb } from '../../testing/test-db';
import { MAX_ROWS_PER_DAY } from './daily-counts.server';
import { readInsights } from './insights-report.server';
import { countStep, purgeInsights, recordBeacon } from './insights.server';
import { RANGES, type RangeKey } from './insights.ts';
import { monthsAndDays } from './vitals.server';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const DAY_MS = 24 * 60 * 60 * 1000;
const PAGES = ['/', '/products', '/lily-ai', '/contact', '/onboarding/12'];
const REFERRERS = ['', 'https://www.google.com/', 'https://news.example/', 'https://x.test/'];
const AGENTS = ['Mozilla/5.0 (iPhone) Mobile', 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0'];

async function visitsOf(at: Date, n: number) {
  for (let i = 0; i < n; i++) {
    const visitor = {
      headers: new Headers({ 'user-agent': AGENTS[i % 2]! }),
      site: 'shop.test',
      address: `192.0.2.${i % 5}`,
      now: at,
    };
    const p = PAGES[(i + at.getUTCDate()) % PAGES.length]!;
    const q = i % 3 ? '' : `?utm_source=mail${i % 2}`;
    await recordBeacon(db, { k: 'view', p, r: REFERRERS[i % 4]!, q }, visitor);
    if (i % 2) await recordBeacon(db, { k: 'step', s: 'cartAdds', p }, visitor);
    const m = { LCP: 900 + 700 * i, INP: 40 * i, CLS: 0.03 * i, TTFB: 100 + 90 * i };
    await recordBeacon(db, { k: 'vitals', p, m, a: { LCP: 'img' } }, visitor);
  }
  await countStep(db, 'payments', null, at);
}

describe('insights rollups', () => {
  it('reads a range as months, less or plus the fewest days at either end', () => {
    expect(monthsAndDays('2025-12-03', '2026-12-02')).toEqual({
      months: ['2025-12-01', '2026-11-01'],
      add: [['2026-12-01', '2026-12-02']],
      subtract: [['2025-12-01', '2025-12-02']],
    });
    expect(monthsAndDays('2026-02-01', '2026-02-28')).toEqual({
      months: ['2026-02-01', '2026-02-01'],
      add: [],
      subtract: [],
    });
    expect(monthsAndDays('2026-02-02', '2026-03-03')).toEqual({
      months: ['2026-02-01', '2026-02-01'],
      add: [['2026-03-01', '2026-03-03']],
      subtract: [['2026-02-01', '2026-02-01']],
    });
    expect(monthsAndDays('2026-03-10', '2026-03-12')).toEqual({
      months: null,
      add: [['2026-03-10', '2026-03-12']],
      subtract: [],
    });
  });

  it('reads the same figures as every daily row summed, for each range and end day', async () => {
    // Every 6th day of 14 months, so ranges start and end inside months and on their edges.
    const start = Date.parse('2025-01-01T10:00:00Z');
    for (let d = 0; d < 425; d += 6) await visitsOf(new Date(start + d * DAY_MS), 6);
    const ends = ['2026-02-28', '2026-03-01', '2026-01-31', '2025-12-15', '2025-11-29'];
    for (const end of ends) {
      for (const range of Object.keys(RANGES) as RangeKey[]) {
        const now = new Date(`${end}T12:00:00Z`);
        const fast = await readInsights(db, range, now);
        expect(fast.totals.views).toBeGreaterThan(0);
        expect(fast).toEqual(await readInsightsFromDailyRows(db, range, now));
      }
    }
  });

  it('rolls up a folded source under "other", as the daily row counts it', async () => {
    const day = '2026-01-20';
    await db.insert(insightsDaily).values(
      Array.from({ length: MAX_ROWS_PER_DAY }, (_, i) => ({
        day,
        path: '/',
        referrerHost: `h${i}.test`,
        device: 'desktop',
        views: 1,
      })),
    );
    await rollUpAsMigrated(db);
    const at = new Date(`${day}T10:00:00Z`);
    await recordBeacon(
      db,
      { k: 'view', p: '/', r: 'https://flood.example/', q: '?utm_source=flood' },
      {
        headers: new Headers({ 'user-agent': AGENTS[1]! }),
        site: 'shop.test',
        address: '',
        now: at,
      },
    );
    const fast = await readInsights(db, '30d', at);
    expect(fast.sources.map((s) => s.source)).toContain('other');
    expect(fast).toEqual(await readInsightsFromDailyRows(db, '30d', at));
  });

  it('purges the rollups with the daily rows', async () => {
    const now = new Date('2028-04-10T01:00:00Z');
    await purgeInsights(db, new Date('2027-01-01T00:00:00Z'), now);
    for (const table of [insightsDailyPaths, insightsDailySources, insightsVitalsMonthly]) {
      expect(await db.select().from(table)).toEqual([]);
    }
  });
});
