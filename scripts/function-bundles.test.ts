import { describe, expect, it } from 'vitest';
import { BUDGET, budgetFailures } from './function-bundles.ts';

const fn = (over: Partial<Parameters<typeof budgetFailures>[0][number]>) => ({
  name: 'stripe-webhook',
  bytes: 4 * 1024 * 1024,
  coldImportMs: 120,
  hasPglite: false,
  ...over,
});

describe('function budgets', () => {
  it('fails a function over 5 MB or carrying PGlite, the SSR function only for PGlite', () => {
    expect(budgetFailures([fn({})])).toEqual([]);
    expect(budgetFailures([fn({ bytes: BUDGET.maxBytes + 1 })])).toHaveLength(1);
    expect(budgetFailures([fn({ hasPglite: true })])).toEqual([
      'stripe-webhook: ships PGlite, which production never uses',
    ]);
    expect(budgetFailures([fn({ name: 'ssr (Astro)', bytes: 30 * 1024 * 1024 })])).toEqual([]);
  });

  it('holds the cold-import time to its budget only when asked to (an idle-machine benchmark)', () => {
    const slow = fn({ coldImportMs: BUDGET.maxColdImportMs + 39 });
    expect(budgetFailures([slow])).toEqual([]);
    expect(budgetFailures([slow], { timing: true })).toEqual([
      'stripe-webhook: cold import 339 ms (budget 300 ms)',
    ]);
  });
});
