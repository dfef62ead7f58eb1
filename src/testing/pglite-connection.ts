import type { PGlite } from '@electric-sql/pglite';
import type { MigrationConnection } from '../server/db/migrations.ts';

/** A PGlite database as the migrator's connection. */
export function pgliteConnection(db: PGlite): MigrationConnection {
  return {
    exec: (sql) => db.exec(sql),
    query: (sql, params) => db.query(sql, params) as never,
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({ exec: (sql) => tx.exec(sql), query: (sql, params) => tx.query(sql, params) as never }),
      ),
  };
}
