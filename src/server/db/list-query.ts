/**
 * The pieces every table owner's list query shares: the filter an admin list sends (search
 * words, created-at range), keyset paging and the count. Each owner applies them to its own
 * columns, so no list needs to know another feature's table.
 *
 * Paging is by keyset on (sort column, id), newest first: a page starts after (or before) the
 * last (or first) row the reader saw, so page 5,000 costs what page 1 costs, where an OFFSET
 * sorts and skips every row before it. The count is exact up to {@link EXACT_COUNT_LIMIT}
 * matching rows and the planner's estimate above that, and only on a list's first or last page
 * (the reader keeps it while paging).
 */
import {
  and,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  lt,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** What a list request filters by; `status` is interpreted by the owner of the table. */
export type ListFilter = { q: string; status: string; from: string; to: string };

/** A row's place in a list: its sort column exactly as Postgres prints it (microseconds), and id. */
export type Cursor = { at: string; id: number };

/**
 * Which page: the first (no cursor), the one after or before a cursor, or the last. `count`
 * asks for the total as well (first and last pages only; exports never need it).
 */
export type PageRequest = {
  size: number;
  after?: Cursor | undefined;
  before?: Cursor | undefined;
  last?: boolean | undefined;
  count?: boolean | undefined;
};

/** How many rows match: exact, or the planner's estimate (shown as "about"). */
export type Total = { count: number; exact: boolean };

/** One page of rows, the cursors of its neighbours (null at either end) and the total if asked. */
export type Listed<T> = {
  rows: T[];
  next: string | null;
  previous: string | null;
  total: Total | null;
};

/** Up to this many matching rows are counted; above it the estimate is cheaper and as useful. */
export const EXACT_COUNT_LIMIT = 1_000;

export const countAll = sql<number>`count(*)::int`;

export const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})::int`;

/** ILIKE pattern for a literal substring (%, _ and \ in the search text match themselves). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search words of a query (at most eight, so one request cannot build a huge condition). */
function searchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, 8);
}

/**
 * Every word must appear in the searched text, or in what `elsewhere` matches for it (e.g. the
 * rows of another owner's table, given as a subquery condition).
 */
export function searchCondition(
  q: string,
  searched: AnyColumn | SQL,
  elsewhere?: (word: string) => SQL | undefined,
): SQL | undefined {
  const words = searchWords(q);
  if (!words.length) return undefined;
  return and(
    ...words.map((w) => or(ilike(searched as AnyColumn, containsPattern(w)), elsewhere?.(w))),
  );
}

/**
 * `column = ANY($1::int[])`: a list of ids as one array parameter. With `IN ($1, …, $1000)`
 * (drizzle's inArray) every id is a parameter of its own, parsed and planned one by one.
 */
export function idIn(column: AnyColumn, ids: number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}

/** Inclusive UTC day bounds (YYYY-MM-DD) as SQL conditions on `column`. */
export function createdWithin(column: AnyColumn, f: Pick<ListFilter, 'from' | 'to'>): SQL[] {
  return [
    ...(f.from ? [gte(column, new Date(`${f.from}T00:00:00.000Z`))] : []),
    ...(f.to ? [lte(column, new Date(`${f.to}T23:59:59.999Z`))] : []),
  ];
}

/* ----------------------------------------------------------------------------------------- */
/* Cursors                                                                                    */

// What Postgres prints for a timestamptz (DateStyle ISO): 2026-11-25 16:30:41.123456+00.
// The offset stays within what Postgres accepts (±15:59:59).
const PRINTED_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d){0,2}$/;

function isRealTimestamp(at: string): boolean {
  const m = PRINTED_TIMESTAMP.exec(at);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return (
    y! >= 1970 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo! - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/**
 * The cursor a list handed out, or null when `text` is not one: it goes into SQL as a
 * timestamp and an integer, so anything else is refused here, not by the database.
 */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [at, id] = value as unknown[];
  if (typeof at !== 'string' || !isRealTimestamp(at)) return null;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    return null;
  return { at, id };
}

/* ----------------------------------------------------------------------------------------- */
/* Paging                                                                                     */

/** The columns a list is ordered by, newest first: a timestamp and the id that breaks ties. */
type SortKey = { at: PgColumn; id: PgColumn };

const keyOf = (c: Cursor) => sql`(${c.at}::timestamptz, ${c.id}::int)`;

/** A row as a list reads it: every column but the search text. */
type Listable<T extends PgTable> = Omit<T['$inferSelect'], 'searchText'>;

/**
 * One page of `table`'s rows matching `where`, newest first by `key`, with the cursors of the
 * pages around it: the one paging every owner's list uses (changing how lists page is one
 * change here).
 */
export async function listPage<T extends PgTable, Row = Listable<T>>(
  db: Db,
  table: T,
  where: SQL | undefined,
  key: SortKey,
  page: PageRequest,
  /** Only these columns (an export's), typed by `Row`; every column but the search text when left out. */
  only?: Record<string, PgColumn>,
): Promise<Listed<Row>> {
  const from = table as PgTable;
  const total = page.count ? await countMatching(db, from, where) : null;
  // The last page holds what is left over, so its rows are those of the page an offset
  // would show and the pages before it line up (when the total is exact).
  const size =
    page.last && !page.after && total?.exact ? total.count % page.size || page.size : page.size;
  const row = sql`(${key.at}, ${key.id})`;
  const backwards = Boolean(page.before || (page.last && !page.after));
  const bound = page.after
    ? lt(row, keyOf(page.after))
    : page.before
      ? gt(row, keyOf(page.before))
      : undefined;
  const order = backwards
    ? [sql`${key.at} asc`, sql`${key.id} asc`]
    : [sql`${key.at} desc`, sql`${key.id} desc`];
  // Every column but the search text, which only the index needs.
  const columns =
    only ??
    Object.fromEntries(
      Object.entries(getTableColumns(from)).filter(([name]) => name !== 'searchText'),
    );
  const fetched = await db
    .select({ row: columns, at: sql<string>`${key.at}::text` })
    .from(from)
    .where(and(where, bound))
    .orderBy(...order)
    .limit(size + 1);
  const more = fetched.length > size;
  const shown = fetched.slice(0, size);
  if (backwards) shown.reverse();
  const cursorOf = (i: number) => {
    const r = shown[i]!;
    return encodeCursor({ at: r.at, id: (r.row as { id: number }).id });
  };
  const first = shown.length ? cursorOf(0) : null;
  const last = shown.length ? cursorOf(shown.length - 1) : null;
  // Going forward, what lies behind is known to exist when we came from a cursor; going
  // backwards, the same holds for what lies ahead.
  const next = backwards ? (page.before ? last : null) : more ? last : null;
  const previous = backwards ? (more ? first : null) : page.after ? first : null;
  return {
    rows: shown.map((r) => r.row as Row),
    next,
    previous,
    total,
  };
}

/** A table an admin list shows: searched by its search text, newest first by creation. */
type ListedTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
  searchText: AnyColumn;
  status?: PgColumn;
};

/**
 * One page of an admin list: the filter's search words, status and day range over `table`,
 * newest first. The status matches the table's `status` column unless the owner says what a
 * status means (`byStatus`); owners check the status against their own values first.
 */
export function listByStatus<T extends ListedTable, Row = Listable<T>>(
  db: Db,
  table: T,
  filter: ListFilter,
  page: PageRequest,
  options: {
    byStatus?: (status: string) => SQL | undefined;
    /** Only these columns (an export's), typed by `Row`. */
    only?: Record<string, PgColumn>;
  } = {},
): Promise<Listed<Row>> {
  const byStatus =
    options.byStatus ?? ((status: string) => (table.status ? eq(table.status, status) : undefined));
  const where = and(
    searchCondition(filter.q, table.searchText),
    filter.status ? byStatus(filter.status) : undefined,
    ...createdWithin(table.createdAt, filter),
  );
  return listPage<T, Row>(
    db,
    table,
    where,
    { at: table.createdAt, id: table.id },
    page,
    options.only,
  );
}

/**
 * The admin list of an owner whose statuses are its `status` column's own values:
 * `export const listThings = listOf<typeof things, Thing>(things)`.
 */
export function listOf<T extends ListedTable, Row = Listable<T>>(table: T) {
  return (db: Db, filter: ListFilter, page: PageRequest): Promise<Listed<Row>> =>
    listByStatus<T, Row>(db, table, filter, page);
}

/**
 * How many rows match: counted up to EXACT_COUNT_LIMIT (a bounded index walk), else the
 * planner's estimate for the same query, which reads no rows.
 */
async function countMatching(db: Db, table: PgTable, where: SQL | undefined): Promise<Total> {
  const limited = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('limited');
  const [{ count } = { count: 0 }] = await db.select({ count: countAll }).from(limited);
  if (count <= EXACT_COUNT_LIMIT) return { count, exact: true };
  const plan = await db.execute(
    sql`EXPLAIN (FORMAT JSON) ${db
      .select({ one: sql`1` })
      .from(table)
      .where(where)}`,
  );
  const estimate = planRows(plan);
  return { count: Math.max(estimate, count), exact: false };
}

/** The top plan node's row estimate from EXPLAIN (FORMAT JSON), whatever the driver returns. */
function planRows(result: unknown): number {
  const rows = (Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows) ?? [];
  const first = rows[0] as Record<string, unknown> | undefined;
  let json = first?.['QUERY PLAN'] ?? (first && Object.values(first)[0]);
  if (typeof json === 'string') json = JSON.parse(json);
  const plan = (json as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan;
  return Math.round(plan?.['Plan Rows'] ?? 0);
}
