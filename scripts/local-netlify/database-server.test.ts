/**
 * Netlify's local database server (database-server.ts: PGlite behind the wire protocol, the
 * engine of `npm run dev`, `npm run preview` and the e2e suite) runs every connection in ONE
 * session. The site's client (src/server/db/client.ts) must then take turns, or one
 * connection's ROLLBACK undoes another's acknowledged work.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { contactMessages } from '../../src/server/db/schema.ts';
import { startDatabaseServer } from './database-server.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const message = (email: string) => ({ name: 'Ada', email, message: 'Kept exactly once, please' });

describe("the site's database client on Netlify's local server", () => {
  it("keeps concurrent transactions apart: one's rollback never undoes the other's work", async () => {
    const server = await startDatabaseServer({});
    cleanups.push(server.stop);
    const { db, close } = await openDatabase({ kind: 'postgres', url: server.url });
    cleanups.push(close);

    const kept = db.transaction(async (tx) => {
      await tx.insert(contactMessages).values(message('first@example.com'));
      await sleep(30);
      await tx.insert(contactMessages).values(message('second@example.com'));
    });
    const dropped = db
      .transaction(async (tx) => {
        await tx.insert(contactMessages).values(message('dropped@example.com'));
        throw new Error('this one is rolled back');
      })
      .catch(() => 'rolled back');
    expect(await Promise.all([kept, dropped])).toEqual([undefined, 'rolled back']);

    const stored = async (email: string) =>
      db.$count(contactMessages, eq(contactMessages.email, email));
    // Before: the rollback ended the shared session's transaction, taking the first row along.
    expect(await stored('first@example.com')).toBe(1);
    expect(await stored('second@example.com')).toBe(1);
    expect(await stored('dropped@example.com')).toBe(0);
  });
});
