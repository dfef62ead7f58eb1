/**
 * The row_tallies table: counts (and amount sums) of the big tables per bucket, kept current
 * by the database's own triggers on every insert, update and delete (migration 0005), so a
 * total costs a few rows instead of a pass over the table. This module only reads them; the
 * table owning the rows decides what its buckets mean.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowTallies } from './schema.ts';

/** The tables with tallies, and what their buckets are. */
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
