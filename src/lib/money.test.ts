import { describe, expect, it } from 'vitest';
import { formatCents, formatUsd, formatUsdWhole } from './money';

/** The original: what the hand-written dollar formatting must agree with, character for character. */
const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const intlUsdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** A fixed-seed generator, so a failure names amounts that fail again. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const EDGES = [
  0,
  -0,
  0.001,
  -0.001,
  0.004,
  0.005,
  0.015,
  0.125,
  0.5,
  1.005,
  1.5,
  2.5,
  2.675,
  9.995,
  99.99,
  299.96999999999997,
  999.995,
  1000,
  1234.5,
  -1234.5,
  -0.5,
  999_999.995,
  123_456_789.01,
  1e14 + 0.25,
  1e15,
  1e21,
  -1e21,
  Number.MAX_SAFE_INTEGER,
  Number.NaN,
  Infinity,
  -Infinity,
];

function amounts(): number[] {
  const random = seeded(20261128);
  const generated = Array.from({ length: 4000 }, (_, i) => {
    const magnitude = 10 ** Math.floor(random() * 10);
    const value = random() * magnitude * (i % 5 === 0 ? -1 : 1);
    // Prices as the catalogue and the cart hold them (cents / 100, times a quantity), amounts
    // with a third decimal (ties: x.xx5), and any double.
    if (i % 3 === 0) return (Math.round(value * 100) / 100) * (1 + (i % 7));
    if (i % 3 === 1) return Math.round(value * 1000) / 1000;
    return value;
  });
  return [...EDGES, ...generated];
}

describe('dollar formatting without Intl', () => {
  it('writes exactly what Intl.NumberFormat en-US USD writes', () => {
    const differing = amounts().filter((a) => formatUsd(a) !== intlUsd.format(a));
    expect(differing.map((a) => [a, formatUsd(a), intlUsd.format(a)])).toEqual([]);
  });

  it('writes whole dollars as Intl does with no fraction digits, and others with cents', () => {
    const whole = amounts().map((a) => (Number.isFinite(a) ? Math.trunc(a) : a));
    const differing = whole.filter((a) => formatUsdWhole(a) !== intlUsdWhole.format(a));
    expect(differing.map((a) => [a, formatUsdWhole(a), intlUsdWhole.format(a)])).toEqual([]);
    expect(formatUsdWhole(1000)).toBe('$1,000');
    expect(formatUsdWhole(99.5)).toBe('$99.50');
  });

  it('formats cents in dollars, and other currencies through Intl', () => {
    expect(formatCents(100_000)).toBe('$1,000.00');
    expect(formatCents(-150, 'usd')).toBe('-$1.50');
    expect(formatCents(123_456, 'eur')).toBe('€1,234.56');
    const random = seeded(7);
    const cents = Array.from({ length: 2000 }, () => Math.round((random() - 0.1) * 1e9));
    expect(cents.filter((c) => formatCents(c) !== intlUsd.format(c / 100))).toEqual([]);
  });
});
