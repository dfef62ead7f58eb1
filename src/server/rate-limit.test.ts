import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { closeDb, type Db } from './db/client';
import { useFreshTestDb } from '../testing/test-db';
import { rateLimitHits } from './db/schema';
import { HttpError } from './responses';
import * as purgeFunction from '../../netlify/functions/rate-limits-purge.mts';
import { enforce, hit, KEEP_WINDOWS_SECONDS, purgeEndedWindows, refund, reset } from './rate-limit';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const RULE = { limit: 2, windowSeconds: 60 };
const NOW = new Date('2030-01-01T00:00:30Z');
const NEXT_WINDOW = new Date('2030-01-01T00:01:10Z');

async function countIn(key: string, windowStart: Date) {
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart)));
  return row?.count;
}

describe('rate limit', () => {
  it('counts hits per fixed window and says when the window ends', async () => {
    const first = await hit(db, 'count', RULE, NOW);
    expect(first).toEqual({
      allowed: true,
      count: 1,
      retryAfterSeconds: 30,
      windowStart: new Date('2030-01-01T00:00:00Z'),
    });
    await hit(db, 'count', RULE, NOW);
    expect(await hit(db, 'count', RULE, NOW)).toMatchObject({ allowed: false, count: 3 });
    expect(await hit(db, 'count', RULE, NEXT_WINDOW)).toMatchObject({ allowed: true, count: 1 });
  });

  it('counts a weighted hit as that many hits', async () => {
    const rule = { limit: 100, windowSeconds: 60 };
    expect(await hit(db, 'weighted', rule, NOW, 60)).toMatchObject({ allowed: true, count: 60 });
    expect(await hit(db, 'weighted', rule, NOW, 40)).toMatchObject({ allowed: true, count: 100 });
    expect(await hit(db, 'weighted', rule, NOW)).toMatchObject({ allowed: false, count: 101 });
  });

  it('enforce refuses over the limit with a 429 and Retry-After', async () => {
    await enforce(db, 'enforce', RULE, NOW);
    await enforce(db, 'enforce', RULE, NOW);
    const error = await enforce(db, 'enforce', RULE, NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, headers: { 'Retry-After': '30' } });
  });

  it('refund takes back one hit in the window it was counted in, never below zero', async () => {
    const a = await hit(db, 'refund', RULE, NOW);
    await hit(db, 'refund', RULE, NOW);
    const next = await hit(db, 'refund', RULE, NEXT_WINDOW);
    await refund(db, 'refund', a.windowStart);
    expect(await countIn('refund', a.windowStart)).toBe(1);
    expect(await countIn('refund', next.windowStart)).toBe(1);
    await refund(db, 'refund', a.windowStart);
    await refund(db, 'refund', a.windowStart);
    expect(await countIn('refund', a.windowStart)).toBe(0);
    // A refunded hit frees its place under the limit.
    expect(await hit(db, 'refund', RULE, NOW)).toMatchObject({ allowed: true, count: 1 });
    // Refunding a window that was never counted is a no-op.
    await refund(db, 'never', a.windowStart);
    expect(await countIn('never', a.windowStart)).toBeUndefined();
  });

  it('reset forgets every window of a key and no other key', async () => {
    await hit(db, 'gone', RULE, NOW);
    await hit(db, 'gone', RULE, NEXT_WINDOW);
    const kept = await hit(db, 'kept', RULE, NOW);
    await reset(db, 'gone');
    expect(await hit(db, 'gone', RULE, NOW)).toMatchObject({ count: 1 });
    expect(await countIn('kept', kept.windowStart)).toBe(1);
  });
});

describe('purging the counters', () => {
  it('deletes windows that ended long ago and keeps every live one', async () => {
    const now = new Date('2031-06-10T12:00:00Z');
    const daily = { limit: 5, windowSeconds: 24 * 60 * 60 };
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    await hit(db, 'purge:old', RULE, ago(KEEP_WINDOWS_SECONDS + 3600));
    await hit(db, 'purge:old-day', daily, ago(KEEP_WINDOWS_SECONDS + 86_400));
    await hit(db, 'purge:today', daily, now);
    await hit(db, 'purge:minute', RULE, now);
    expect(await purgeEndedWindows(db, now)).toBeGreaterThanOrEqual(2);
    const keys = (await db.select().from(rateLimitHits)).map((r) => r.key);
    expect(keys).not.toContain('purge:old');
    expect(keys).not.toContain('purge:old-day');
    expect(keys).toEqual(expect.arrayContaining(['purge:today', 'purge:minute']));
    // A live daily counter is still counted after the purge.
    expect(await hit(db, 'purge:today', daily, now)).toMatchObject({ count: 2 });
  });

  it('runs hourly as a scheduled function, which has no URL', async () => {
    expect(purgeFunction.config).toEqual({ schedule: '@hourly' });
    expect(purgeFunction.config).not.toHaveProperty('path');
    const res = await purgeFunction.default();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ purged: expect.any(Number) });
  });
});
