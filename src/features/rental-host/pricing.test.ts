import { describe, expect, it } from 'vitest';
import {
  clampProperties,
  enterpriseQuote,
  LANDING_PLANS,
  propertiesLabel,
  volumeDiscountPercent,
} from './pricing';

describe('enterprise volume pricing', () => {
  it.each([
    // properties, discount %, per property (405 less discount, rounded), total
    [2, 5, 385, 770],
    [3, 10, 365, 1095],
    [4, 10, 365, 1460],
    [5, 15, 344, 1720],
    [9, 15, 344, 3096],
    [10, 25, 304, 3040],
    [100, 25, 304, 30400],
  ])(
    '%i properties → %i%% off, $%i each, $%i a month',
    (properties, discount, perProperty, total) => {
      expect(volumeDiscountPercent(properties)).toBe(discount);
      expect(enterpriseQuote(properties)).toEqual({
        properties,
        discountPercent: discount,
        perProperty,
        total,
        undiscountedTotal: 405 * properties,
      });
    },
  );

  it('keeps the property count within 2..100', () => {
    expect(clampProperties(1)).toBe(2);
    expect(clampProperties(250)).toBe(100);
    expect(clampProperties(Number.NaN)).toBe(2);
    expect(clampProperties(7.4)).toBe(7);
    expect(enterpriseQuote(0).properties).toBe(2);
  });

  it('labels the slider 2 … 100+', () => {
    expect(propertiesLabel(2)).toBe('2');
    expect(propertiesLabel(99)).toBe('99');
    expect(propertiesLabel(100)).toBe('100+');
  });

  it('has the three plans of the spec', () => {
    expect(LANDING_PLANS.map((p) => [p.id, p.price])).toEqual([
      ['starter', 359],
      ['growth', 459],
      ['enterprise', 405],
    ]);
    expect(LANDING_PLANS.find((p) => p.popular)?.id).toBe('growth');
  });
});

describe('formatWholeUsd', () => {
  it('formats whole US dollars in en-US', async () => {
    const { formatWholeUsd } = await import('./pricing');
    expect(formatWholeUsd(30400)).toBe('$30,400');
    expect(formatWholeUsd(385)).toBe('$385');
  });
});
