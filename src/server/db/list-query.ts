// Keyset paging on (sort column, id): page 5,000 costs what page 1 costs, where an OFFSET sorts and
// skips every row before it.
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

export type ListFilter = { q: string; status: string; from: string; to: string };

/** `at` exactly as Postgres prints it (microseconds). */
export type Cursor = { at: string; id: number };

export type PageRequest = {
  size: number;
  after?: Cursor | undefined;
  before?: Cursor | undefined;
  last?: boolean | undefined;
  count?: boolean | undefined;
};

export type Total = { count: number; exact: boolean };

export type Listed<T> = {
  rows: T[];
  next: string | null;
  previous: string | null;
  total: Total | null;
};

export const EXACT_COUNT_LIMIT = 1_000;

export const countAll = sql<number>`count(*)::int`;

export const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})::int`;

export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// At most eight words, so one request cannot build a huge condition.
function searchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, 8);
}

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

// One array parameter: with `IN ($1, …, $1000)` every id is parsed and planned one by one.
export function idIn(column: AnyColumn, ids: number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}

export function createdWithin(column: AnyColumn, f: Pick<ListFilter, 'from' | 'to'>): SQL[] {
  return [
    ...(f.from ? [gte(column, new Date(`${f.from}T00:00:00.000Z`))] : []),
    ...(f.to ? [lte(column, new Date(`${f.to}T23:59:59.999Z`))] : []),
  ];
}

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

type SortKey = { at: PgColumn; id: PgColumn };

const keyOf = (c: Cursor) => sql`(${c.at}::timestamptz, ${c.id}::int)`;

type Listable<T extends PgTable> = Omit<T['$inferSelect'], 'searchText'>;

export async function listPage<T extends PgTable, Row = Listable<T>>(
  db: Db,
  table: T,
  where: SQL | undefined,
  key: SortKey,
  page: PageRequest,
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

type ListedTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
  searchText: AnyColumn;
  status?: PgColumn;
};

export function listByStatus<T extends ListedTable, Row = Listable<T>>(
  db: Db,
  table: T,
  filter: ListFilter,
  page: PageRequest,
  options: {
    byStatus?: (status: string) => SQL | undefined;
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

export function listOf<T extends ListedTable, Row = Listable<T>>(table: T) {
  return (db: Db, filter: ListFilter, page: PageRequest): Promise<Listed<Row>> =>
    listByStatus<T, Row>(db, table, filter, page);
}

// Counted up to EXACT_COUNT_LIMIT (a bounded index walk), else the planner's estimate: no row read.
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

function planRows(result: unknown): number {
  const rows = (Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows) ?? [];
  const first = rows[0] as Record<string, unknown> | undefined;
  let json = first?.['QUERY PLAN'] ?? (first && Object.values(first)[0]);
  if (typeof json === 'string') json = JSON.parse(json);
  const plan = (json as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan;
  return Math.round(plan?.['Plan Rows'] ?? 0);
}
