import {
  decodeCursor,
  type Cursor,
  type Listed,
  type PageRequest,
} from '../../../server/db/list-query.ts';
import { HttpError, json, withSecurityHeaders } from '../../../server/responses.ts';
import { listParams, listQuerySchema, type ListName, type ListQuery, type Page } from '../admin.ts';
import { CSV_BOM, csvHeader, csvRow, type CsvColumn } from '../../../lib/csv.ts';
import { chargeListPage, logBulkRead, type ListRequest } from './list-reads.server.ts';

type Fetcher<T> = (q: ListQuery, page: PageRequest) => Promise<Listed<T>>;

/** Rows per database read of a CSV export: large enough to be quick, small enough for memory. */
export const CSV_BATCH_SIZE = 1_000;

function cursorParam(text: string): Cursor | undefined {
  if (!text) return undefined;
  const cursor = decodeCursor(text);
  if (!cursor) throw new HttpError(400, 'The page cursor is not valid. Start from the first page.');
  return cursor;
}

/** The page a list query asks for; the total only where paging starts (first or last page). */
export function pageRequestOf(q: ListQuery): PageRequest {
  const after = cursorParam(q.after);
  const before = cursorParam(q.before);
  const last = q.page === 'last';
  return { size: q.pageSize, after, before, last, count: !after && !before };
}

export function parseListQuery(list: ListName, params: URLSearchParams): ListQuery {
  return listQuerySchema(list).parse(listParams(params));
}

/** One page as JSON, or with ?format=csv every matching row streamed as `<list>-<date>.csv`. */
export function listResponse<T>(
  req: ListRequest,
  list: ListName,
  fetch: Fetcher<T>,
  columns: CsvColumn<T>[],
): Promise<Response>;
/** `fetchForExport`: the export's own read, when the file's rows differ from a page's. */
export function listResponse<T, E>(
  req: ListRequest,
  list: ListName,
  fetch: Fetcher<T>,
  columns: CsvColumn<E>[],
  fetchForExport: Fetcher<E>,
): Promise<Response>;
export async function listResponse<T, E>(
  req: ListRequest,
  list: ListName,
  fetch: Fetcher<T>,
  columns: CsvColumn<E>[],
  fetchForExport?: Fetcher<E>,
): Promise<Response> {
  const q = parseListQuery(list, req.url.searchParams);
  if (q.format === 'csv')
    return csvResponse(list, q, fetchForExport ?? (fetch as unknown as Fetcher<E>), columns);
  // Counted while the page is read (no added wait); a refused page is never answered.
  const [charge, page] = await Promise.all([chargeListPage(req, q), fetch(q, pageRequestOf(q))]);
  if (charge.bulk)
    await logBulkRead(req, list, q, { rows: page.rows.length, rowsRead: charge.rowsRead });
  const body: Page<T> = {
    items: page.rows,
    pageSize: q.pageSize,
    next: page.next,
    previous: page.previous,
    total: page.total,
  };
  return json(body);
}

// By cursor, the next batch read while this one is sent: memory stays flat. The first batch is
// read before answering, so a failing query is still an error status; a later failure aborts the
// download (visibly incomplete, never silently short).
async function csvResponse<T>(
  list: ListName,
  q: ListQuery,
  fetch: Fetcher<T>,
  columns: CsvColumn<T>[],
): Promise<Response> {
  const encoder = new TextEncoder();
  const lines = (rows: T[]) => encoder.encode(rows.map((r) => csvRow(columns, r)).join(''));
  const read = (after?: Cursor) => {
    const batch = fetch(q, { size: CSV_BATCH_SIZE, after });
    // Awaited in pull(); a download cancelled meanwhile must not leave it unhandled.
    batch.catch(() => undefined);
    return batch;
  };
  let next: Promise<Listed<T>> | null = read();
  await next;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvHeader(columns)));
    },
    async pull(controller) {
      if (!next) return controller.close();
      const batch = await next;
      const after = batch.next ? decodeCursor(batch.next) : null;
      next = after ? read(after) : null;
      controller.enqueue(lines(batch.rows));
    },
    cancel() {
      next = null;
    },
  });
  const filename = `${list}-${new Date().toISOString().slice(0, 10)}.csv`;
  const headers = withSecurityHeaders({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
  });
  return new Response(body, { status: 200, headers });
}
