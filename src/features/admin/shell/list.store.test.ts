import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_REQUIRED } from '../../../lib/admin-auth';
import { useFetchRoutes } from '../../../testing/fetch-routes';
import type { ListTotal, Page } from '../admin';
import {
  createAdminList,
  csvPath,
  LIST_STEP_UP_CANCELLED,
  pagerText,
  showingText,
  type AdminList,
} from './list.store';
import { $stepUp, cancelStepUp } from '../security/second-factor.store';

type Row = { id: number };

/** A request the test answers when it chooses, so the order of answers is the test's. */
type Request = {
  path: string;
  answer: (page: Page<Row>) => Promise<void>;
  fail: (message: string) => Promise<void>;
};

let requests: Request[] = [];
let stores: AdminList<Row>[] = [];

afterEach(() => {
  for (const store of stores) cleanStores(store.$state);
  stores = [];
  requests = [];
});

// Lets the store's `await` carry on after an answer.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fetcher(path: string): Promise<Page<Row>> {
  return new Promise((resolve, reject) => {
    requests.push({
      path,
      answer: async (page) => {
        resolve(page);
        await settle();
      },
      fail: async (message) => {
        reject(new Error(message));
        await settle();
      },
    });
  });
}

function page(
  from: number,
  count: number,
  links: { next?: string; previous?: string; total?: ListTotal } = {},
): Page<Row> {
  return {
    items: Array.from({ length: count }, (_, i) => ({ id: from + i })),
    pageSize: 20,
    next: links.next ?? null,
    previous: links.previous ?? null,
    total: links.total ?? null,
  };
}

/** A list as a mounted ListView has it: on screen, so its first page is asked for. */
function mounted() {
  const store = createAdminList<Row>('orders', fetcher);
  stores.push(store);
  store.$state.listen(() => {});
  return Object.assign(store, { unmount: store.mount() });
}

function last(): Request {
  const request = requests[requests.length - 1];
  if (!request) throw new Error('No request was made');
  return request;
}
const exact = (count: number): ListTotal => ({ count, exact: true });

