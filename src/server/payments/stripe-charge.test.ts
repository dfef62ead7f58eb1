import { describe, expect, it } from 'vitest';
import { chargeFromStripeInvoice, chargeFromStripeSession } from './stripe-charge';

/** A paid Checkout Session as checkout.session.completed carries it (nothing expanded). */
const payload = {
  id: 'cs_test_money',
  object: 'checkout.session',
  currency: 'usd',
  amount_subtotal: 100_000,
  amount_total: 97_425,
  total_details: { amount_discount: 10_000, amount_shipping: 0, amount_tax: 7_425 },
  discounts: [{ coupon: 'co_10', promotion_code: 'promo_save10' }],
  invoice: 'in_once',
};

/** The same session read with SESSION_EXPAND. */
const expanded = {
  ...payload,
  discounts: [
    {
      coupon: 'co_10',
      promotion_code: { id: 'promo_save10', object: 'promotion_code', code: 'SAVE10' },
    },
  ],
  total_details: {
    ...payload.total_details,
    breakdown: {
      discounts: [
        {
          amount: 10_000,
          discount: { id: 'di_1', promotion_code: 'promo_save10', source: { coupon: 'co_10' } },
        },
      ],
      taxes: [
        {
          amount: 7_425,
          taxable_amount: 90_000,
          taxability_reason: 'standard_rated',
          rate: {
            id: 'txr_ny',
            object: 'tax_rate',
            percentage: 8.875,
            effective_percentage: 8.25,
            jurisdiction: 'NEW YORK',
            country: 'US',
            state: 'NY',
            display_name: 'Sales Tax',
          },
        },
      ],
    },
  },
  invoice: {
    id: 'in_once',
    object: 'invoice',
    number: 'A1B2C3D4-0001',
    hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/test_x',
    invoice_pdf: 'https://pay.stripe.com/invoice/acct_1/test_x/pdf',
  },
};

describe('a Checkout Session’s charge', () => {
  it('reads the amounts of a webhook payload, and knows the code, rates and invoice links are missing', () => {
    expect(chargeFromStripeSession(payload)).toEqual({
      charge: {
        currency: 'usd',
        subtotalCents: 100_000,
        discounts: [{ code: null, promotionCodeId: 'promo_save10', amountCents: 10_000 }],
        discountCents: 10_000,
        taxCents: 7_425,
        taxes: [{ amountCents: 7_425, ratePercent: null, jurisdiction: null }],
        totalCents: 97_425,
        invoice: { id: 'in_once', number: null, hostedUrl: null, pdfUrl: null },
      },
      incomplete: true,
    });
  });

  it('reads the whole breakdown of an expanded session: the code, the rate Stripe Tax used, the invoice', () => {
    expect(chargeFromStripeSession(expanded)).toEqual({
      charge: {
        currency: 'usd',
        subtotalCents: 100_000,
        discounts: [{ code: 'SAVE10', promotionCodeId: 'promo_save10', amountCents: 10_000 }],
        discountCents: 10_000,
        taxCents: 7_425,
        taxes: [
          {
            amountCents: 7_425,
            ratePercent: 8.25,
            jurisdiction: 'NEW YORK',
            displayName: 'Sales Tax',
            taxableAmountCents: 90_000,
          },
        ],
        totalCents: 97_425,
        invoice: {
          id: 'in_once',
          number: 'A1B2C3D4-0001',
          hostedUrl: 'https://invoice.stripe.com/i/acct_1/test_x',
          pdfUrl: 'https://pay.stripe.com/invoice/acct_1/test_x/pdf',
        },
      },
      incomplete: false,
    });
  });

  it('needs nothing more for a session without discount, tax or invoice', () => {
    const plain = {
      amount_subtotal: 29_900,
      amount_total: 29_900,
      currency: 'usd',
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      discounts: [],
      invoice: null,
    };
    expect(chargeFromStripeSession(plain)).toMatchObject({
      charge: { subtotalCents: 29_900, discounts: [], taxes: [], totalCents: 29_900 },
      incomplete: false,
    });
  });

  it('leaves the parts unknown, never wrong, when the amounts are missing or do not add up', () => {
    for (const session of [
      null,
      'text',
      { ...payload, amount_subtotal: null },
      { ...payload, total_details: null },
      { ...payload, amount_total: 1e308 },
      { ...payload, amount_subtotal: -5 },
      // Shipping, which this site never charges: the parts do not make the total.
      { ...payload, amount_total: 98_000 },
    ])
      expect(chargeFromStripeSession(session).charge, JSON.stringify(session)).toBeNull();
  });

  it('keeps Stripe’s sums when the breakdown disagrees with them, the detail then unknown', () => {
    const odd = {
      ...expanded,
      total_details: {
        ...expanded.total_details,
        breakdown: { ...expanded.total_details.breakdown, taxes: [{ amount: 1, rate: null }] },
      },
    };
    expect(chargeFromStripeSession(odd).charge?.taxes).toEqual([
      { amountCents: 7_425, ratePercent: null, jurisdiction: null },
    ]);
  });

  it('leaves out links that are not https', () => {
    const invoice = { ...expanded.invoice, hosted_invoice_url: 'javascript:alert(1)' };
    expect(chargeFromStripeSession({ ...expanded, invoice }).charge?.invoice?.hostedUrl).toBeNull();
  });
});

