/**
 * The orders CSV built in the background, as the panel drives it: started by an admin with a
 * recent factor, built by the background function into the export store in parts, polled,
 * downloaded part by part by the admin who started it only, and gone after a day.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_REQUIRED } from '../../src/lib/admin-auth.ts';
import {
  EXPORT_NOT_FOUND,
  PART_ROWS,
  orderExportStatus,
  purgeExpiredExports,
  queueOrderExport,
} from '../../src/features/admin/orders/order-exports.server.ts';
import { parseListQuery } from '../../src/features/admin/shell/list.server.ts';
import { latestSecurityEvents } from '../../src/server/auth/security-log.ts';
import { setBackgroundRunner } from '../../src/server/background.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { orders } from '../../src/server/db/schema.ts';
import { memoryExportStore, setExportStore } from '../../src/server/exports/export-files.ts';
import { AdminBrowser } from '../../src/testing/admin-browser.ts';
import {
  TEST_ORIGIN,
  adminRequest,
  seedAdmin,
  verifiedSession,
} from '../../src/testing/admin-seed.ts';
import { routed } from '../../src/testing/requests.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import * as exportsFn from '../functions/admin-order-exports.mts';
import * as backgroundFn from '../functions/orders-export-background.mts';

let db: Db;
let store = memoryExportStore();
/** What the background function was started with, and its run (awaited by the test). */
let started: { path: string; body: unknown }[] = [];
let runs: (() => Promise<Response>)[] = [];
/** Every status the export store was given, in order (the progress the panel polls). */
let statuses: { state: string; rowsDone: number }[] = [];

const ORDERS = PART_ROWS + 7;

beforeAll(async () => {
  db = await useFreshTestDb();
  const rows = Array.from({ length: ORDERS }, (_, i) => ({
    orderNumber: `ORD-X${i}`,
    checkoutSessionId: `cs_x_${i}`,
    productId: 'starter',
    productName: 'Starter Website Package',
    amount: 108_250,
    subtotalCents: 100_000,
    discountCents: 0,
    discounts: [] as { code: string; amountCents: number }[],
    taxCents: 8_250,
    stripePaymentIntentId: `sim_pi_x${i}`,
    customerEmail: `buyer${i}@example.com`,
    customerName: `Buyer ${i}`,
    status: 'paid' as const,
    items: '[]',
    isTest: true,
  }));
  rows[0] = {
    ...rows[0]!,
    discountCents: 10_000,
    discounts: [{ code: 'SAVE10', amountCents: 10_000 }],
    amount: 97_425,
    taxCents: 7_425,
  };
  for (let i = 0; i < rows.length; i += 1_000)
    await db.insert(orders).values(rows.slice(i, i + 1_000));
});
afterAll(() => closeDb());

