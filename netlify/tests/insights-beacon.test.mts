/**
 * /api/insights: the beacon's function with real Requests against a fresh database. Hostile
 * input gets a 4xx with a JSON error, never a 5xx; a visitor asking not to be tracked, a robot
 * and the site's own tests are answered 204 and not counted; a broken database costs a lost
 * count, never an error page.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { insightsDaily, rateLimitHits } from '../../src/server/db/schema.ts';
import { replaceProcessDatabase } from '../../src/server/db/client.ts';
import { BEACON_RATE_LIMIT } from '../../src/features/insights/insights.server.ts';
import { TEST_TRAFFIC_HEADER } from '../../src/features/insights/traffic-rules.ts';
import { useFreshTestDb } from '../../src/testing/test-db.ts';
import beacon, { config } from '../functions/insights-beacon.mts';

const URL_ = 'http://localhost:4321/api/insights';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const VIEW = { k: 'view', p: '/products', r: 'https://www.google.com/', q: '?utm_source=news' };

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(URL_, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb().catch(() => undefined));
beforeEach(async () => {
  await db.delete(insightsDaily);
  await db.delete(rateLimitHits);
});

const views = async () =>
  (await db.select().from(insightsDaily)).reduce((n, row) => n + row.views, 0);

describe('POST /api/insights', () => {
  it('is configured with its path, POST only and a Netlify rate limit', () => {
    expect(config).toMatchObject({
      path: '/api/insights',
      method: ['POST'],
      rateLimit: { aggregateBy: ['ip', 'domain'] },
    });
  });

  it('counts a view and answers 204 without a cookie', async () => {
    const res = await beacon(post(VIEW), { ip: '203.0.113.5' });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await views()).toBe(1);
  });

  it.each([
    ['Sec-GPC', { 'sec-gpc': '1' }],
    ['Do Not Track', { dnt: '1' }],
    ['a robot', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }],
    ['a headless browser', { 'user-agent': 'Mozilla/5.0 HeadlessChrome/131.0' }],
    ['the site’s own tests', { [TEST_TRAFFIC_HEADER]: '1' }],
  ])('does not count a view with %s', async (_name, headers) => {
    const res = await beacon(post(VIEW, headers), { ip: '203.0.113.5' });
    expect(res.status).toBe(204);
    expect(await views()).toBe(0);
  });

  it.each([
    ['not JSON', '{nope'],
    ['an unknown kind', { k: 'purchase', p: '/' }],
    ['a path too long', { ...VIEW, p: `/${'a'.repeat(600)}` }],
    ['a vital out of range', { k: 'vitals', p: '/', m: { LCP: -5 } }],
    ['an unknown step', { k: 'step', s: 'payments', p: '/' }],
    ['a NUL character', { ...VIEW, p: '/\u0000' }],
  ])('refuses %s with a 400 and a JSON error', async (_name, body) => {
    const res = await beacon(post(body), { ip: '203.0.113.5' });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('error');
  });

  it('refuses a body over its bound with a 413', async () => {
    const res = await beacon(post({ ...VIEW, pad: 'x'.repeat(4000) }), { ip: '203.0.113.5' });
    expect(res.status).toBe(413);
  });

  it('refuses another site’s page with a 403', async () => {
    const res = await beacon(post(VIEW, { origin: 'https://evil.example' }), {});
    expect(res.status).toBe(403);
  });

  it('answers 429 past the per-address limit', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < BEACON_RATE_LIMIT.limit; i++)
      await beacon(post({ k: 'step', s: 'cartAdds', p: '/' }), { ip });
    const res = await beacon(post(VIEW), { ip });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });

  it('folds unknown paths into "other", never storing what was typed', async () => {
    await beacon(post({ ...VIEW, p: '/users/ada@example.com?token=secret' }), {
      ip: '203.0.113.6',
    });
    const paths = (await db.select().from(insightsDaily)).map((r) => r.path);
    expect(paths).toEqual(['other']);
  });

  it('never answers 5xx to random bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const res = await beacon(post(JSON.stringify(body)), { ip: '203.0.113.8' });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });

  it('answers 204 when the database cannot count', async () => {
    const broken = Promise.reject(
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    );
    broken.catch(() => undefined);
    await replaceProcessDatabase(broken as never).catch(() => undefined);
    const res = await beacon(post(VIEW), { ip: '203.0.113.9' });
    expect(res.status).toBe(204);
  });
});
