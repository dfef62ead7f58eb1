/**
 * Every document of one purchase says the same thing: the Starter package bought with SAVE10
 * at SIMULATED_TAX_RATE=8.25 through the real functions, then refunded in part. The success
 * page's lookup, the confirmation e-mail and its PDF receipt, the downloaded PDF, the dashboard
 * and the admin's order list all carry the stored breakdown, and their rows are the same.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listOrders } from '../../src/features/admin/orders/orders.server.ts';
import { pageRequestOf, parseListQuery } from '../../src/features/admin/shell/list.server.ts';
import type { DashboardView } from '../../src/features/dashboard/dashboard.ts';
import { chargeSummary, refundDate } from '../../src/features/orders/charge-summary.ts';
import type { CheckoutSessionView } from '../../src/features/orders/orders.ts';
import { formatCents } from '../../src/lib/money.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { pdfText } from '../../src/testing/pdf-text.ts';
import { routed } from '../../src/testing/requests.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import * as checkoutSessionFn from '../functions/checkout-session.mts';
import createCheckoutSession from '../functions/create-checkout-session.mts';
import dashboardData from '../functions/dashboard-data.mts';
import * as downloadFn from '../functions/download.mts';
import simulateBilling from '../functions/simulate-billing.mts';
import simulatedCheckout from '../functions/simulated-checkout.mts';
import { Browser, ORIGIN } from './browser.ts';

const checkoutSession = routed(checkoutSessionFn);
const download = routed(downloadFn);
let db: Db;
let saved: string | undefined;

beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());
beforeEach(() => {
  saved = process.env.SIMULATED_TAX_RATE;
  process.env.SIMULATED_TAX_RATE = '8.25';
});
afterEach(() => {
  if (saved === undefined) delete process.env.SIMULATED_TAX_RATE;
  else process.env.SIMULATED_TAX_RATE = saved;
});

const ROWS = [
  '1 x Starter Website Package (One-time) $1,000.00',
  'Subtotal $1,000.00',
  'Discount (SAVE10) -$100.00',
  'Tax (8.25%) $74.25',
  'Total paid $974.25',
];

type Rows = ReturnType<typeof chargeSummary>;
const asText = (rows: Rows) => rows.map((r) => `${r.label} ${formatCents(r.cents)}`);

/** What each place answers, as the rows it shows. */
async function everyPlace(browser: Browser, sessionId: string) {
  const lookup = (await (
    await browser.call(checkoutSession, `/api/checkout-session/${sessionId}`)
  ).json()) as CheckoutSessionView;
  const order = lookup.order!;
  const success = chargeSummary(
    order.charge,
    order.items.map((i) => ({ ...i, unitAmountCents: Math.round(i.price * 100) })),
    order.refunds,
  );
  const dashboard = (await (
    await browser.call(dashboardData, '/api/dashboard')
  ).json()) as DashboardView;
  const mine = dashboard.orders.find((o) => o.id === order.id)!;
  const onDashboard = chargeSummary(mine.charge, mine.items, mine.refunds);
  const q = parseListQuery('orders', new URLSearchParams(`q=${order.orderNumber}`));
  const [admin] = (await listOrders(db, q, pageRequestOf(q))).rows;
  const inAdmin = chargeSummary(admin!.charge, admin!.items, admin!.refunds);
  const file = await browser.call(download, `/api/download/${order.items[0]!.id}`);
  expect(file.status).toBe(200);
  const downloaded = await pdfText(new Uint8Array(await file.arrayBuffer()));
  return { order, success, onDashboard, inAdmin, downloaded };
}

describe('one purchase with SAVE10 and 8.25 % tax', () => {
  it('reads the same, and adds up, on the success page, in the e-mail and its receipt, on the PDF, the dashboard and in the admin; a partial refund shows everywhere', async () => {
    const browser = new Browser();
    const started = await browser.call(createCheckoutSession, '/api/create-checkout-session', {
      body: {
        items: [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
        success_url: `${ORIGIN}/checkout/success`,
        cancel_url: `${ORIGIN}/checkout`,
      },
    });
    const sessionId = new URL(((await started.json()) as { url: string }).url).searchParams.get(
      'session',
    )!;
    for (const form of [
      { session: sessionId, action: 'apply', code: 'SAVE10' },
      {
        session: sessionId,
        action: 'pay',
        name: 'Ada Lovelace',
        email: 'ada.documents@example.com',
      },
    ]) {
      expect(
        (await browser.call(simulatedCheckout, '/api/simulated-checkout', { form })).status,
      ).toBe(303);
    }

    const before = await everyPlace(browser, sessionId);
    expect(asText(before.success)).toEqual(ROWS);
    expect(before.onDashboard).toEqual(before.success);
    expect(before.inAdmin).toEqual(before.success);
    expect(before.downloaded).toContain(
      [
        'Starter Website Package One-time 1 $1,000.00',
        'Subtotal $1,000.00',
        'Discount (SAVE10) -$100.00',
        'Tax (8.25%) $74.25',
        'Total paid $974.25 USD',
      ].join('\n'),
    );
    // A simulated purchase has no invoice of the provider's: nothing to link or number.
    expect(before.order.charge.invoice).toBeNull();
    expect(before.downloaded).not.toContain('Invoice number');

    // The confirmation: the same rows, and the site's own receipt attached with them.
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'ada.documents@example.com'));
    expect(mail!.text).toContain(ROWS.map((r) => r.replace(/ (-?\$[\d,.]+)$/, ': $1')).join('\n'));
    expect(mail!.text).not.toMatch(/View invoice/);
    const [receipt] = mail!.attachments;
    expect(receipt!.filename).toBe(`receipt-${before.order.orderNumber}.pdf`);
    expect(await pdfText(Buffer.from(receipt!.content, 'base64'))).toContain(
      'Discount (SAVE10) -$100.00\nTax (8.25%) $74.25\nTotal paid $974.25 USD',
    );

    const refunded = await browser.call(simulateBilling, '/api/test/simulate-billing', {
      body: { orderId: before.order.id, action: 'refund', amountCents: 25_000 },
    });
    expect(refunded.status).toBe(200);
    const after = await everyPlace(browser, sessionId);
    expect(after.order.refunds).toHaveLength(1);
    const day = refundDate(after.order.refunds[0]!.refundedAt);
    expect(asText(after.success)).toEqual([
      ...ROWS,
      `Refunded on ${day} -$250.00`,
      'Remaining after refunds $724.25',
    ]);
    expect(after.onDashboard).toEqual(after.success);
    expect(after.inAdmin).toEqual(after.success);
    expect(after.downloaded).toContain(
      `Total paid $974.25 USD\nRefunded on ${day} -$250.00\nRemaining after refunds $724.25`,
    );
  });
});
