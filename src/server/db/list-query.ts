/**
 * The pieces every table owner's list query shares: the filter an admin list sends (search
 * words, created-at range), the page window and the count. Each owner applies them to its own
 * columns, so no list needs to know another feature's table.
 */
import { and, gte, ilike, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** What a list request filters by; `status` is interpreted by the owner of the table. */
export type ListFilter = { q: string; status: string; from: string; to: string };

export type Window = { limit: number; offset: number };

/** One page of rows and the number of rows matching the filter. */
export type Listed<T> = { rows: T[]; total: number };

export const countAll = sql<number>`count(*)::int`;

export const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})::int`;

/** ILIKE pattern for a literal substring (%, _ and \ in the search text match themselves). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search words of a query (at most eight, so one request cannot build a huge condition). */
export function searchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, 8);
}

/** A condition that is true when `word` appears in at least one of the columns. */
export function wordIn(word: string, columns: (AnyColumn | SQL)[]): SQL | undefined {
  return or(...columns.map((c) => ilike(c as AnyColumn, containsPattern(word))));
}

/**
 * Every word must appear somewhere: in one of the columns, or in what `elsewhere` matches for
 * it (e.g. the rows of another owner's table, given as a subquery condition).
 */
export function searchCondition(
  q: string,
  columns: (AnyColumn | SQL)[],
  elsewhere?: (word: string) => SQL | undefined,
): SQL | undefined {
  const words = searchWords(q);
  if (!words.length) return undefined;
  return and(...words.map((w) => or(wordIn(w, columns), elsewhere?.(w))));
}

/** Inclusive UTC day bounds (YYYY-MM-DD) as SQL conditions on `column`. */
export function createdWithin(column: AnyColumn, f: Pick<ListFilter, 'from' | 'to'>): SQL[] {
  return [
    ...(f.from ? [gte(column, new Date(`${f.from}T00:00:00.000Z`))] : []),
    ...(f.to ? [lte(column, new Date(`${f.to}T23:59:59.999Z`))] : []),
  ];
}

/**
 * One page of `table`'s rows matching `where`, in `order`, and how many match in all: the one
 * paging every owner's list uses (so changing how lists page is one change here).
 */
export async function listPage<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  { limit, offset }: Window,
): Promise<Listed<T['$inferSelect']>> {
  const from = table as PgTable;
  const [{ total } = { total: 0 }] = await db.select({ total: countAll }).from(from).where(where);
  const rows = await db
    .select()
    .from(from)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { rows: rows as T['$inferSelect'][], total };
}