describe('an invoice’s charge', () => {
  /** A renewal with a discount and tax, as invoice.paid carries it in API 2026-10-28. */
  const renewal = {
    id: 'in_renewal',
    object: 'invoice',
    currency: 'usd',
    number: 'A1B2C3D4-0002',
    hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/test_r',
    invoice_pdf: 'https://pay.stripe.com/invoice/acct_1/test_r/pdf',
    subtotal: 29_900,
    total: 29_135,
    total_discount_amounts: [{ amount: 2_990, discount: 'di_1' }],
    total_taxes: [
      {
        amount: 2_225,
        taxable_amount: 26_910,
        tax_behavior: 'exclusive',
        taxability_reason: 'standard_rated',
        tax_rate_details: { tax_rate: 'txr_ny' },
        type: 'tax_rate_details',
      },
    ],
  };

  it('reads subtotal, discounts, taxes, total, number and links', () => {
    expect(chargeFromStripeInvoice(renewal)).toEqual({
      currency: 'usd',
      subtotalCents: 29_900,
      discounts: [{ code: null, promotionCodeId: null, amountCents: 2_990 }],
      discountCents: 2_990,
      taxCents: 2_225,
      taxes: [
        { amountCents: 2_225, ratePercent: null, jurisdiction: null, taxableAmountCents: 26_910 },
      ],
      totalCents: 29_135,
      invoice: {
        id: 'in_renewal',
        number: 'A1B2C3D4-0002',
        hostedUrl: 'https://invoice.stripe.com/i/acct_1/test_r',
        pdfUrl: 'https://pay.stripe.com/invoice/acct_1/test_r/pdf',
      },
    });
  });

  it('reads the older total_tax_amounts with an expanded rate', () => {
    const charge = chargeFromStripeInvoice({
      ...renewal,
      total_taxes: undefined,
      total_tax_amounts: [
        {
          amount: 2_225,
          taxable_amount: 26_910,
          tax_rate: { percentage: 8.25, jurisdiction: 'NY', display_name: 'Sales Tax' },
        },
      ],
    });
    expect(charge?.taxes).toEqual([
      {
        amountCents: 2_225,
        ratePercent: 8.25,
        jurisdiction: 'NY',
        displayName: 'Sales Tax',
        taxableAmountCents: 26_910,
      },
    ]);
  });

  it('is unknown when its parts do not make its total, or it has no amounts', () => {
    expect(chargeFromStripeInvoice({ ...renewal, total: 29_900 })).toBeNull();
    expect(chargeFromStripeInvoice({ id: 'in_x' })).toBeNull();
    expect(chargeFromStripeInvoice(null)).toBeNull();
  });
});