describe('an admin list store', () => {
  it('asks for the first page once mounted and is loading until it lands', async () => {
    const store = mounted();
    expect(requests.map((r) => r.path)).toEqual(['/api/admin/orders?pageSize=20']);
    expect(store.$state.get()).toMatchObject({ loading: true, data: null, error: '' });

    await last().answer(page(1, 20, { next: 'n1', total: exact(45) }));
    expect(store.$state.get()).toMatchObject({
      loading: false,
      total: exact(45),
      offset: { rows: 0, approx: false },
    });
    expect(store.$state.get().data?.items).toHaveLength(20);
    expect(showingText(store.$state.get(), 'orders')).toBe('Showing 1–20 of 45 orders');
  });

  it('pages there and back, counting the rows before the page and keeping the total', async () => {
    const store = mounted();
    await last().answer(page(1, 20, { next: 'n1', total: exact(45) }));

    store.nextPage();
    expect(store.$state.get().loading).toBe(true);
    expect(last().path).toBe('/api/admin/orders?after=n1&pageSize=20');
    await last().answer(page(21, 20, { next: 'n2', previous: 'p2' }));
    expect(store.$state.get()).toMatchObject({ offset: { rows: 20 }, total: exact(45) });

    store.nextPage();
    await last().answer(page(41, 5, { previous: 'p3' }));
    expect(store.$state.get().offset).toEqual({ rows: 40, approx: false });
    expect(pagerText(store.$state.get())).toEqual({ about: '', pageNumber: 3, pages: '3' });
    expect(showingText(store.$state.get(), 'orders')).toBe('Showing 41–45 of 45 orders');

    store.nextPage(); // no next page: nothing to ask
    expect(requests).toHaveLength(3);

    store.previousPage();
    expect(last().path).toBe('/api/admin/orders?before=p3&pageSize=20');
    await last().answer(page(21, 20, { next: 'n2', previous: 'p2' }));
    expect(store.$state.get().offset).toEqual({ rows: 20, approx: false });

    store.firstPage();
    expect(last().path).toBe('/api/admin/orders?pageSize=20');
    await last().answer(page(1, 20, { next: 'n1', total: exact(45) }));
    expect(pagerText(store.$state.get()).pageNumber).toBe(1);
  });

  it('counts back from an estimated total at the last page, exact again at the top', async () => {
    const store = mounted();
    await last().answer(page(1, 20, { next: 'n1', total: { count: 98_765, exact: false } }));

    store.lastPage();
    expect(last().path).toBe('/api/admin/orders?page=last&pageSize=20');
    await last().answer(page(98_761, 5, { previous: 'p', total: { count: 98_765, exact: false } }));
    expect(store.$state.get().offset).toEqual({ rows: 98_760, approx: true });
    expect(pagerText(store.$state.get())).toEqual({
      about: 'about ',
      pageNumber: 4_939,
      pages: 'about 4,939',
    });
    expect(showingText(store.$state.get(), 'orders')).toBe('Showing 5 of about 99,000 orders');

    store.previousPage();
    await last().answer(page(98_741, 20, { next: 'n', previous: 'p2' }));
    expect(store.$state.get().offset).toEqual({ rows: 98_740, approx: true });

    // The database had fewer rows than estimated: the top of the list comes sooner.
    store.previousPage();
    await last().answer(page(1, 20, { next: 'n' }));
    expect(store.$state.get().offset).toEqual({ rows: 0, approx: false });
  });

  it('starts over when a cursor page comes back empty', async () => {
    const store = mounted();
    await last().answer(page(1, 20, { next: 'n1', total: exact(21) }));
    store.nextPage();
    await last().answer(page(0, 0, { previous: 'p' }));
    expect(last().path).toBe('/api/admin/orders?pageSize=20');
    expect(store.$state.get().loading).toBe(true);
    await last().answer(page(1, 20, { total: exact(20) }));
    expect(store.$state.get()).toMatchObject({ loading: false, offset: { rows: 0 } });
  });

  it('applies typed filters only on apply, a status at once, and clears both', async () => {
    const store = mounted();
    await last().answer(page(1, 20, { next: 'n1', total: exact(45) }));
    store.nextPage();
    await last().answer(page(21, 20, { previous: 'p' }));

    store.editFilters({ q: 'ada' });
    store.editFilters({ from: '2026-01-01' });
    expect(requests).toHaveLength(2);
    expect(store.$state.get().filters.q).toBe('');

    store.applyFilters();
    expect(last().path).toBe('/api/admin/orders?q=ada&from=2026-01-01&pageSize=20');
    await last().answer(page(1, 2, { total: exact(2) }));
    expect(store.$state.get().offset).toEqual({ rows: 0, approx: false });
    expect(csvPath('orders', store.$state.get().filters)).toBe(
      '/api/admin/orders?q=ada&from=2026-01-01&format=csv',
    );

    store.applyFilters(); // the same filters again: nothing new to ask
    expect(requests).toHaveLength(3);

    store.filterByStatus('paid');
    expect(store.$state.get().draft.status).toBe('paid');
    expect(last().path).toBe('/api/admin/orders?q=ada&status=paid&from=2026-01-01&pageSize=20');
    await last().answer(page(0, 0, { total: exact(0) }));
    expect(showingText(store.$state.get(), 'orders')).toBe('No orders match these filters.');

    store.clearFilters();
    expect(store.$state.get().draft).toEqual({ q: '', status: '', from: '', to: '' });
    expect(last().path).toBe('/api/admin/orders?pageSize=20');
  });

  it('goes back to the first page when the page size changes', async () => {
    const store = mounted();
    await last().answer(page(1, 20, { next: 'n1', total: exact(145) }));
    store.nextPage();
    await last().answer(page(21, 20, { next: 'n2', previous: 'p' }));

    store.setPageSize(50);
    expect(last().path).toBe('/api/admin/orders?pageSize=50');
    await last().answer(page(1, 50, { next: 'n1', total: exact(145) }));
    expect(store.$state.get()).toMatchObject({ pageSize: 50, offset: { rows: 0 } });
    expect(pagerText(store.$state.get())).toEqual({ about: '', pageNumber: 1, pages: '3' });
  });

  it('shows the error of a failed request, keeps the page, and reloads it on "Try again"', async () => {
    const store = mounted();
    await last().answer(page(1, 20, { next: 'n1', total: exact(45) }));
    store.nextPage();
    await last().fail('The orders could not be loaded.');
    expect(store.$state.get()).toMatchObject({
      error: 'The orders could not be loaded.',
      loading: false,
    });
    expect(store.$state.get().data?.items[0]).toEqual({ id: 1 });

    store.reload();
    expect(store.$state.get().loading).toBe(true);
    expect(last().path).toBe('/api/admin/orders?after=n1&pageSize=20');
    await last().answer(page(21, 20, { previous: 'p' }));
    expect(store.$state.get()).toMatchObject({ error: '', loading: false, offset: { rows: 20 } });
  });

  it('reloads when the reload key changes, not on its first value', async () => {
    const store = mounted();
    await last().answer(page(1, 3, { total: exact(3) }));
    store.followReloadKey(0);
    store.followReloadKey(0);
    expect(requests).toHaveLength(1);
    store.followReloadKey(1);
    expect(requests).toHaveLength(2);
    expect(last().path).toBe('/api/admin/orders?pageSize=20');
  });

  it('drops an answer overtaken by a newer request', async () => {
    const store = mounted();
    await last().answer(page(1, 20, { next: 'n1', total: exact(45) }));
    store.nextPage();
    const slow = last();
    store.lastPage();
    await last().answer(page(41, 5, { previous: 'p', total: exact(45) }));
    await slow.answer(page(21, 20, { next: 'n2', previous: 'p2' }));
    expect(store.$state.get()).toMatchObject({
      loading: false,
      error: '',
      offset: { rows: 40, approx: false },
    });
    expect(store.$state.get().data?.items[0]).toEqual({ id: 41 });
  });

  it('drops an answer that lands after the list is gone', async () => {
    const store = mounted();
    const pending = last();
    store.unmount();
    await pending.answer(page(1, 20, { total: exact(20) }));
    expect(store.$state.get().data).toBeNull();
  });
});

