// Never recomputed: the numbers are Stripe's (API version 2026-10-28). A field of the wrong type
// or size reads as unknown.
import {
  addsUp,
  type ChargeBreakdown,
  type ChargeDiscount,
  type ChargeInvoice,
  type ChargeTax,
} from '../../lib/charge.ts';

export const SESSION_EXPAND = ['total_details.breakdown', 'discounts.promotion_code', 'invoice'];

type Fields = Record<string, unknown>;

const fields = (value: unknown): Fields | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : null;

const text = (value: unknown, max = 500): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;

const cents = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 2_147_483_647
    ? value
    : null;

const percent = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100 ? value : null;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const currencyOf = (value: unknown): string =>
  typeof value === 'string' && /^[a-z]{3}$/i.test(value) ? value.toLowerCase() : 'usd';

// Links go into e-mails and pages: anything but https is left out.
const link = (value: unknown): string | null => {
  const url = text(value, 2000);
  return url && /^https:\/\//.test(url) ? url : null;
};

function promotionOf(value: unknown): { id: string | null; code: string | null } {
  const expanded = fields(value);
  if (expanded) return { id: text(expanded.id, 255), code: text(expanded.code, 500) };
  return { id: text(value, 255), code: null };
}

function invoiceOf(value: unknown): { invoice: ChargeInvoice | null; expanded: boolean } {
  const expanded = fields(value);
  if (!expanded) {
    const id = text(value, 255);
    return {
      invoice: id ? { id, number: null, hostedUrl: null, pdfUrl: null } : null,
      expanded: !id,
    };
  }
  const id = text(expanded.id, 255);
  return {
    invoice: id
      ? {
          id,
          number: text(expanded.number, 100),
          hostedUrl: link(expanded.hosted_invoice_url),
          pdfUrl: link(expanded.invoice_pdf),
        }
      : null,
    expanded: true,
  };
}

function placeOf(rate: Fields): string | null {
  const country = text(rate.country, 10);
  const state = text(rate.state, 10);
  return country && state ? `${country}-${state}` : (country ?? state);
}

function taxOf(entry: unknown, rateKey: 'rate' | 'tax_rate'): ChargeTax | null {
  const tax = fields(entry);
  const amountCents = cents(tax?.amount);
  if (!tax || amountCents === null) return null;
  const rate = fields(tax[rateKey]);
  return {
    amountCents,
    // The rate Stripe Tax used for this product (taxability applied), else the nominal rate.
    ratePercent: rate ? (percent(rate.effective_percentage) ?? percent(rate.percentage)) : null,
    jurisdiction: rate ? (text(rate.jurisdiction, 200) ?? placeOf(rate)) : null,
    displayName: rate ? text(rate.display_name, 100) : null,
    taxableAmountCents: cents(tax.taxable_amount),
  };
}

const sum = (parts: { amountCents: number }[]) => parts.reduce((s, p) => s + p.amountCents, 0);

// Null when the sums do not add up to the total (e.g. shipping): the parts stay unknown, not wrong.
function consistent(charge: ChargeBreakdown): ChargeBreakdown | null {
  const discounts =
    sum(charge.discounts) === charge.discountCents
      ? charge.discounts
      : [{ code: null, amountCents: charge.discountCents }].filter((d) => d.amountCents > 0);
  const taxes =
    sum(charge.taxes) === charge.taxCents
      ? charge.taxes
      : [{ amountCents: charge.taxCents, ratePercent: null, jurisdiction: null }].filter(
          (t) => t.amountCents > 0,
        );
  const fixed = { ...charge, discounts, taxes };
  return addsUp(fixed) ? fixed : null;
}

export type SessionCharge = {
  charge: ChargeBreakdown | null;
  incomplete: boolean;
};

