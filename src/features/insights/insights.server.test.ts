/**
 * Counting end to end against a fresh database: views, visitors, steps and vitals land in
 * per-day aggregates; the visitor hash lasts a day; the purge applies the retention rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import {
  insightsDaily,
  insightsSalts,
  insightsVisitorHashes,
  insightsVitals,
} from '../../server/db/schema';
import { cutoffOf } from '../../server/privacy/retention';
import { useFreshTestDb } from '../../testing/test-db';
import { MAX_ROWS_PER_DAY, rowsOfDay } from './daily-counts.server';
import { readInsights } from './insights-report.server';
import { countStep, purgeInsights, recordBeacon, SERVER_PATH } from './insights.server';
import { visitorHash } from './visitor-days.server';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36';
const DAY1 = new Date('2026-03-02T09:00:00Z');
const DAY2 = new Date('2026-03-03T09:00:00Z');
const site = 'shop.test';

const from = (address: string, userAgent: string, now: Date) => ({
  headers: new Headers({ 'user-agent': userAgent }),
  site,
  address,
  now,
});

describe('counting', () => {
  it('keeps views, first visits and steps per day, page, source and device', async () => {
    const ada = from('203.0.113.7', PHONE, DAY1);
    await recordBeacon(
      db,
      { k: 'view', p: '/', r: 'https://www.google.com/', q: '?utm_source=News&id=9' },
      ada,
    );
    await recordBeacon(db, { k: 'view', p: '/products?page=2', r: `https://${site}/`, q: '' }, ada);
    await recordBeacon(db, { k: 'step', s: 'cartAdds', p: '/products' }, ada);
    await recordBeacon(
      db,
      { k: 'view', p: '/onboarding/77', r: '', q: '' },
      from('198.51.100.1', LAPTOP, DAY1),
    );
    await countStep(db, 'checkouts', { headers: ada.headers }, DAY1);
    await countStep(db, 'payments', null, DAY1);
    // Not counted: a visitor asking not to be, and a robot.
    await countStep(
      db,
      'checkouts',
      { headers: new Headers({ 'user-agent': LAPTOP, 'sec-gpc': '1' }) },
      DAY1,
    );
    await countStep(
      db,
      'contacts',
      { headers: new Headers({ 'user-agent': 'Googlebot/2.1' }) },
      DAY1,
    );

    const rows = await rowsOfDay(db, '2026-03-02');
    const row = (path: string) => rows.filter((r) => r.path === path);
    expect(row('/')).toEqual([
      expect.objectContaining({
        referrerHost: 'google.com',
        utmSource: 'news',
        device: 'mobile',
        views: 1,
        visitors: 1,
      }),
    ]);
    expect(row('/products')).toEqual(
      [
        expect.objectContaining({ referrerHost: '', views: 1, visitors: 0, productViews: 1 }),
        expect.objectContaining({ views: 0, cartAdds: 1 }),
      ].slice(0, row('/products').length),
    );
    expect(row('/products').reduce((n, r) => n + r.cartAdds, 0)).toBe(1);
    expect(row('/onboarding/:order')[0]).toMatchObject({
      device: 'desktop',
      views: 1,
      visitors: 1,
    });
    expect(row(SERVER_PATH).reduce((n, r) => n + r.checkouts, 0)).toBe(1);
    expect(row(SERVER_PATH).reduce((n, r) => n + r.payments, 0)).toBe(1);
    expect(row(SERVER_PATH).reduce((n, r) => n + r.contacts, 0)).toBe(0);
    // Nothing in a row names a visitor: only the dimensions and counts.
    expect(Object.keys(rows[0]!).sort()).toEqual(
      Object.keys(insightsDaily)
        .filter((k) => !k.startsWith('_') && k !== 'enableRLS' && k !== 'getSQL')
        .sort(),
    );
  });

  it('counts a visitor once a day, and anew the next day with a new salt', async () => {
    const [salt1] = await db.select().from(insightsSalts);
    await recordBeacon(db, { k: 'view', p: '/', r: '', q: '' }, from('203.0.113.7', PHONE, DAY2));
    await recordBeacon(
      db,
      { k: 'view', p: '/about', r: '', q: '' },
      from('203.0.113.7', PHONE, DAY2),
    );
    const day2 = await rowsOfDay(db, '2026-03-03');
    expect(day2.reduce((n, r) => n + r.visitors, 0)).toBe(1);
    expect(day2.reduce((n, r) => n + r.views, 0)).toBe(2);
    // The first visit of the day threw away yesterday's salt and hashes.
    const salts = await db.select().from(insightsSalts);
    expect(salts.map((s) => s.day)).toEqual(['2026-03-03']);
    expect(Buffer.from(salts[0]!.salt).equals(Buffer.from(salt1!.salt))).toBe(false);
    const hashes = await db.select().from(insightsVisitorHashes);
    expect(hashes.map((h) => h.day)).toEqual(['2026-03-03']);
    const who = { site, address: '203.0.113.7', userAgent: PHONE };
    expect(visitorHash(salts[0]!.salt, who).equals(visitorHash(salt1!.salt, who))).toBe(false);
  });

  it('stores vitals as bucket counts and whether the view passed all three', async () => {
    const phone = from('203.0.113.9', PHONE, DAY2);
    await recordBeacon(
      db,
      {
        k: 'vitals',
        p: '/',
        m: { LCP: 1800, CLS: 0.02, INP: 120, TTFB: 300 },
        a: { LCP: 'main>h1' },
      },
      phone,
    );
    await recordBeacon(
      db,
      { k: 'vitals', p: '/', m: { LCP: 5200, CLS: 0.3 }, a: { LCP: 'img.hero' } },
      phone,
    );
    const vitals = await db.select().from(insightsVitals);
    expect(
      vitals
        .filter((v) => v.metric === 'ALL3')
        .map((v) => [v.bucket, v.samples])
        .sort(),
    ).toEqual([
      [0, 1],
      [1, 1],
    ]);
    const report = await readInsights(db, '7d', DAY2);
    const home = report.vitals.find((v) => v.path === '/')!;
    expect(home.passShare).toBe(0.5);
    expect(home.metrics.LCP?.samples).toBe(2);
    expect(home.targets[0]).toMatchObject({ metric: 'LCP', target: 'img.hero', poor: 1 });
  });

  it('reads the funnel, pages and sources of a range', async () => {
    const report = await readInsights(db, '7d', DAY2);
    expect(report.series).toHaveLength(7);
    expect(Object.fromEntries(report.funnel.map((s) => [s.key, s.count]))).toEqual({
      visitors: 3,
      productViews: 1,
      cartAdds: 1,
      checkouts: 1,
      payments: 1,
      onboardings: 0,
    });
    expect(report.pages[0]).toMatchObject({ path: '/', views: 2 });
    expect(report.sources.map((s) => s.source)).toContain('news');
  });

  it('counts a visitor once a day in each step the page sees, so no step outnumbers visitors', async () => {
    const day = '2026-02-10';
    const grace = from('192.0.2.40', LAPTOP, new Date(`${day}T11:00:00Z`));
    for (const p of ['/products', '/lily-ai', '/products']) {
      await recordBeacon(db, { k: 'view', p, r: '', q: '' }, grace);
      await recordBeacon(db, { k: 'step', s: 'cartAdds', p }, grace);
    }
    const rows = await rowsOfDay(db, day);
    const sum = (k: 'views' | 'visitors' | 'productViews' | 'cartAdds') =>
      rows.reduce((n, r) => n + r[k], 0);
    expect([sum('views'), sum('visitors'), sum('productViews'), sum('cartAdds')]).toEqual([
      3, 1, 1, 1,
    ]);
  });

  it('folds new sources into "other" once a day has its fill of rows', async () => {
    const day = '2026-02-01';
    await db.insert(insightsDaily).values(
      Array.from({ length: MAX_ROWS_PER_DAY }, (_, i) => ({
        day,
        path: '/',
        referrerHost: `h${i}.test`,
        device: 'desktop',
        views: 1,
      })),
    );
    const at = new Date(`${day}T10:00:00Z`);
    await recordBeacon(
      db,
      { k: 'view', p: '/', r: 'https://flood.example/', q: '?utm_source=flood' },
      from('192.0.2.1', LAPTOP, at),
    );
    const rows = await rowsOfDay(db, day);
    expect(rows).toHaveLength(MAX_ROWS_PER_DAY + 1);
    expect(rows.find((r) => r.referrerHost === 'other')).toMatchObject({
      utmSource: 'other',
      views: 1,
    });
  });

  it('purges what the retention rule has passed, and every hash of a past day', async () => {
    const now = new Date('2028-04-10T01:00:00Z');
    const purged = await purgeInsights(db, cutoffOf('insights', now), now);
    expect(purged.insights_daily).toBeGreaterThan(0);
    expect(purged.insights_visitor_hashes).toBeGreaterThan(0);
    expect(await db.select().from(insightsDaily)).toEqual([]);
    expect(await db.select().from(insightsVisitorHashes)).toEqual([]);
  });
});
