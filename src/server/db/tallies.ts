// Kept current by migration 0005's triggers, so a total costs a few rows instead of a table scan.
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowTallies } from './schema.ts';

type TalliedTable =
  /** Bucket: `<status>:<is_test>`, e.g. "paid:false"; cents: the sum of `amount`. */
  | 'orders'
  /** Bucket: the status. */
  | 'contact_messages';

type Tally = { bucket: string; rows: number; cents: number };

export async function talliesOf(db: Db, table: TalliedTable): Promise<Tally[]> {
  return db
    .select({ bucket: rowTallies.bucket, rows: rowTallies.rowCount, cents: rowTallies.cents })
    .from(rowTallies)
    .where(eq(rowTallies.tableName, table));
}
