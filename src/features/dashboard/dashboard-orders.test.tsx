import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { links, rendered, tableRows } from '../../testing/rendered-tables';
import type { DashboardOrder, DashboardSubscription, DashboardView } from './dashboard';
import DashboardOrders from './DashboardOrders';
import { save10Taxed, STRIPE_INVOICE } from '../../testing/charge-fixtures';

const INVOICE = STRIPE_INVOICE;
const SAVE10_TAXED = save10Taxed({ refundedCents: 25_000, invoice: INVOICE });
const ORDER: DashboardOrder = {
  id: 7,
  orderNumber: 'NR-20261202-ABC234',
  productId: 'starter',
  productName: 'Starter Website Package',
  amountCents: 97_425,
  status: 'paid',
  mode: 'payment',
  createdAt: '2026-12-02T09:00:00.000Z',
  items: [
    {
      name: 'Starter Website Package',
      billingCycle: 'oneTime',
      quantity: 1,
      unitAmountCents: 100_000,
    },
  ],
  charge: SAVE10_TAXED,
  refunds: [{ amountCents: 25_000, refundedAt: '2026-12-03T10:00:00.000Z' }],
  onboarding: {
    status: 'not-started',
    stepsSaved: 0,
    totalSteps: 3,
    path: '/onboarding-starter/7',
  },
  simulatedActions: [],
};
/** A plan whose last invoice (a renewal) was taxed, with Stripe's invoice. */
const PLAN: DashboardSubscription = {
  id: 1,
  orderId: 8,
  plan: 'Lily AI Starter (monthly)',
  status: 'active',
  interval: 'month',
  amountCents: 19_800,
  currentPeriodEnd: '2027-01-02T09:00:00.000Z',
  endedAt: null,
  orderNumber: 'NR-20261202-PLAN22',
  lastPayment: {
    amountCents: 21_434,
    paidAt: '2026-12-02T09:00:00.000Z',
    refundedCents: 0,
    charge: {
      currency: 'usd',
      subtotalCents: 19_800,
      discountCents: 0,
      discounts: [],
      taxCents: 1_634,
      taxes: [{ amountCents: 1_634, ratePercent: 8.25, jurisdiction: null, displayName: 'Tax' }],
      totalCents: 21_434,
      refundedCents: 0,
      invoice: {
        id: 'in_2',
        number: 'A1B2-0002',
        hostedUrl: 'https://invoice.stripe.com/i/2',
        pdfUrl: null,
      },
    },
    refunds: [],
  },
  simulatedActions: [],
};

const view = (
  orders: DashboardOrder[],
  subscriptions: DashboardSubscription[] = [],
): DashboardView => ({
  client: { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
  wholeAccount: true,
  orders,
  subscriptions,
  billing: { hasSubscription: subscriptions.length > 0, simulated: true },
});
const dashboard = (v: DashboardView) =>
  rendered(<DashboardOrders view={v} headingRef={createRef()} />);

describe('the dashboard’s orders', () => {
  it('show each order’s payment as the receipt does, with Stripe’s invoice', () => {
    const html = dashboard(view([ORDER]));
    expect(tableRows(html, `Payment of order ${ORDER.orderNumber}`)).toEqual([
      '1 x Starter Website Package (One-time) $1,000.00',
      'Subtotal $1,000.00',
      'Discount (SAVE10) -$100.00',
      'Tax (8.25%) $74.25',
      'Total paid $974.25',
      'Refunded on December 3, 2026 -$250.00',
      'Remaining after refunds $724.25',
    ]);
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

  it('link no invoice for a simulated purchase, and show only the total where the parts are unknown', () => {
    const html = dashboard(
      view([
        {
          ...ORDER,
          charge: {
            ...SAVE10_TAXED,
            subtotalCents: null,
            discountCents: null,
            discounts: null,
            taxCents: null,
            taxes: null,
            totalCents: 100_000,
            refundedCents: 0,
            invoice: null,
          },
          refunds: [],
        },
      ]),
    );
    expect(tableRows(html, `Payment of order ${ORDER.orderNumber}`)).toEqual([
      '1 x Starter Website Package (One-time) $1,000.00',
      'Total paid $1,000.00',
    ]);
    expect(html).not.toMatch(/invoice/i);
  });

  it('show a plan’s last invoice with its breakdown and its links', () => {
    const html = dashboard(view([], [PLAN]));
    expect(tableRows(html, `Last payment of ${PLAN.plan}`)).toEqual([
      'Subtotal $198.00',
      'Tax (8.25%) $16.34',
      'Total paid $214.34',
    ]);
    expect(links(html)).toContainEqual({
      text: `View invoice of the last payment of ${PLAN.plan} (opens in a new tab)`,
      href: 'https://invoice.stripe.com/i/2',
    });
    expect(html).not.toContain('Download invoice (PDF)');
  });
});
