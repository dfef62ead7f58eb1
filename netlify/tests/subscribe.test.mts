import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
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

/** A POST from the visitor `ip` (Netlify's `context.ip`; a new visitor for each call by default). */
const post = (body: unknown, headers: Record<string, string> = {}, ip = `10.1.0.${++ipCounter}`) =>
  handler(
    new Request('http://localhost/api/subscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { ip },
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
    for (let i = 0; i < SUBSCRIBE_RATE_LIMIT.limit; i++) {
      expect((await post({ email: `host${i}@example.com` }, {}, '10.9.9.9')).status).toBe(200);
    }
    const blocked = await post({ email: 'late@example.com' }, {}, '10.9.9.9');
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toMatch(/Too many requests/);
    expect(await db.select().from(subscribers)).toHaveLength(SUBSCRIBE_RATE_LIMIT.limit);
  });

  it('cannot be rotated around with X-Forwarded-For or the addresses of one IPv6 /64', async () => {
    for (let i = 0; i < SUBSCRIBE_RATE_LIMIT.limit; i++) {
      const res = await post(
        { email: `v6-${i}@example.com` },
        // What the caller claims is ignored: only Netlify's context.ip counts.
        { 'X-Forwarded-For': `203.0.113.${i}`, 'x-nf-client-connection-ip': `203.0.113.${i}` },
        `2001:db8:7:7:${i.toString(16)}::1`,
      );
      expect(res.status).toBe(200);
    }
    const blocked = await post(
      { email: 'v6-late@example.com' },
      { 'X-Forwarded-For': '198.51.100.200' },
      '2001:db8:7:7:ffff:ffff:ffff:ffff',
    );
    expect(blocked.status).toBe(429);
    // The next /64 is another subscriber.
    expect((await post({ email: 'other@example.com' }, {}, '2001:db8:7:8::1')).status).toBe(200);
  });
});
