/**
 * /api/unsubscribe: a GET (a mail scanner, or the link clicked) only leads to the confirm page;
 * the RFC 8058 one-click POST and the page's button record the address's hash, once; a token
 * that is not ours is a 400, never a 5xx.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { rateLimitHits, reminderOptOuts } from '../../src/server/db/schema.ts';
import {
  reminderAddressHash,
  unsubscribeUrl,
} from '../../src/features/recovery/recovery.server.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import handler from '../functions/unsubscribe.mts';

let db: Db;
let ip = 0;
beforeAll(async () => {
  db = await useFreshTestDb();
});
beforeEach(async () => {
  await db.delete(reminderOptOuts);
  await db.delete(rateLimitHits);
});
afterAll(() => closeDb());

const link = (email: string) => unsubscribeUrl(db, 'http://localhost:4321', email);

const call = (url: string, init: RequestInit = {}) =>
  handler(new Request(url, init), { ip: `10.9.0.${++ip}` });

const oneClick = (url: string) =>
  call(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.example',
    },
    body: 'List-Unsubscribe=One-Click',
  });

describe('/api/unsubscribe', () => {
  it('records nothing on a GET, which leads to the confirm page', async () => {
    const res = await call(await link('dana@example.com'));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/unsubscribe\?token=[0-9a-f]{64}\./);
    expect(await db.select().from(reminderOptOuts)).toEqual([]);
  });

  it('records the one-click POST from a mail client (another origin) with 200, once', async () => {
    const res = await oneClick(await link('Dana@Example.com'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true });
    expect((await oneClick(await link('dana@example.com'))).status).toBe(200);
    const rows = await db.select().from(reminderOptOuts);
    expect(rows).toEqual([
      {
        addressHash: await reminderAddressHash(db, 'dana@example.com'),
        createdAt: expect.any(Date),
      },
    ]);
  });

  it("records the confirm page's button and leads to its done state", async () => {
    const res = await call(await link('eve@example.com'), { method: 'POST', body: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/unsubscribe?done=1');
    expect(await db.select().from(reminderOptOuts)).toHaveLength(1);
  });

  it.each([
    ['no token', 'http://localhost:4321/api/unsubscribe'],
    [
      'a forged token',
      `http://localhost:4321/api/unsubscribe?token=${'a'.repeat(64)}.${'B'.repeat(43)}`,
    ],
    ['junk', 'http://localhost:4321/api/unsubscribe?token=%00%ff'],
  ])('answers %s with a 400 JSON error', async (_, url) => {
    const res = await oneClick(url);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
    expect(await db.select().from(reminderOptOuts)).toEqual([]);
  });
});
