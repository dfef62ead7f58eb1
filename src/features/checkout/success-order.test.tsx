import { describe, expect, it } from 'vitest';
import { links, rendered, tableRows } from '../../testing/rendered-tables';
import type { OrderView } from '../orders/orders';
import SuccessOrder from './SuccessOrder';
import { save10Taxed, STRIPE_INVOICE } from '../../testing/charge-fixtures';

const SUPPORT = { company: 'NovaReach', phone: '555', phoneHref: 'tel:555', email: 's@x.test' };
const INVOICE = STRIPE_INVOICE;

/** The Starter package bought with SAVE10 at 8.25 %, refunded in part. */
const ORDER: OrderView = {
  id: 7,
  orderNumber: 'NR-20261202-ABC234',
  status: 'paid',
  amount: 974.25,
  currency: 'usd',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  createdAt: '2026-12-02T09:00:00.000Z',
  paymentIntentId: 'pi_1',
  items: [
    {
      id: 11,
      productId: 'starter',
      name: 'Starter Website Package',
      type: 'website',
      billingCycle: 'oneTime',
      price: 1000,
      quantity: 1,
      onboardingPath: '/onboarding-starter/7',
    },
  ],
  charge: save10Taxed({ refundedCents: 25_000, invoice: INVOICE }),
  refunds: [{ amountCents: 25_000, refundedAt: '2026-12-03T10:00:00.000Z' }],
  access: 'buyer',
};

const page = (order: OrderView) =>
  rendered(<SuccessOrder order={order} amount={order.amount} support={SUPPORT} />);

describe('the success page’s payment summary', () => {
  it('shows the lines, subtotal, the code’s discount, tax, the total paid, refunds and what remains', () => {
    const html = page(ORDER);
    expect(tableRows(html, `Payment summary of order ${ORDER.orderNumber}`)).toEqual([
      '1 x Starter Website Package (One-time) $1,000.00',
      'Subtotal $1,000.00',
      'Discount (SAVE10) -$100.00',
      'Tax (8.25%) $74.25',
      'Total paid $974.25',
      'Refunded on December 3, 2026 -$250.00',
      'Remaining after refunds $724.25',
    ]);
    // The specification's order details keep their amount.
    expect(html).toContain('<dt>Amount</dt><dd>$974.25</dd>');
    expect(links(html)).toEqual(
      expect.arrayContaining([
        {
          text: `View invoice of order ${ORDER.orderNumber} (opens in a new tab)`,
          href: INVOICE.hostedUrl,
        },
        { text: `Download invoice (PDF) of order ${ORDER.orderNumber}`, href: INVOICE.pdfUrl },
      ]),
    );
  });

  it('shows the total alone for an order whose parts are unknown, and no invoice without one', () => {
    const html = page({
      ...ORDER,
      charge: {
        ...ORDER.charge,
        subtotalCents: null,
        discountCents: null,
        discounts: null,
        taxCents: null,
        taxes: null,
        refundedCents: 0,
        invoice: null,
      },
      refunds: [],
    });
    expect(tableRows(html, `Payment summary of order ${ORDER.orderNumber}`)).toEqual([
      '1 x Starter Website Package (One-time) $1,000.00',
      'Total paid $974.25',
    ]);
    expect(html).not.toMatch(/invoice/i);
  });

  it('does not call the total of a pending payment paid', () => {
    const rows = tableRows(
      page({
        ...ORDER,
        status: 'pending',
        refunds: [],
        charge: { ...ORDER.charge, refundedCents: 0 },
      }),
      `Payment summary of order ${ORDER.orderNumber}`,
    );
    expect(rows.at(-1)).toBe('Total $974.25');
  });
});
