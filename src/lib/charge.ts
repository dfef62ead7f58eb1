/**
 * What a payment was made of, in integer cents, as the payment provider computed it: subtotal,
 * discounts, taxes, total and the invoice. Stripe's numbers are stored as Stripe sent them; the
 * simulated provider computes its own with {@link chargeFor}. Browser-safe and pure.
 */

/** One discount: a promotion code and what it took off. */
export type ChargeDiscount = {
  /** The code the buyer typed ("SAVE10"); null when the provider did not name it. */
  code: string | null;
  /** The provider's id of that code (Stripe's `promo_…`), when it gave one. */
  promotionCodeId?: string | null;
  amountCents: number;
};

/** One tax: its amount and, where the provider gives them, its rate and jurisdiction. */
export type ChargeTax = {
  amountCents: number;
  /** Percent out of 100 (8.25), null when unknown. */
  ratePercent: number | null;
  /** Where it is owed ("NY", "New York"), null when unknown. */
  jurisdiction: string | null;
  /** The tax's own name on the provider's documents ("Sales Tax", "VAT"). */
  displayName?: string | null;
  /** What it was charged on (the discounted amount), null when unknown. */
  taxableAmountCents?: number | null;
};

/** The provider's invoice of a payment: its own document, hosted page and PDF. */
export type ChargeInvoice = {
  id: string;
  number: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
};

/**
 * A payment as the provider charged it: `subtotalCents − discountCents + taxCents =
 * totalCents`, the discounts adding up to `discountCents` and the taxes to `taxCents`.
 */
export type ChargeBreakdown = {
  /** ISO code, lower case ("usd"). */
  currency: string;
  subtotalCents: number;
  discounts: ChargeDiscount[];
  discountCents: number;
  taxCents: number;
  taxes: ChargeTax[];
  totalCents: number;
  invoice: ChargeInvoice | null;
};

const isCents = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/** What is wrong with a breakdown (nothing: an empty list). */
export function breakdownProblems(b: ChargeBreakdown): string[] {
  const problems: string[] = [];
  const amounts: [string, unknown][] = [
    ['subtotal', b.subtotalCents],
    ['discount', b.discountCents],
    ['tax', b.taxCents],
    ['total', b.totalCents],
    ...b.discounts.map((d, i): [string, unknown] => [`discount ${i + 1}`, d.amountCents]),
    ...b.taxes.map((t, i): [string, unknown] => [`tax ${i + 1}`, t.amountCents]),
  ];
  for (const [name, value] of amounts) {
    if (!isCents(value) || value < 0) problems.push(`${name} is not whole cents (${value})`);
  }
  if (problems.length) return problems;
  const discounts = b.discounts.reduce((sum, d) => sum + d.amountCents, 0);
  const taxes = b.taxes.reduce((sum, t) => sum + t.amountCents, 0);
  if (discounts !== b.discountCents)
    problems.push(`the discounts add up to ${discounts}, not ${b.discountCents}`);
  if (taxes !== b.taxCents) problems.push(`the taxes add up to ${taxes}, not ${b.taxCents}`);
  if (b.discountCents > b.subtotalCents)
    problems.push(`the discount ${b.discountCents} exceeds the subtotal ${b.subtotalCents}`);
  const computed = b.subtotalCents - b.discountCents + b.taxCents;
  if (computed !== b.totalCents)
    problems.push(`subtotal − discount + tax = ${computed}, but the total is ${b.totalCents}`);
  return problems;
}

export function addsUp(b: ChargeBreakdown): boolean {
  return breakdownProblems(b).length === 0;
}

/** Rates are read to four decimals of a percent (8.2525 %), as a whole number of 1/10,000 %. */
const RATE_SCALE = 10_000n;
const PERCENT = 100n * RATE_SCALE;

/**
 * `percent` % of `cents`, rounded to the cent half away from zero (12.5 ¢ → 13 ¢): the rounding
 * of Stripe's amounts. Exact: integer arithmetic, never a float product.
 */
export function percentOfCents(cents: number, percent: number): number {
  if (!isCents(cents)) throw new RangeError(`Not whole cents: ${cents}`);
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`Not a rate: ${percent}`);
  const product = BigInt(Math.abs(cents)) * BigInt(Math.round(percent * Number(RATE_SCALE)));
  const rounded = (2n * product + PERCENT) / (2n * PERCENT);
  return cents < 0 ? -Number(rounded) : Number(rounded);
}

export type PercentPromotion = {
  code: string;
  promotionCodeId?: string | null;
  percentOff: number;
};
export type TaxRule = { ratePercent: number; jurisdiction?: string | null; displayName?: string };

/**
 * A charge computed the simulated provider's way: the promotion's percent off the whole
 * subtotal (rounded once, not per line), then tax at the rate on the discounted subtotal
 * (rounded once). A rate of 0 charges no tax and lists none.
 */
export function chargeFor(input: {
  currency: string;
  subtotalCents: number;
  promotion?: PercentPromotion | null;
  tax?: TaxRule | null;
  invoice?: ChargeInvoice | null;
}): ChargeBreakdown {
  const { subtotalCents, promotion, tax } = input;
  const discountCents = promotion
    ? Math.min(subtotalCents, percentOfCents(subtotalCents, promotion.percentOff))
    : 0;
  const taxable = subtotalCents - discountCents;
  const taxCents = tax && tax.ratePercent > 0 ? percentOfCents(taxable, tax.ratePercent) : 0;
  return {
    currency: input.currency,
    subtotalCents,
    discounts: promotion
      ? [
          {
            code: promotion.code,
            promotionCodeId: promotion.promotionCodeId ?? null,
            amountCents: discountCents,
          },
        ]
      : [],
    discountCents,
    taxCents,
    taxes:
      tax && tax.ratePercent > 0
        ? [
            {
              amountCents: taxCents,
              ratePercent: tax.ratePercent,
              jurisdiction: tax.jurisdiction ?? null,
              displayName: tax.displayName ?? 'Tax',
              taxableAmountCents: taxable,
            },
          ]
        : [],
    totalCents: taxable + taxCents,
    invoice: input.invoice ?? null,
  };
}

/** "8.25%", "10%": a rate as people write it. */
export function percentLabel(percent: number): string {
  return `${Number(percent.toFixed(4))}%`;
}
