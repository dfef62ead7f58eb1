import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargeFor } from '../../lib/charge';
import { BILLING_CYCLES } from '../catalogue/catalogue';
import { chargeSummary, taxLabel, type SummaryLine, type SummaryRow } from './charge-summary';
import type { OrderCharge, PaymentRefund } from './orders';

const line: fc.Arbitrary<SummaryLine> = fc.record({
  name: fc.constantFrom('Starter Website Package', 'Lily AI Starter', 'Financial Analyst'),
  billingCycle: fc.constantFrom(...BILLING_CYCLES),
  unitAmountCents: fc.integer({ min: 0, max: 2_500_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});
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

const sum = (rows: SummaryRow[], ...kinds: SummaryRow['kind'][]) =>
  rows.filter((r) => kinds.includes(r.kind)).reduce((total, r) => total + r.cents, 0);
const only = (rows: SummaryRow[], kind: SummaryRow['kind']) => rows.filter((r) => r.kind === kind);

/** An order's charge as stored from a breakdown the provider computed. */
function stored(
  lines: SummaryLine[],
  promo: { code: string; percentOff: number } | null,
  r: number,
) {
  const b = chargeFor({
    currency: 'usd',
    subtotalCents: lines.reduce((total, l) => total + l.unitAmountCents * l.quantity, 0),
    promotion: promo,
    tax: { ratePercent: r },
  });
  const charge: OrderCharge = { ...b, refundedCents: 0 };
  return charge;
}

describe('the rows every document shows', () => {
  it('add up over random carts, codes and rates: lines − discount + tax = total, and refunds subtract to what remains', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        promotion,
        rate,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }),
        (lines, promo, r, shares) => {
          const charge = stored(lines, promo, r);
          // Refunds of parts of what was paid, never more than the total.
          let left = charge.totalCents;
          const refunds: PaymentRefund[] = shares.map((share, i) => {
            const amountCents = Math.floor(left * share);
            left -= amountCents;
            return { amountCents, refundedAt: new Date(Date.UTC(2026, 10, 2 + i)).toISOString() };
          });
          const refunded = charge.totalCents - left;
          const rows = chargeSummary({ ...charge, refundedCents: refunded }, lines, refunds);
          const [total] = only(rows, 'total');
          expect(total!.cents).toBe(charge.totalCents);
          expect(sum(rows, 'line')).toBe(only(rows, 'subtotal')[0]!.cents);
          expect(sum(rows, 'line', 'discount', 'tax')).toBe(total!.cents);
          expect(only(rows, 'discount').every((d) => d.cents < 0)).toBe(true);
          expect(only(rows, 'tax').every((t) => t.cents > 0)).toBe(true);
          if (refunded > 0) {
            expect(sum(rows, 'total', 'refund')).toBe(only(rows, 'remaining')[0]!.cents);
            expect(only(rows, 'remaining')[0]!.cents).toBe(left);
          } else {
            expect(only(rows, 'refund')).toEqual([]);
            expect(only(rows, 'remaining')).toEqual([]);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('labels the Starter package with SAVE10 at 8.25 % and a partial refund', () => {
    const lines: SummaryLine[] = [
      {
        name: 'Starter Website Package',
        billingCycle: 'oneTime',
        unitAmountCents: 100_000,
        quantity: 1,
      },
    ];
    const charge = {
      ...stored(lines, { code: 'SAVE10', percentOff: 10 }, 8.25),
      refundedCents: 25_000,
    };
    expect(
      chargeSummary(charge, lines, [{ amountCents: 25_000, refundedAt: '2026-12-02T23:30:00Z' }]),
    ).toEqual([
      { kind: 'line', label: '1 x Starter Website Package (One-time)', cents: 100_000 },
      { kind: 'subtotal', label: 'Subtotal', cents: 100_000 },
      { kind: 'discount', label: 'Discount (SAVE10)', cents: -10_000 },
      { kind: 'tax', label: 'Tax (8.25%)', cents: 7_425 },
      { kind: 'total', label: 'Total paid', cents: 97_425 },
      { kind: 'refund', label: 'Refunded on December 2, 2026', cents: -25_000 },
      { kind: 'remaining', label: 'Remaining after refunds', cents: 72_425 },
    ]);
  });

  it('shows only the total where a part is unknown (an order from before the breakdown), never a zero', () => {
    const lines: SummaryLine[] = [
      {
        name: 'Advanced Website Package',
        billingCycle: 'oneTime',
        unitAmountCents: 250_000,
        quantity: 1,
      },
    ];
    const old: OrderCharge = {
      currency: 'usd',
      subtotalCents: null,
      discountCents: null,
      discounts: null,
      taxCents: null,
      taxes: null,
      totalCents: 250_000,
      refundedCents: 0,
      invoice: null,
    };
    expect(chargeSummary(old, lines)).toEqual([
      { kind: 'line', label: '1 x Advanced Website Package (One-time)', cents: 250_000 },
      { kind: 'total', label: 'Total paid', cents: 250_000 },
    ]);
    // Known tax but an unknown discount: still the total alone.
    expect(
      chargeSummary({ ...old, subtotalCents: 250_000, taxCents: 0, taxes: [] }, lines).map(
        (r) => r.kind,
      ),
    ).toEqual(['line', 'total']);
    // Parts that do not make the total (shipping, credit) are not shown as if they did.
    expect(
      chargeSummary(
        { ...old, subtotalCents: 240_000, discountCents: 0, discounts: [], taxCents: 0, taxes: [] },
        lines,
      ).map((r) => r.kind),
    ).toEqual(['line', 'total']);
  });

  it('leaves out a discount or tax of nothing, and lists a refund total without rows as one undated row', () => {
    const lines: SummaryLine[] = [
      { name: 'Lily AI Starter', billingCycle: 'monthly', unitAmountCents: 29_900, quantity: 1 },
    ];
    const charge = { ...stored(lines, null, 0), refundedCents: 10_000 };
    expect(chargeSummary(charge, lines)).toEqual([
      { kind: 'line', label: '1 x Lily AI Starter (Monthly)', cents: 29_900 },
      { kind: 'subtotal', label: 'Subtotal', cents: 29_900 },
      { kind: 'total', label: 'Total paid', cents: 29_900 },
      { kind: 'refund', label: 'Refunded', cents: -10_000 },
      { kind: 'remaining', label: 'Remaining after refunds', cents: 19_900 },
    ]);
  });

  it('calls the total of a payment not made (pending or failed) "Total", not "Total paid"', () => {
    const lines: SummaryLine[] = [
      { name: 'Lily AI Starter', billingCycle: 'monthly', unitAmountCents: 29_900, quantity: 1 },
    ];
    const rows = chargeSummary(stored(lines, null, 0), lines, [], { paid: false });
    expect(rows.filter((r) => r.kind === 'total')).toEqual([
      { kind: 'total', label: 'Total', cents: 29_900 },
    ]);
  });

  it('names a tax by its own name, place and rate where the provider gave them', () => {
    const tax = { amountCents: 1, ratePercent: 8.875, jurisdiction: 'New York' };
    expect(taxLabel({ ...tax, displayName: 'Sales Tax' })).toBe('Sales Tax (New York, 8.875%)');
    expect(taxLabel({ ...tax, jurisdiction: null, ratePercent: null })).toBe('Tax');
    expect(taxLabel({ ...tax, jurisdiction: null })).toBe('Tax (8.875%)');
  });
});
