import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Icon } from '../../components/ui/Icon';
import {
  LISTS,
  PAGE_SIZES,
  pageCount,
  statusLabel,
  totalLabel,
  type ListName,
  type ListTotal,
  type Page,
} from './admin';
import { adminFetch, listQueryString } from './api';

export type Column<T> = {
  header: string;
  cell: (row: T, ctx: { reload: () => void }) => ReactNode;
  className?: string;
};

type Props<T> = {
  list: ListName;
  /** Plural noun for the status line, e.g. "orders". */
  noun: string;
  columns: Column<T>[];
  rowKey: (row: T) => number;
  searchHint: string;
  /** Changing it reloads the current page (after an action elsewhere). */
  reloadKey?: number;
};

type Filters = { q: string; status: string; from: string; to: string };
const EMPTY: Filters = { q: '', status: '', from: '', to: '' };

/**
 * Which page to show (the list pages by cursor), and where its first row stands in the list
 * when known: `offset` counts the rows before it; `approx` when that count rests on an estimate.
 */
type Position =
  | { page: 'first' }
  | { page: 'last' }
  | { after: string; offset: number; approx: boolean }
  | { before: string; offset: number; approx: boolean };
const FIRST: Position = { page: 'first' };

function positionQuery(p: Position): Record<string, string> {
  if ('after' in p) return { after: p.after };
  if ('before' in p) return { before: p.before };
  return p.page === 'last' ? { page: 'last' } : {};
}

/**
 * One admin list: search, status and date filters, a responsive table, paging and a CSV
 * export of everything that matches the filters.
 */
export function ListView<T>({ list, noun, columns, rowKey, searchHint, reloadKey = 0 }: Props<T>) {
  const id = useId();
  const def = LISTS[list];
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [position, setPosition] = useState<Position>(FIRST);
  const [pageSize, setPageSize] = useState<number>(20);
  const [data, setData] = useState<Page<T> | null>(null);
  // The total arrives with the first (or last) page and is kept while paging.
  const [total, setTotal] = useState<ListTotal | null>(null);
  const [offset, setOffset] = useState({ rows: 0, approx: false });
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const query = listQueryString({ ...filters, ...positionQuery(position), pageSize });
    adminFetch<Page<T>>(`/api/admin/${list}?${query}`)
      .then((d) => {
        if (!live) return;
        setData(d);
        setError('');
        if (d.total) setTotal(d.total);
        if ('offset' in position) {
          // Back at the top, the position is exact again.
          setOffset(
            d.previous
              ? { rows: position.offset, approx: position.approx }
              : { rows: 0, approx: false },
          );
        } else if (position.page === 'last' && d.total) {
          setOffset({ rows: Math.max(0, d.total.count - d.items.length), approx: !d.total.exact });
        } else {
          setOffset({ rows: 0, approx: false });
        }
        // Rows handled or deleted meanwhile can leave a cursor page empty: start over.
        if (d.items.length === 0 && 'offset' in position) setPosition(FIRST);
      })
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [list, filters, position, pageSize, tick, reloadKey]);

  function apply(next: Filters) {
    setFilters(next);
    setPosition(FIRST);
  }

  function goNext() {
    if (!data?.next) return;
    const rows = offset.rows + data.items.length;
    setPosition({ after: data.next, offset: rows, approx: offset.approx });
  }

  function goPrevious() {
    if (!data?.previous) return;
    const rows = Math.max(0, offset.rows - pageSize);
    setPosition({ before: data.previous, offset: rows, approx: offset.approx });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    apply(draft);
  }

  const about = offset.approx ? 'about ' : '';
  const pageNumber = Math.floor(offset.rows / pageSize) + 1;
  const pages = total
    ? `${total.exact ? '' : 'about '}${pageCount(total.count, pageSize).toLocaleString('en-US')}`
    : '1';
  const firstRow = offset.rows + 1;
  const lastRow = offset.rows + (data?.items.length ?? 0);
  const showing =
    data && data.items.length
      ? offset.approx
        ? `Showing ${data.items.length} of ${total ? totalLabel(total) : ''} ${noun}`
        : `Showing ${firstRow.toLocaleString('en-US')}–${lastRow.toLocaleString('en-US')}${
            total ? ` of ${totalLabel(total)}` : ''
          } ${noun}`
      : `No ${noun} match these filters.`;
  const csvHref = `/api/admin/${list}?${listQueryString({ ...filters, format: 'csv' })}`;

  return (
    <div className="admin-list">
      <form
        className="admin-filters"
        onSubmit={onSubmit}
        role="search"
        aria-label={`Filter ${noun}`}
      >
        <div className="field admin-filters__search">
          <label htmlFor={`${id}-q`}>Search</label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft.q}
            maxLength={200}
            placeholder={searchHint}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </div>
        <div className="field admin-filters__status">
          <label htmlFor={`${id}-status`}>{def.statusLabel}</label>
          <select
            id={`${id}-status`}
            value={draft.status}
            onChange={(e) => {
              const next = { ...draft, status: e.target.value };
              setDraft(next);
              apply(next);
            }}
          >
            <option value="">All</option>
            {def.statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </div>
        <div className="admin-filters__actions">
          <button className="btn btn--sm" type="submit">
            <Icon name="search" /> Apply filters
          </button>
          <button
            className="btn btn--ghost btn--sm"
            type="button"
            onClick={() => {
              setDraft(EMPTY);
              apply(EMPTY);
            }}
          >
            Reset
          </button>
          <a className="btn btn--outline btn--sm" href={csvHref} download>
            <Icon name="download" /> Export CSV
          </a>
        </div>
      </form>

      <p className="admin-list__status muted" role="status">
        {loading && !data ? `Loading ${noun}...` : error ? '' : showing}
      </p>
      {error && (
        <p className="admin-list__error" role="alert">
          {error}{' '}
          <button className="btn btn--ghost btn--sm" type="button" onClick={reload}>
            Try again
          </button>
        </p>
      )}

      {data && data.items.length > 0 && (
        <div className="table-wrap admin-table-wrap" aria-busy={loading}>
          <table className="admin-table">
            <caption className="sr-only">
              {def.label}, page {about}
              {pageNumber} of {pages}
            </caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={c.className}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <td key={c.header} data-label={c.header} className={c.className}>
                      {/* One wrapper, so the phone layout's label/value grid always has two cells. */}
                      <div className="admin-cell">{c.cell(row, { reload })}</div>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav className="admin-pager" aria-label={`${def.label} pages`}>
        <button
          className="btn btn--ghost btn--sm"
          type="button"
          disabled={!data?.previous || loading}
          onClick={() => setPosition(FIRST)}
        >
          First
        </button>
        <button
          className="btn btn--outline btn--sm"
          type="button"
          disabled={!data?.previous || loading}
          onClick={goPrevious}
        >
          Previous
        </button>
        <span>
          Page {about}
          {pageNumber.toLocaleString('en-US')} of {pages}
        </span>
        <button
          className="btn btn--outline btn--sm"
          type="button"
          disabled={!data?.next || loading}
          onClick={goNext}
        >
          Next
        </button>
        <button
          className="btn btn--ghost btn--sm"
          type="button"
          disabled={!data?.next || loading}
          onClick={() => setPosition({ page: 'last' })}
        >
          Last
        </button>
        <label className="admin-pager__size">
          <span>Rows per page</span>
          <select
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              setPosition(FIRST);
            }}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  );
}
