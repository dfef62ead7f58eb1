import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addsUp,
  breakdownProblems,
  chargeFor,
  percentLabel,
  percentOfCents,
  type ChargeBreakdown,
} from './charge';

const line = fc.record({
  unitAmountCents: fc.integer({ min: 0, max: 2_500_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});
/** A cart's subtotal, as checkout prices it: whole cents per line. */
const cart = fc
  .array(line, { minLength: 1, maxLength: 12 })
  .map((lines) => lines.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0));
/** A percent with up to four decimals, as SIMULATED_TAX_RATE takes it. */
const rate = fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 10_000);
const promotion = fc.option(
  fc.oneof(
    fc.constant({ code: 'SAVE10', percentOff: 10 }),
    fc.record({
      code: fc.stringMatching(/^[A-Z0-9]{1,12}$/),
      percentOff: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    }),
  ),
);

describe('a charge computed the simulated provider’s way', () => {
  it('always adds up to the cent: subtotal − discount + tax = total, over random carts, codes and rates', () => {
    fc.assert(
      fc.property(cart, promotion, rate, (subtotalCents, promo, ratePercent) => {
        const charge = chargeFor({
          currency: 'usd',
          subtotalCents,
          promotion: promo,
          tax: { ratePercent },
        });
        expect(breakdownProblems(charge)).toEqual([]);
        expect(charge.subtotalCents).toBe(subtotalCents);
        // Each part is the exact amount rounded to the nearest cent.
        const exactDiscount = promo ? (subtotalCents * promo.percentOff) / 100 : 0;
        expect(Math.abs(charge.discountCents - exactDiscount)).toBeLessThanOrEqual(0.5 + 1e-6);
        const taxable = subtotalCents - charge.discountCents;
        expect(Math.abs(charge.taxCents - (taxable * ratePercent) / 100)).toBeLessThanOrEqual(
          0.5 + 1e-6,
        );
        expect(charge.taxes).toHaveLength(ratePercent > 0 ? 1 : 0);
        expect(charge.discounts.map((d) => d.code)).toEqual(promo ? [promo.code] : []);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes 10 % off the whole order, then taxes the discounted subtotal', () => {
    // $1,000.00 Starter with SAVE10 at 8.25 %: $900.00 taxed $74.25.
    expect(
      chargeFor({
        currency: 'usd',
        subtotalCents: 100_000,
        promotion: { code: 'SAVE10', percentOff: 10 },
        tax: { ratePercent: 8.25 },
      }),
    ).toEqual({
      currency: 'usd',
      subtotalCents: 100_000,
      discounts: [{ code: 'SAVE10', promotionCodeId: null, amountCents: 10_000 }],
      discountCents: 10_000,
      taxCents: 7_425,
      taxes: [
        {
          amountCents: 7_425,
          ratePercent: 8.25,
          jurisdiction: null,
          displayName: 'Tax',
          taxableAmountCents: 90_000,
        },
      ],
      totalCents: 97_425,
      invoice: null,
    });
  });

  it('charges no tax and lists none at a rate of 0, and changes nothing without a code', () => {
    expect(chargeFor({ currency: 'usd', subtotalCents: 29_900, tax: { ratePercent: 0 } })).toEqual({
      currency: 'usd',
      subtotalCents: 29_900,
      discounts: [],
      discountCents: 0,
      taxCents: 0,
      taxes: [],
      totalCents: 29_900,
      invoice: null,
    });
  });
});

describe('percentOfCents', () => {
  it('rounds half away from zero, exactly (no float product)', () => {
    expect(percentOfCents(125, 10)).toBe(13); // 12.5 ¢
    expect(percentOfCents(-125, 10)).toBe(-13);
    expect(percentOfCents(124, 10)).toBe(12);
    expect(percentOfCents(29_900, 8.25)).toBe(2467); // 2466.75
    expect(percentOfCents(1, 50)).toBe(1); // 0.5 ¢
    expect(percentOfCents(1, 49.9999)).toBe(0);
    // 0.07 * 10000 is 700.0000000000001 in floats; the rate is read to four decimals.
    expect(percentOfCents(100_000, 0.07)).toBe(70);
    expect(percentOfCents(2_147_483_647, 100)).toBe(2_147_483_647);
  });

  it('refuses what is not cents or a rate', () => {
    expect(() => percentOfCents(1.5, 10)).toThrow(RangeError);
    expect(() => percentOfCents(100, -1)).toThrow(RangeError);
    expect(() => percentOfCents(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('breakdownProblems', () => {
  const good: ChargeBreakdown = {
    currency: 'usd',
    subtotalCents: 100_000,
    discounts: [{ code: 'SAVE10', amountCents: 10_000 }],
    discountCents: 10_000,
    taxCents: 7_425,
    taxes: [{ amountCents: 7_425, ratePercent: 8.25, jurisdiction: 'NY' }],
    totalCents: 97_425,
    invoice: null,
  };

  it('finds nothing wrong with a breakdown that adds up', () => {
    expect(breakdownProblems(good)).toEqual([]);
    expect(addsUp(good)).toBe(true);
  });

  it('names a total one cent off, parts that disagree with their sums, and bad amounts', () => {
    expect(breakdownProblems({ ...good, totalCents: 97_424 })).toEqual([
      'subtotal − discount + tax = 97425, but the total is 97424',
    ]);
    expect(breakdownProblems({ ...good, discounts: [] })).toContain(
      'the discounts add up to 0, not 10000',
    );
    expect(breakdownProblems({ ...good, taxes: [] })).toContain('the taxes add up to 0, not 7425');
    expect(breakdownProblems({ ...good, subtotalCents: 5_000, totalCents: 2_425 })).toContain(
      'the discount 10000 exceeds the subtotal 5000',
    );
    expect(breakdownProblems({ ...good, taxCents: 74.25 })).toEqual([
      'tax is not whole cents (74.25)',
    ]);
    expect(addsUp({ ...good, totalCents: 0 })).toBe(false);
  });
});

describe('percentLabel', () => {
  it('writes a rate as people do', () => {
    expect(percentLabel(8.25)).toBe('8.25%');
    expect(percentLabel(10)).toBe('10%');
    expect(percentLabel(0.07)).toBe('0.07%');
  });
});
