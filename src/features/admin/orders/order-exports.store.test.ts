import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFetchRoutes } from '../../../testing/fetch-routes';
import { saveFile } from '../shell/api';
import { exportProgressText, type OrderExport } from './order-exports';
import {
  $orderExport,
  POLL_MS,
  downloadOrderExport,
  mountOrderExport,
  startOrderExport,
} from './order-exports.store';

vi.mock('../shell/api', async (original) => ({
  ...(await original<typeof import('../shell/api')>()),
  saveFile: vi.fn(),
}));

const { routes, calls } = useFetchRoutes();

const ID = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const base: OrderExport = {
  id: ID,
  state: 'queued',
  rowsDone: 0,
  totalRows: 100_000,
  totalExact: false,
  parts: 0,
  bytes: 0,
  startedAt: '2026-03-11T10:00:00.000Z',
  finishedAt: null,
  expiresAt: '2026-03-12T10:00:00.000Z',
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  $orderExport.set({ current: null, busy: false, error: '' });
  cleanStores($orderExport);
});

describe('the orders export', () => {
  it('starts with the filters, announces its progress, and follows it until ready', async () => {
    routes[`POST /api/admin/order-exports?status=paid`] = { status: 202, body: base };
    const unmount = mountOrderExport();
    await startOrderExport({ q: '', status: 'paid', from: '', to: '' });
    expect(exportProgressText($orderExport.get().current!)).toBe(
      'Preparing export… 0 of about 100,000 orders',
    );
    routes[`GET /api/admin/order-exports/${ID}`] = {
      body: { ...base, state: 'running', rowsDone: 40_000 },
    };
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(exportProgressText($orderExport.get().current!)).toBe(
      'Preparing export… 40,000 of about 100,000 orders',
    );
    routes[`GET /api/admin/order-exports/${ID}`] = {
      body: { ...base, state: 'done', rowsDone: 100_000, totalRows: 100_000, parts: 2 },
    };
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(exportProgressText($orderExport.get().current!)).toBe('Export ready: 100,000 orders.');
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    unmount();
  });

  it('downloads the parts in order as one file', async () => {
    $orderExport.set({
      current: { ...base, state: 'done', rowsDone: 3, parts: 2 },
      busy: false,
      error: '',
    });
    routes[`GET /api/admin/order-exports/${ID}/parts/0`] = { text: 'Order number\r\nA\r\n' };
    routes[`GET /api/admin/order-exports/${ID}/parts/1`] = { text: 'B\r\nC\r\n' };
    await downloadOrderExport();
    const [file] = vi.mocked(saveFile).mock.calls.at(-1)!;
    expect(await file.blob.text()).toBe('Order number\r\nA\r\nB\r\nC\r\n');
    expect(calls.map((c) => c.url)).toEqual([
      `/api/admin/order-exports/${ID}/parts/0`,
      `/api/admin/order-exports/${ID}/parts/1`,
    ]);
  });

  it('shows the server’s sentence when the export cannot start', async () => {
    routes['POST /api/admin/order-exports?'] = {
      status: 503,
      body: { error: 'The background job could not be started.' },
    };
    await startOrderExport({ q: '', status: '', from: '', to: '' });
    expect($orderExport.get()).toEqual({
      current: null,
      busy: false,
      error: 'The background job could not be started.',
    });
  });
});