export function chargeFromStripeSession(object: unknown): SessionCharge {
  const session = fields(object);
  const details = fields(session?.total_details);
  const subtotalCents = cents(session?.amount_subtotal);
  const totalCents = cents(session?.amount_total);
  const discountCents = cents(details?.amount_discount);
  const taxCents = cents(details?.amount_tax);
  if (
    !session ||
    subtotalCents === null ||
    totalCents === null ||
    discountCents === null ||
    taxCents === null
  )
    return { charge: null, incomplete: false };

  const promotions = list(session.discounts).map((d) => promotionOf(fields(d)?.promotion_code));
  const breakdown = fields(details?.breakdown);
  let discounts: ChargeDiscount[];
  if (breakdown) {
    discounts = list(breakdown.discounts).flatMap((entry) => {
      const amountCents = cents(fields(entry)?.amount);
      if (amountCents === null) return [];
      const promotion = promotionOf(fields(fields(entry)?.discount)?.promotion_code);
      const code =
        promotion.code ?? promotions.find((p) => p.id && p.id === promotion.id)?.code ?? null;
      return [{ code, promotionCodeId: promotion.id, amountCents }];
    });
  } else if (discountCents > 0) {
    // Checkout takes one code: the session's only discount is the whole amount.
    const only = promotions.length === 1 ? promotions[0] : undefined;
    discounts = [
      { code: only?.code ?? null, promotionCodeId: only?.id ?? null, amountCents: discountCents },
    ];
  } else {
    discounts = [];
  }
  const taxes: ChargeTax[] = breakdown
    ? list(breakdown.taxes).flatMap((entry) => taxOf(entry, 'rate') ?? [])
    : taxCents > 0
      ? [{ amountCents: taxCents, ratePercent: null, jurisdiction: null }]
      : [];
  const { invoice, expanded } = invoiceOf(session.invoice);
  const charge = consistent({
    currency: currencyOf(session.currency),
    subtotalCents,
    discounts,
    discountCents,
    taxCents,
    taxes,
    totalCents,
    invoice,
  });
  const incomplete =
    (discountCents > 0 && (!charge || charge.discounts.some((d) => !d.code))) ||
    (taxCents > 0 && !breakdown) ||
    !expanded;
  return { charge, incomplete };
}

// Its taxes carry no rate in this API version (`total_taxes` names the rate by id only).
export function chargeFromStripeInvoice(object: unknown): ChargeBreakdown | null {
  const invoice = fields(object);
  const subtotalCents = cents(invoice?.subtotal);
  const totalCents = cents(invoice?.total);
  if (!invoice || subtotalCents === null || totalCents === null) return null;
  const discounts: ChargeDiscount[] = list(invoice.total_discount_amounts).flatMap((entry) => {
    const amountCents = cents(fields(entry)?.amount);
    if (amountCents === null) return [];
    const promotion = promotionOf(fields(fields(entry)?.discount)?.promotion_code);
    return [{ code: promotion.code, promotionCodeId: promotion.id, amountCents }];
  });
  // Before API 2025-03-31 taxes were `total_tax_amounts`, each with its (expandable) rate.
  const taxes: ChargeTax[] = Array.isArray(invoice.total_taxes)
    ? invoice.total_taxes.flatMap((entry) => {
        const amountCents = cents(fields(entry)?.amount);
        if (amountCents === null) return [];
        const tax: ChargeTax = {
          amountCents,
          ratePercent: null,
          jurisdiction: null,
          taxableAmountCents: cents(fields(entry)?.taxable_amount),
        };
        return [tax];
      })
    : list(invoice.total_tax_amounts).flatMap((entry) => taxOf(entry, 'tax_rate') ?? []);
  const breakdown: ChargeBreakdown = {
    currency: currencyOf(invoice.currency),
    subtotalCents,
    discounts,
    discountCents: sum(discounts),
    taxCents: sum(taxes),
    taxes,
    totalCents,
    invoice: invoiceOf(invoice).invoice,
  };
  return addsUp(breakdown) ? breakdown : null;
}
