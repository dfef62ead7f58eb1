import { describe, expect, it } from 'vitest';
import { rendered } from '../../testing/rendered-tables';
import { AWAITS_ISLAND } from '../../page-runtime/runtime-contract';
import TestPurchaseFlow from './TestPurchaseFlow';

// The server's HTML is what a visitor presses before the island hydrated (src/page-runtime).
describe('the purchase-flow test page before hydration', () => {
  const buttons = [
    ...rendered(<TestPurchaseFlow publishableKey="pk_test" />).matchAll(/<button[^>]*>/g),
  ];

  it('refuses no press: every button is enabled and held by the page until hydration', () => {
    expect(buttons.length).toBe(6);
    for (const [button] of buttons) {
      expect(button).not.toMatch(/\sdisabled/);
      expect(button).toContain(`${AWAITS_ISLAND}=""`);
    }
  });
});
