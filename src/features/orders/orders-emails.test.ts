import { describe, expect, it } from 'vitest';
import { orderConfirmationEmail } from './orders-emails';
import type { OrderCharge } from './orders';
import { save10Taxed } from '../../testing/charge-fixtures';

const LINES = [
  {
    name: 'Starter Website Package',
    billingCycle: 'oneTime' as const,
    unitAmountCents: 100_000,
    quantity: 1,
    onboardingUrl: 'https://novareach.test/onboarding-starter/7',
  },
];
const SAVE10_TAXED = save10Taxed();
const confirmation = (charge: OrderCharge) =>
  orderConfirmationEmail({
    orderNumber: 'NR-20261202-ABC234',
    customerName: 'Ada Lovelace',
    charge,
    lines: LINES,
    dashboardUrl: 'https://novareach.test/dashboard?token=t',
    linkExpiresAt: new Date('2026-12-03T09:00:00Z'),
  }).text;

describe('the order confirmation', () => {
  it('shows what was charged: subtotal, the code’s discount, tax at its rate and the total paid', () => {
    const text = confirmation(SAVE10_TAXED);
    expect(text).toContain(
      [
        '1 x Starter Website Package (One-time): $1,000.00',
        'Subtotal: $1,000.00',
        'Discount (SAVE10): -$100.00',
        'Tax (8.25%): $74.25',
        'Total paid: $974.25',
      ].join('\n'),
    );
    expect(text).toContain('Your payment of $974.25 was received.');
    // A simulated purchase has no invoice of the provider's: no link to one.
    expect(text).not.toMatch(/invoice/i);
  });

  it('links Stripe’s invoice, hosted page and PDF, when the payment has one', () => {
    const text = confirmation({
      ...SAVE10_TAXED,
      invoice: {
        id: 'in_1',
        number: 'A1B2-0001',
        hostedUrl: 'https://invoice.stripe.com/i/acct_1/test_1',
        pdfUrl: 'https://pay.stripe.com/invoice/acct_1/test_1/pdf',
      },
    });
    expect(text).toContain(
      [
        'Your invoice A1B2-0001:',
        'View invoice https://invoice.stripe.com/i/acct_1/test_1',
        'Download invoice (PDF) https://pay.stripe.com/invoice/acct_1/test_1/pdf',
      ].join('\n'),
    );
  });

  it('shows the lines and the total alone when the parts are unknown, never a zero', () => {
    const text = confirmation({
      ...SAVE10_TAXED,
      subtotalCents: null,
      discountCents: null,
      discounts: null,
      taxCents: null,
      taxes: null,
      totalCents: 100_000,
    });
    expect(text).toContain(
      '1 x Starter Website Package (One-time): $1,000.00\nTotal paid: $1,000.00\n',
    );
    expect(text).not.toMatch(/Subtotal|Discount|Tax/);
  });
});
