import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../../server/db/client';
import { seedOrder } from '../../../testing/admin-seed';
import { links, rendered, tableRows } from '../../../testing/rendered-tables';
import { useFreshTestDb } from '../../../testing/test-db';
import { storeRefunds } from '../../orders/orders.server';
import { pageRequestOf, parseListQuery } from '../shell/list.server';
import { OrderPaymentDetails } from './OrderPayment';
import { listOrders } from './orders.server';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const INVOICE_URL = 'https://invoice.stripe.com/i/acct_1/test_admin';

describe('the admin’s payment of an order', () => {
  it('shows the stored breakdown, the invoice and each refund of the order’s own payment', async () => {
    const order = await seedOrder(db, {
      customerName: 'Payment Dialog',
      amount: 97_425,
      subtotalCents: 100_000,
      discountCents: 10_000,
      discounts: [{ code: 'SAVE10', amountCents: 10_000 }],
      taxCents: 7_425,
      taxes: [
        { amountCents: 7_425, ratePercent: 8.25, jurisdiction: 'NY', displayName: 'Sales Tax' },
      ],
      invoiceId: 'in_admin',
      invoiceNumber: 'A1B2-0007',
      invoiceHostedUrl: INVOICE_URL,
      refundedCents: 30_000,
    });
    await storeRefunds(db, [
      {
        providerRefundId: 're_admin_1',
        provider: 'stripe',
        orderId: order.id,
        paymentIntentId: order.stripePaymentIntentId,
        amountCents: 30_000,
        status: 'succeeded',
        refundedAt: new Date('2026-12-04T12:00:00Z'),
      },
      // A refund that failed gave nothing back, and a renewal's is not this payment's.
      {
        providerRefundId: 're_admin_2',
        provider: 'stripe',
        orderId: order.id,
        paymentIntentId: order.stripePaymentIntentId,
        amountCents: 5_000,
        status: 'failed',
        refundedAt: new Date('2026-12-05T12:00:00Z'),
      },
      {
        providerRefundId: 're_admin_3',
        provider: 'stripe',
        orderId: order.id,
        paymentIntentId: 'pi_renewal',
        amountCents: 7_000,
        status: 'succeeded',
        refundedAt: new Date('2026-12-06T12:00:00Z'),
      },
    ]);
    const q = parseListQuery('orders', new URLSearchParams('q=Payment Dialog'));
    const { rows } = await listOrders(db, q, pageRequestOf(q));
    const row = rows.find((r) => r.id === order.id)!;
    expect(row.refunds).toEqual([{ amountCents: 30_000, refundedAt: '2026-12-04T12:00:00.000Z' }]);
    const html = rendered(<OrderPaymentDetails order={row} />);
    expect(tableRows(html, `Payment summary of ${order.orderNumber}`)).toEqual([
      '1 x Starter Website Package (One-time) $1,000.00',
      'Subtotal $1,000.00',
      'Discount (SAVE10) -$100.00',
      'Sales Tax (NY, 8.25%) $74.25',
      'Total paid $974.25',
      'Refunded on December 4, 2026 -$300.00',
      'Remaining after refunds $674.25',
    ]);
    expect(links(html)).toContainEqual({
      text: `View invoice of ${order.orderNumber} (opens in a new tab)`,
      href: INVOICE_URL,
    });
    expect(html).toContain(`Simulated payment · reference ${order.stripePaymentIntentId}`);
  });

  it('shows the total alone for an order from before the breakdown was stored', async () => {
    const order = await seedOrder(db, { customerName: 'Old Order' });
    const q = parseListQuery('orders', new URLSearchParams('q=Old Order'));
    const row = (await listOrders(db, q, pageRequestOf(q))).rows.find((r) => r.id === order.id)!;
    expect(
      tableRows(
        rendered(<OrderPaymentDetails order={row} />),
        `Payment summary of ${order.orderNumber}`,
      ),
    ).toEqual(['1 x Starter Website Package (One-time) $1,000.00', 'Total paid $1,000.00']);
  });
});
