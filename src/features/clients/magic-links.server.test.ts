import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, useFreshTestDb, type Db } from '../../server/db/client';
import { clients, magicLinks } from '../../server/db/schema';
import { hashToken } from '../../server/tokens';
import { consumeMagicLink, createMagicLink, magicLinkUrl } from './magic-links.server';

let db: Db;
let clientId: number;

beforeAll(async () => {
  db = await useFreshTestDb();
  const [client] = await db
    .insert(clients)
    .values({ email: 'ada@example.com', name: 'Ada' })
    .returning();
  clientId = client!.id;
});
afterAll(() => closeDb());

describe('magic links', () => {
  it('stores only the token hash and signs in exactly once', async () => {
    const { token } = await createMagicLink(db, clientId);
    const rows = await db.select().from(magicLinks);
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);

    const attempts = await Promise.all([consumeMagicLink(db, token), consumeMagicLink(db, token)]);
    expect(attempts.filter(Boolean)).toEqual([{ clientId }]);
    expect(await consumeMagicLink(db, token)).toBeNull();
  });

  it('refuses expired and unknown tokens', async () => {
    const now = new Date();
    const { token } = await createMagicLink(db, clientId, { ttlSeconds: 60, now });
    expect(await consumeMagicLink(db, token, new Date(now.getTime() + 61_000))).toBeNull();
    expect(await consumeMagicLink(db, 'not-a-token')).toBeNull();
    expect(await consumeMagicLink(db, '')).toBeNull();
  });

  it('builds the dashboard URL carrying the token', () => {
    expect(magicLinkUrl('https://novareach.example', 'abc_-1')).toBe(
      'https://novareach.example/dashboard?token=abc_-1',
    );
  });
});
