import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, useFreshTestDb, type Db } from '../../src/server/db/client.ts';
import { rateLimitHits, subscribers } from '../../src/server/db/schema.ts';
import { SUBSCRIBE_RATE_LIMIT } from '../../src/features/subscribe/subscribe.server.ts';
import { SUBSCRIBE_MESSAGES } from '../../src/features/subscribe/subscribe.ts';
import handler from '../functions/subscribe.mts';

let db: Db;
let ipCounter = 0;

// One migrated database for the file (creating one takes seconds); rows are reset per test.
beforeAll(async () => {
  db = await useFreshTestDb();
});
beforeEach(async () => {
  await db.delete(subscribers);
  await db.delete(rateLimitHits);
});
afterAll(() => closeDb());

const post = (body: unknown, headers: Record<string, string> = {}) =>
  handler(
    new Request('http://localhost/api/subscribe', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'x-forwarded-for': `10.1.0.${++ipCounter}`,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    {},
  );

describe('POST /api/subscribe', () => {
  it('stores the address (trimmed, lower-case) with its source and answers success', async () => {
    const res = await post({ email: '  Host@Example.com ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const rows = await db.select().from(subscribers);
    expect(rows).toMatchObject([{ email: 'host@example.com', source: 'airbnb-automation' }]);
  });

  it('treats a repeat sign-up as success and keeps one row', async () => {
    expect((await post({ email: 'host@example.com' })).status).toBe(200);
    const again = await post({ email: 'HOST@example.com' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ success: true });
    expect(await db.select().from(subscribers)).toHaveLength(1);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email: Please enter a valid email address'],
    [{}, 'email: Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email: Please enter a valid email address'],
    [{ email: 'host@example.com', source: 'elsewhere' }, 'source'],
    [{ email: 'host@example.com', website: 'x'.repeat(501) }, 'website'],
  ])('rejects %j with 400', async (body, error) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toContain(error);
    expect(await db.select().from(subscribers)).toHaveLength(0);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const res = await post({ email: 'bot@example.com', website: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: SUBSCRIBE_MESSAGES.success });
    expect(await db.select().from(subscribers)).toHaveLength(0);
  });

  it('stores the address when the honeypot is empty or null', async () => {
    expect((await post({ email: 'one@example.com', website: '' })).status).toBe(200);
    expect((await post({ email: 'two@example.com', website: null })).status).toBe(200);
    const rows = await db.select().from(subscribers);
    expect(rows.map((r) => r.email).sort()).toEqual(['one@example.com', 'two@example.com']);
  });

  it('rejects malformed JSON, other methods and cross-site posts', async () => {
    expect((await post('{nope')).status).toBe(400);
    const get = await handler(new Request('http://localhost/api/subscribe'), {});
    expect(get.status).toBe(405);
    expect((await post({ email: 'a@b.co' }, { Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('rate limits per client address', async () => {
    const ip = { 'x-forwarded-for': '10.9.9.9' };
    for (let i = 0; i < SUBSCRIBE_RATE_LIMIT.limit; i++) {
      expect((await post({ email: `host${i}@example.com` }, ip)).status).toBe(200);
    }
    const blocked = await post({ email: 'late@example.com' }, ip);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toMatch(/Too many requests/);
    expect(await db.select().from(subscribers)).toHaveLength(SUBSCRIBE_RATE_LIMIT.limit);
  });
});
