/** The database each test file starts from. */
import { openDatabase, replaceProcessDatabase, type Db } from '../server/db/client.ts';

/** A fresh, migrated in-memory database that replaces the process-wide one. */
export function useFreshTestDb(): Promise<Db> {
  return replaceProcessDatabase(openDatabase({ kind: 'pglite' }));
}
