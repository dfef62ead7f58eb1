import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Icon } from '../../components/ui/Icon';
import { LISTS, PAGE_SIZES, pageCount, statusLabel, type ListName, type Page } from './admin';
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
 * One admin list: search, status and date filters, a responsive table, paging and a CSV
 * export of everything that matches the filters.
 */
export function ListView<T>({ list, noun, columns, rowKey, searchHint, reloadKey = 0 }: Props<T>) {
  const id = useId();
  const def = LISTS[list];
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const [data, setData] = useState<Page<T> | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    adminFetch<Page<T>>(`/api/admin/${list}?${listQueryString({ ...filters, page, pageSize })}`)
      .then((d) => {
        if (!live) return;
        setData(d);
        setError('');
        // A filter or a deletion can leave us past the last page.
        if (d.items.length === 0 && d.total > 0 && page > 1) setPage(pageCount(d.total, pageSize));
      })
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [list, filters, page, pageSize, tick, reloadKey]);

  function apply(next: Filters) {
    setFilters(next);
    setPage(1);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    apply(draft);
  }

  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const first = data && data.total ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? first + data.items.length - Math.min(1, data.items.length) : 0;
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
        {loading && !data
          ? `Loading ${noun}...`
          : error
            ? ''
            : data && data.total
              ? `Showing ${first}–${last} of ${data.total} ${noun}`
              : `No ${noun} match these filters.`}
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
              {def.label}, page {data.page} of {pages}
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
          className="btn btn--outline btn--sm"
          type="button"
          disabled={page <= 1 || loading}
          onClick={() => setPage((p) => Math.max(1, p - 1))}
        >
          Previous
        </button>
        <span>
          Page {data?.page ?? page} of {pages}
        </span>
        <button
          className="btn btn--outline btn--sm"
          type="button"
          disabled={page >= pages || loading}
          onClick={() => setPage((p) => p + 1)}
        >
          Next
        </button>
        <label className="admin-pager__size">
          <span>Rows per page</span>
          <select
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(1);
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
