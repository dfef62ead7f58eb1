import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from './client.ts';
import { clients, contactMessages } from './schema.ts';
import { useFreshTestDb } from '../../testing/test-db';
import { emptyIfPreview } from './preview-data.ts';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(closeDb);

const people = async () =>
  (await db.select({ email: clients.email }).from(clients)).map((c) => c.email);

describe("a deploy preview's copy of production", () => {
  it('is left alone in production and local runs', async () => {
    await db.insert(clients).values({ email: 'ada@example.com', name: 'Ada Lovelace' });
    for (const context of [undefined, 'production', 'dev'])
      expect(await emptyIfPreview(db, context)).toBeNull();
    expect(await people()).toEqual(['ada@example.com']);
  });

  it('is emptied on the first connection of a preview, once: what testers add later stays', async () => {
    await db
      .insert(contactMessages)
      .values({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hi' });
    const emptied = await emptyIfPreview(db, 'deploy-preview');
    expect(emptied).toEqual(expect.arrayContaining(['clients', 'contact_messages']));
    expect(await people()).toEqual([]);
    expect(await db.$count(contactMessages)).toBe(0);

    await db.insert(clients).values({ email: 'tester@example.com', name: 'A Tester' });
    expect(await emptyIfPreview(db, 'deploy-preview')).toBeNull();
    expect(await emptyIfPreview(db, 'branch-deploy')).toBeNull();
    expect(await people()).toEqual(['tester@example.com']);
    const marker = await db.execute(sql`SELECT id FROM webhook_events`);
    expect(JSON.stringify(marker)).toContain('preview-database-scrubbed');
  });
});
