import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Icon } from '../../../components/ui/Icon';
import { LISTS, PAGE_SIZES, statusLabel, type ListName } from '../admin';
import { createAdminList, csvPath, pagerText, showingText } from './list.store';
import { downloadExport } from '../security/second-factor.store';

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
  searchLabel?: string;
  /** Changing it reloads the current page (after an action elsewhere). */
  reloadKey?: number;
  /** The list's own export, given the applied filters (instead of the streamed CSV link). */
  exportControl?: (filters: Record<string, string>) => ReactNode;
};

export function ListView<T>({
  list,
  noun,
  columns,
  rowKey,
  searchHint,
  searchLabel = 'Search',
  reloadKey = 0,
  exportControl,
}: Props<T>) {
  const id = useId();
  const def = LISTS[list];
  // One store per mount: a tab opened again starts afresh, as each tab is its own ListView.
  const [store] = useState(() => createAdminList<T>(list));
  const state = useStore(store.$state);
  const { draft, filters, pageSize, data, error, loading } = state;
  const { reload } = store;
  useEffect(() => store.mount(), [store]);
  useEffect(() => store.followReloadKey(reloadKey), [store, reloadKey]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    store.applyFilters();
  }

  const { about, pageNumber, pages } = pagerText(state);
  const showing = showingText(state, noun);
  const csvHref = csvPath(list, filters);

  return (
    <div className="admin-list">
      <form
        className="admin-filters"
        onSubmit={onSubmit}
        role="search"
        aria-label={`Filter ${noun}`}
      >
        <div className="field admin-filters__search">
          <label htmlFor={`${id}-q`}>{searchLabel}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft.q}
            maxLength={200}
            placeholder={searchHint}
            onChange={(e) => store.editFilters({ q: e.target.value })}
          />
        </div>
        <div className="field admin-filters__status">
          <label htmlFor={`${id}-status`}>{def.statusLabel}</label>
          <select
            id={`${id}-status`}
            value={draft.status}
            onChange={(e) => store.filterByStatus(e.target.value)}
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
            onChange={(e) => store.editFilters({ from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => store.editFilters({ to: e.target.value })}
          />
        </div>
        <div className="admin-filters__actions">
          <button className="btn btn--sm" type="submit">
            <Icon name="search" /> Apply filters
          </button>
          <button className="btn btn--ghost btn--sm" type="button" onClick={store.clearFilters}>
            Reset
          </button>
          {!exportControl && (
            <a
              className="btn btn--outline btn--sm"
              href={csvHref}
              download
              onClick={(event) => {
                // Fetched first, so the factor can be asked for again (step-up) before the file.
                event.preventDefault();
                void downloadExport(csvHref);
              }}
            >
              <Icon name="download" /> Export CSV
            </a>
          )}
        </div>
      </form>
      {exportControl?.(filters)}

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
        <PagerButton ghost disabled={!data?.previous || loading} onClick={store.firstPage}>
          First
        </PagerButton>
        <PagerButton disabled={!data?.previous || loading} onClick={store.previousPage}>
          Previous
        </PagerButton>
        <span>
          Page {about}
          {pageNumber.toLocaleString('en-US')} of {pages}
        </span>
        <PagerButton disabled={!data?.next || loading} onClick={store.nextPage}>
          Next
        </PagerButton>
        <PagerButton ghost disabled={!data?.next || loading} onClick={store.lastPage}>
          Last
        </PagerButton>
        <label className="admin-pager__size">
          <span>Rows per page</span>
          <select value={pageSize} onChange={(e) => store.setPageSize(Number(e.target.value))}>
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

function PagerButton({
  ghost = false,
  disabled,
  onClick,
  children,
}: {
  ghost?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      className={`btn ${ghost ? 'btn--ghost' : 'btn--outline'} btn--sm`}
      type="button"
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
