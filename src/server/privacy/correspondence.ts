import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { deleteRows, exported, type PersonalDataOwner } from './personal-data.ts';
import { cutoffOf } from './retention.ts';

type CorrespondenceTable = PgTable & { id: PgColumn; name: PgColumn; email: PgColumn };

export function correspondence(table: CorrespondenceTable, tableName: string, lastExchange: SQL) {
  const address = sql<string>`lower(${table.email})`;
  const from = table as PgTable;

  function addressesSince(db: Db, cutoff: Date) {
    return db
      .selectDistinct({ email: address })
      .from(from)
      .where(sql`${lastExchange} >= ${cutoff.toISOString()}::timestamptz`);
  }

  const personalData: PersonalDataOwner = {
    async holds(db, person) {
      const rows = await db.select().from(from).where(eq(address, person.email));
      return { [tableName]: rows.map((r) => exported(r)) };
    },
    async erase(db, person) {
      return { [tableName]: await deleteRows(db, from, eq(address, person.email)) };
    },
    // The period runs from the last exchange with the address, here or in the other table.
    async purge(db, scope) {
      const cutoff = cutoffOf('correspondence', scope.now);
      const expired = and(
        sql`${lastExchange} < ${cutoff.toISOString()}::timestamptz`,
        ...scope.correspondentsSince(cutoff).map((recent) => notInArray(address, recent)),
      );
      return { correspondence: { [tableName]: await deleteRows(db, from, expired) } };
    },
  };

  return { addressesSince, personalData };
}
