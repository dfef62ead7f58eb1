import { describe, expect, it } from 'vitest';
import { isIsoDate } from './iso-date';

describe('isIsoDate', () => {
  it('accepts real calendar dates written YYYY-MM-DD and nothing else', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate(' 2026-01-01')).toBe(false);
    expect(isIsoDate('12/01/2026')).toBe(false);
    expect(isIsoDate('next tuesday')).toBe(false);
  });
});
