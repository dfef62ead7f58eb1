/**
 * zod is about 25 KB gzip and a noticeable start-up cost on a phone. Islands that never
 * validate a form (they show the cart, send it to the server, or render a server answer) must
 * not load it with the page; the server validates what they send.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importChainTo } from '../../scripts/lib/source-imports.ts';

const src = path.resolve('src');

const ZOD_FREE_ENTRIES = [
  'features/checkout/CheckoutPage.tsx',
  'features/checkout/TestCheckout.tsx',
  'features/checkout/TestPurchaseFlow.tsx',
  'features/orders/SuccessPage.tsx',
  'features/cart/cart.store.ts',
  'features/cart/CartPanel.tsx',
  'features/chat/widget.tsx',
  'features/subscribe/subscribe.client.ts',
];

describe('islands that never validate a form load no zod', () => {
  it.each(ZOD_FREE_ENTRIES)('%s', (entry) => {
    const chain = importChainTo(path.join(src, entry), 'zod');
    const shown = chain?.map((step) => (path.isAbsolute(step) ? path.relative(src, step) : step));
    expect(shown?.join(' → ')).toBeUndefined();
  });

  it('a form island that validates does reach zod (the check can fail)', () => {
    expect(
      importChainTo(path.join(src, 'features/client-onboarding/ClientOnboardingForm.tsx'), 'zod'),
    ).toBeDefined();
  });
});
