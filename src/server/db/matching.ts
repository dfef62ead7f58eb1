import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

export async function idsMatching<T extends PgTable & { id: PgColumn }>(
  db: Db,
  table: T,
  values: Partial<T['$inferSelect']>,
): Promise<number[]> {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(...Object.entries(values).map(([name, value]) => eq(columns[name]!, value))));
  return rows.map((r) => r.id as number);
}
