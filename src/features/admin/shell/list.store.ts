// A factory, not module-level stores: a tab opened again starts afresh. `mount` is explicit, not
// nanostores' onMount: that import alone splits a chunk off every content page (+0.1 KB gzip on /).
import { atom, type ReadableAtom } from 'nanostores';
import { pageCount, totalLabel, type ListName, type ListTotal, type Page } from '../admin';
import { adminFetch, listQueryString } from './api';
import { withStepUp } from '../security/second-factor.store';

type Filters = { q: string; status: string; from: string; to: string };
const EMPTY_FILTERS: Filters = { q: '', status: '', from: '', to: '' };

// Cursor paging: `offset` (rows before the page) is bookkeeping of the moves that led here,
// `approx` when it rests on the database's estimate of the total.
export type Position =
  | { page: 'first' }
  | { page: 'last' }
  | { after: string; offset: number; approx: boolean }
  | { before: string; offset: number; approx: boolean };
const FIRST: Position = { page: 'first' };

type AdminListState<T> = {
  /** The filter form as typed; the list follows `filters` only once they are applied. */
  draft: Filters;
  filters: Filters;
  position: Position;
  pageSize: number;
  data: Page<T> | null;
  /** The total arrives with the first (or last) page and is kept while paging. */
  total: ListTotal | null;
  offset: { rows: number; approx: boolean };
  error: string;
  loading: boolean;
};

type AdminListFetcher<T> = (path: string) => Promise<Page<T>>;

export const LIST_STEP_UP_CANCELLED =
  'Reading this many rows needs your second factor again. Choose “Try again” to confirm it’s you.';

/** Past the session's row allowance the server asks for a step-up (see list-reads.server.ts). */
export async function fetchListPage<T>(path: string): Promise<Page<T>> {
  const page = await withStepUp(() => adminFetch<Page<T>>(path));
  if (!page) throw new Error(LIST_STEP_UP_CANCELLED);
  return page;
}

export type AdminList<T> = {
  list: ListName;
  $state: ReadableAtom<AdminListState<T>>;
  /** A keystroke in the filter form (not applied until `applyFilters`). */
  editFilters: (change: Partial<Filters>) => void;
  applyFilters: () => void;
  /** The status choice applies at once, with whatever else is typed. */
  filterByStatus: (status: string) => void;
  clearFilters: () => void;
  firstPage: () => void;
  nextPage: () => void;
  previousPage: () => void;
  lastPage: () => void;
  setPageSize: (pageSize: number) => void;
  reload: () => void;
  /** Reloads when the parent's reload key changes; its first value only sets the baseline. */
  followReloadKey: (key: number) => void;
  /** The list is on screen: loads its page; the returned function drops answers on their way. */
  mount: () => () => void;
};

function positionQuery(p: Position): Record<string, string> {
  if ('after' in p) return { after: p.after };
  if ('before' in p) return { before: p.before };
  return p.page === 'last' ? { page: 'last' } : {};
}

function pagePath(list: ListName, state: AdminListState<unknown>): string {
  const query = listQueryString({
    ...state.filters,
    ...positionQuery(state.position),
    pageSize: state.pageSize,
  });
  return `/api/admin/${list}?${query}`;
}

export function csvPath(list: ListName, filters: Filters): string {
  return `/api/admin/${list}?${listQueryString({ ...filters, format: 'csv' })}`;
}

/** Where the answered page stands: exact again at the top, counted back from the total at the end. */
function offsetOf(position: Position, page: Page<unknown>): AdminListState<unknown>['offset'] {
  if ('offset' in position)
    return page.previous
      ? { rows: position.offset, approx: position.approx }
      : { rows: 0, approx: false };
  if (position.page === 'last' && page.total)
    return {
      rows: Math.max(0, page.total.count - page.items.length),
      approx: !page.total.exact,
    };
  return { rows: 0, approx: false };
}