describe('a list page past the session’s allowance of rows', () => {
  const { routes, calls } = useFetchRoutes();
  const PAGE = 'GET /api/admin/orders?pageSize=20';
  afterEach(() => {
    $stepUp.set(null);
    cleanStores($stepUp);
  });

  function panelList() {
    const store = createAdminList<Row>('orders');
    stores.push(store);
    store.$state.listen(() => {});
    store.mount();
    return store;
  }

  it('asks for the factor again, as an export does, then shows the page', async () => {
    routes[PAGE] = { status: 403, body: { error: STEP_UP_REQUIRED } };
    const store = panelList();
    await vi.waitFor(() => expect($stepUp.get()).not.toBeNull());
    expect(store.$state.get().loading).toBe(true);
    routes[PAGE] = { body: page(1, 20, { total: exact(20) }) };
    // What the dialog does once the factor is verified.
    const step = $stepUp.get()!;
    $stepUp.set(null);
    step.resolve(true);
    await vi.waitFor(() => expect(store.$state.get().loading).toBe(false));
    expect(store.$state.get()).toMatchObject({ error: '', total: exact(20) });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/admin/orders?pageSize=20',
      '/api/admin/orders?pageSize=20',
    ]);
  });

  it('says why the page is missing when the factor is not given', async () => {
    routes[PAGE] = { status: 403, body: { error: STEP_UP_REQUIRED } };
    const store = panelList();
    await vi.waitFor(() => expect($stepUp.get()).not.toBeNull());
    cancelStepUp();
    await vi.waitFor(() => expect(store.$state.get().loading).toBe(false));
    expect(store.$state.get()).toMatchObject({ error: LIST_STEP_UP_CANCELLED, data: null });
    expect(calls).toHaveLength(1);
  });
});