function useStores() {
  store = memoryExportStore();
  setExportStore(store);
  started = [];
  runs = [];
  statuses = [];
  const setJSON = store.setJSON.bind(store);
  store.setJSON = (key, data) => {
    if (key.endsWith('/status')) statuses.push(data as (typeof statuses)[number]);
    return setJSON(key, data);
  };
  setBackgroundRunner(async (path, body) => {
    started.push({ path, body });
    runs.push(async () =>
      routed(backgroundFn)(
        new Request(`${TEST_ORIGIN}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        {},
      ),
    );
  });
}
afterEach(() => {
  setExportStore(undefined);
  setBackgroundRunner(undefined);
});

async function adminBrowser(factorAgeMs = 0) {
  const admin = await seedAdmin(db);
  const browser = new AdminBrowser();
  browser.cookie = `__Host-admin_session=${await verifiedSession(db, admin.id, factorAgeMs)}`;
  return { admin, browser };
}

async function download(browser: AdminBrowser, path: string) {
  return routed(exportsFn)(adminRequest('GET', path, { cookie: browser.cookie }), {});
}

describe('the orders export in the background', () => {
  it('starts, shows its progress, and downloads whole in parts', async () => {
    useStores();
    const { admin, browser } = await adminBrowser();
    const start = await browser.call(exportsFn, 'POST', '/api/admin/order-exports?status=paid');
    expect(start.status).toBe(202);
    expect(start.json).toMatchObject({ state: 'queued', rowsDone: 0, parts: 0 });
    expect(start.json).not.toHaveProperty('filters');
    const id = String(start.json.id);
    expect(started).toEqual([{ path: '/api/background/orders-export', body: { id } }]);
    const [log] = await latestSecurityEvents(db, 1);
    expect(log).toMatchObject({ event: 'data.exported', userId: admin.id });

    const queued = await browser.call(exportsFn, 'GET', `/api/admin/order-exports/${id}`);
    expect(queued.json).toMatchObject({ state: 'queued' });
    // Not finished: nothing to download yet.
    expect((await download(browser, `/api/admin/order-exports/${id}/parts/0`)).status).toBe(409);

    expect((await runs[0]!()).status).toBe(200);
    expect(statuses.map((p) => [p.state, p.rowsDone])).toEqual([
      ['queued', 0],
      ['running', 0],
      ['running', PART_ROWS],
      ['running', ORDERS],
      ['done', ORDERS],
    ]);
    const done = await browser.call(exportsFn, 'GET', `/api/admin/order-exports/${id}`);
    expect(done.json).toMatchObject({
      state: 'done',
      rowsDone: ORDERS,
      totalRows: ORDERS,
      parts: 2,
    });

    const parts: string[] = [];
    for (const part of [0, 1]) {
      const res = await download(browser, `/api/admin/order-exports/${id}/parts/${part}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-/);
      parts.push(await res.text());
    }
    expect((await download(browser, `/api/admin/order-exports/${id}/parts/2`)).status).toBe(404);
    const lines = parts
      .join('')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(ORDERS + 1);
    expect(lines[0]).toBe(
      'Order number,Created (UTC),Status,Subtotal (USD),Discount (USD),Discount codes,Tax (USD),Total (USD),Refunded (USD),Net (USD),Currency,Invoice number,Customer name,Customer email,Items,Onboarding,Payment reference,Payment,Stripe link',
    );
    const first = lines.find((l) => l.startsWith('ORD-X0,'))!;
    expect(first).toContain(',paid,1000.00,100.00,SAVE10,74.25,974.25,0.00,900.00,USD,,Buyer 0,');
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(ORDERS + 1);
  });

  it('asks for the factor again to start or download, and shows an export to its admin only', async () => {
    useStores();
    const stale = await adminBrowser(11 * 60_000);
    expect(await stale.browser.call(exportsFn, 'POST', '/api/admin/order-exports')).toEqual({
      status: 403,
      json: { error: STEP_UP_REQUIRED },
    });
    expect(started).toEqual([]);

    const { admin, browser } = await adminBrowser();
    const start = await browser.call(exportsFn, 'POST', '/api/admin/order-exports');
    const id = String(start.json.id);
    await runs[0]!();
    const path = `/api/admin/order-exports/${id}`;
    // The same admin in a session whose factor is old: progress yes, the file only after it.
    const later = new AdminBrowser();
    later.cookie = `__Host-admin_session=${await verifiedSession(db, admin.id, 11 * 60_000)}`;
    expect((await later.call(exportsFn, 'GET', path)).json).toMatchObject({ state: 'done' });
    const refused = await download(later, `${path}/parts/0`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: STEP_UP_REQUIRED });
    expect((await download(browser, `${path}/parts/0`)).status).toBe(200);
    // Another admin: not theirs, as if it did not exist.
    const other = await adminBrowser();
    expect(await other.browser.call(exportsFn, 'GET', path)).toEqual({
      status: 404,
      json: { error: EXPORT_NOT_FOUND },
    });
    expect((await download(other.browser, `${path}/parts/0`)).status).toBe(404);
    const signedOut = new AdminBrowser();
    expect((await signedOut.call(exportsFn, 'GET', path)).status).toBe(401);
    expect((await signedOut.call(exportsFn, 'POST', '/api/admin/order-exports')).status).toBe(401);
    // A bad filter is the list's own 400.
    expect(
      (await browser.call(exportsFn, 'POST', '/api/admin/order-exports?status=shipped')).status,
    ).toBe(400);
    // The background function builds only what was queued, once.
    const again = await routed(backgroundFn)(
      new Request(`${TEST_ORIGIN}/api/background/orders-export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'made-up' }),
      }),
      {},
    );
    expect(again.status).toBe(200);
    expect(store.keys().every((k) => k.startsWith(`${id}/`))).toBe(true);
  });

  it('is deleted a day after it started, by the next start or the daily purge', async () => {
    useStores();
    const { admin, browser } = await adminBrowser();
    const start = await browser.call(exportsFn, 'POST', '/api/admin/order-exports');
    const id = String(start.json.id);
    await runs[0]!();
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    await expect(orderExportStatus(store, id, admin.id, later)).rejects.toMatchObject({
      status: 404,
    });
    expect(store.keys().some((k) => k.startsWith(`${id}/`))).toBe(true);
    // The next export started deletes it.
    const next = await queueOrderExport(
      db,
      store,
      { user: admin, q: parseListQuery('orders', new URLSearchParams()), ip: null },
      later,
    );
    expect(store.keys()).toEqual([`${next.id}/status`]);
    // So does the daily purge (privacy-purge.mts, tested with the retention rules).
    const dayAfter = new Date(later.getTime() + 24 * 60 * 60 * 1000 + 60_000);
    expect(await purgeExpiredExports(store, dayAfter)).toBe(1);
    expect(store.keys()).toEqual([]);
  });
});
