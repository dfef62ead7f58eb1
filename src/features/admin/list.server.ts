/**
 * What every admin list shares: the validated query, paging, and the JSON-or-CSV answer. The
 * queries themselves belong to each table's owner (see src/server/db/list-query.ts).
 */
import type { Window } from '../../server/db/list-query.ts';
import { json, withSecurityHeaders } from '../../server/http.ts';
import { CSV_ROW_LIMIT, type ListName, type ListQuery, type Page } from './admin.ts';
import { toCsv, type CsvColumn } from './csv.ts';
import { parseListQuery } from './validate.server.ts';

export type Fetcher<T> = (q: ListQuery, window: Window) => Promise<{ items: T[]; total: number }>;

/**
 * Answers a list request (query validated against the list's filters): one page as JSON, or
 * with ?format=csv every matching row (up to CSV_ROW_LIMIT) as a download `<list>-<date>.csv`.
 */
export async function listResponse<T>(
  list: ListName,
  params: URLSearchParams,
  fetch: Fetcher<T>,
  columns: CsvColumn<T>[] | ((rows: T[]) => CsvColumn<T>[]),
): Promise<Response> {
  const q = parseListQuery(list, params);
  if (q.format === 'csv') {
    const { items } = await fetch(q, { limit: CSV_ROW_LIMIT, offset: 0 });
    const filename = `${list}-${new Date().toISOString().slice(0, 10)}.csv`;
    const headers = withSecurityHeaders({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
    const header = typeof columns === 'function' ? columns(items) : columns;
    return new Response(toCsv(header, items), { status: 200, headers });
  }
  const { items, total } = await fetch(q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  const body: Page<T> = { items, total, page: q.page, pageSize: q.pageSize };
  return json(body);
}
