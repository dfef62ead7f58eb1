/** The database each test file starts from. */
import { openDatabase, replaceProcessDatabase, type Db } from '../server/db/client.ts';
import { clients } from '../server/db/schema.ts';
import { migratedTemplate } from './pglite-template.ts';

/** A fresh, migrated in-memory database that replaces the process-wide one. */
export async function useFreshTestDb(): Promise<Db> {
  const from = await migratedTemplate();
  return replaceProcessDatabase(openDatabase({ kind: 'pglite', from }));
}

/** A fresh database (as `useFreshTestDb`) holding one client, Ada <ada@example.com>. */
export async function freshDbWithClient(
  values: { emailVerifiedAt?: Date } = {},
): Promise<{ db: Db; clientId: number }> {
  const db = await useFreshTestDb();
  const [client] = await db
    .insert(clients)
    .values({ email: 'ada@example.com', name: 'Ada', ...values })
    .returning();
  return { db, clientId: client!.id };
}