export function createAdminList<T>(
  list: ListName,
  fetcher: AdminListFetcher<T> = fetchListPage,
): AdminList<T> {
  const $state = atom<AdminListState<T>>({
    draft: EMPTY_FILTERS,
    filters: EMPTY_FILTERS,
    position: FIRST,
    pageSize: 20,
    data: null,
    total: null,
    offset: { rows: 0, approx: false },
    error: '',
    loading: true,
  });
  // Only the newest request may write its answer: a slower, older one (the admin paged on, or
  // the tab closed) is dropped when it lands.
  let latest = 0;
  let reloadKey: number | undefined;

  const patch = (change: Partial<AdminListState<T>>) => $state.set({ ...$state.get(), ...change });

  async function load(): Promise<void> {
    const request = ++latest;
    patch({ loading: true });
    const { position } = $state.get();
    try {
      const page = await fetcher(pagePath(list, $state.get()));
      if (request !== latest) return;
      const { total } = $state.get();
      patch({
        data: page,
        error: '',
        total: page.total ?? total,
        offset: offsetOf(position, page),
        loading: false,
      });
      // Rows handled or deleted meanwhile can leave a cursor page empty: start over.
      if (page.items.length === 0 && 'offset' in position) go({ position: FIRST });
    } catch (error) {
      if (request !== latest) return;
      patch({ error: (error as Error).message, loading: false });
    }
  }

  /** Moves to another query; asks for the page only when the query is another one. */
  function go(change: Partial<Pick<AdminListState<T>, 'filters' | 'position' | 'pageSize'>>) {
    const before = $state.get();
    patch(change);
    if (pagePath(list, $state.get()) !== pagePath(list, before)) void load();
  }

  return {
    list,
    $state,
    editFilters: (change) => patch({ draft: { ...$state.get().draft, ...change } }),
    applyFilters: () => go({ filters: $state.get().draft, position: FIRST }),
    filterByStatus: (status) => {
      const draft = { ...$state.get().draft, status };
      patch({ draft });
      go({ filters: draft, position: FIRST });
    },
    clearFilters: () => {
      patch({ draft: EMPTY_FILTERS });
      go({ filters: EMPTY_FILTERS, position: FIRST });
    },
    firstPage: () => go({ position: FIRST }),
    nextPage: () => {
      const { data, offset } = $state.get();
      if (!data?.next) return;
      const rows = offset.rows + data.items.length;
      go({ position: { after: data.next, offset: rows, approx: offset.approx } });
    },
    previousPage: () => {
      const { data, offset, pageSize } = $state.get();
      if (!data?.previous) return;
      const rows = Math.max(0, offset.rows - pageSize);
      go({ position: { before: data.previous, offset: rows, approx: offset.approx } });
    },
    lastPage: () => go({ position: { page: 'last' } }),
    setPageSize: (pageSize) => go({ pageSize, position: FIRST }),
    reload: () => void load(),
    followReloadKey: (key) => {
      if (reloadKey !== undefined && key !== reloadKey) void load();
      reloadKey = key;
    },
    mount: () => {
      void load();
      return () => {
        latest++;
      };
    },
  };
}

export function pagerText(state: AdminListState<unknown>) {
  const { offset, pageSize, total } = state;
  return {
    about: offset.approx ? 'about ' : '',
    pageNumber: Math.floor(offset.rows / pageSize) + 1,
    pages: total
      ? `${total.exact ? '' : 'about '}${pageCount(total.count, pageSize).toLocaleString('en-US')}`
      : '1',
  };
}

export function showingText(state: AdminListState<unknown>, noun: string): string {
  const { data, offset, total } = state;
  if (!data || !data.items.length) return `No ${noun} match these filters.`;
  if (offset.approx)
    return `Showing ${data.items.length} of ${total ? totalLabel(total) : ''} ${noun}`;
  const firstRow = (offset.rows + 1).toLocaleString('en-US');
  const lastRow = (offset.rows + data.items.length).toLocaleString('en-US');
  return `Showing ${firstRow}–${lastRow}${total ? ` of ${totalLabel(total)}` : ''} ${noun}`;
}
