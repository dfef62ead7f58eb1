/**
 * zod is about 25 KB gzip, and building schemas is a noticeable start-up cost on a phone.
 * Islands that never validate a form (they show the cart, send it to the server, or render a
 * server answer) must not load zod with the page; the server validates what they send. Form
 * islands validate with `zod/mini` (the same schemas as the server, tree-shaken: classic zod's
 * chainable layer alone is ~11 KB gzip), and those that hydrate on load build their schemas
 * on first use (`onFirstUse`).
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { importChainTo } from '../../scripts/lib/source-imports.ts';
import { onFirstUse, z } from './zod-mini';

const src = path.resolve('src');

const ZOD_FREE_ENTRIES = [
  'features/checkout/CheckoutPage.tsx',
  'features/test-mode/TestCheckout.tsx',
  'features/test-mode/TestPurchaseFlow.tsx',
  'features/checkout/SuccessPage.tsx',
  'features/cart/cart.store.ts',
  'features/cart/CartPanel.tsx',
  'features/chat/ChatWidget.tsx',
  'features/subscribe/subscribe.client.ts',
];

const FORM_ISLANDS = [
  'features/contact/ContactFormIsland.tsx',
  'features/meeting/MeetingFormIsland.tsx',
  'features/order-onboarding/OnboardingWizard.tsx',
  'features/client-onboarding/ClientOnboardingForm.tsx',
  'features/dashboard/ClientDashboard.tsx',
  'features/subscribe/subscribe.ts',
  'features/admin/AdminApp.tsx',
];

describe('islands that never validate a form load no zod', () => {
  it.each(ZOD_FREE_ENTRIES)('%s', (entry) => {
    const chain = importChainTo(path.join(src, entry), 'zod');
    const shown = chain?.map((step) => (path.isAbsolute(step) ? path.relative(src, step) : step));
    expect(shown?.join(' → ')).toBeUndefined();
  });

  it.each(FORM_ISLANDS)('form island %s validates with zod/mini only', (entry) => {
    const chain = importChainTo(path.join(src, entry), 'zod', true);
    const shown = chain?.map((step) => (path.isAbsolute(step) ? path.relative(src, step) : step));
    expect(shown?.join(' → ')).toBeUndefined();
    expect(importChainTo(path.join(src, entry), 'zod')).toBeDefined();
  });

  it('a form island that validates does reach zod (the check can fail)', () => {
    expect(
      importChainTo(path.join(src, 'features/client-onboarding/ClientOnboardingForm.tsx'), 'zod'),
    ).toBeDefined();
  });
});

describe('onFirstUse', () => {
  it('builds the schema on the first call only, then returns the same schema', () => {
    const build = vi.fn(() => z.object({ name: z.string().check(z.minLength(2)) }));
    const schema = onFirstUse(build);
    expect(build).not.toHaveBeenCalled();

    expect(schema().safeParse({ name: 'Al' }).success).toBe(true);
    expect(schema().safeParse({ name: 'A' }).success).toBe(false);
    expect(schema()).toBe(schema());
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('form modules of islands that hydrate on load', () => {
  it('build no schema when imported (the first validation builds them)', async () => {
    vi.resetModules();
    const calls: string[] = [];
    vi.doMock('./zod-mini', async (importOriginal) => {
      const actual = await importOriginal<typeof import('./zod-mini')>();
      const counted = new Proxy(actual.z, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            calls.push(String(key));
            return (value as (...a: unknown[]) => unknown)(...args);
          };
        },
      });
      return { ...actual, z: counted };
    });
    try {
      const clientOnboarding = await import('../features/client-onboarding/client-onboarding');
      await import('../features/order-onboarding/order-onboarding');
      expect(calls).toEqual([]);

      // The proxy does count: validating builds the schema through it.
      clientOnboarding.formErrors({});
      expect(calls).toContain('object');
    } finally {
      vi.doUnmock('./zod-mini');
      vi.resetModules();
    }
  });
});
