import type { OrderCharge } from '../features/orders/orders.ts';

/** A Stripe invoice's number and links, as an order keeps them. */
export const STRIPE_INVOICE = {
  id: 'in_1',
  number: 'A1B2-0001',
  hostedUrl: 'https://invoice.stripe.com/i/acct_1/test_1',
  pdfUrl: 'https://pay.stripe.com/invoice/acct_1/test_1/pdf',
};

/** The Starter package ($1,000) with SAVE10 and 8.25 % tax: $974.25 charged. */
export function save10Taxed(overrides: Partial<OrderCharge> = {}): OrderCharge {
  return {
    currency: 'usd',
    subtotalCents: 100_000,
    discountCents: 10_000,
    discounts: [{ code: 'SAVE10', amountCents: 10_000 }],
    taxCents: 7_425,
    taxes: [{ amountCents: 7_425, ratePercent: 8.25, jurisdiction: null, displayName: 'Tax' }],
    totalCents: 97_425,
    refundedCents: 0,
    invoice: null,
    ...overrides,
  };
}
