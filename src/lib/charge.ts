export type ChargeDiscount = {
  code: string | null;
  promotionCodeId?: string | null;
  amountCents: number;
};

export type ChargeTax = {
  amountCents: number;
  /** Percent out of 100 (8.25), null when unknown. */
  ratePercent: number | null;
  jurisdiction: string | null;
  displayName?: string | null;
  taxableAmountCents?: number | null;
};

export type ChargeInvoice = {
  id: string;
  number: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
};

export type ChargeBreakdown = {
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

/** Rounded half away from zero (12.5 ¢ → 13 ¢) as Stripe rounds, in integer arithmetic. */
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

/** The simulated provider's charge: percent off the whole subtotal, then tax, each rounded once. */
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

export function percentLabel(percent: number): string {
  return `${Number(percent.toFixed(4))}%`;
}
