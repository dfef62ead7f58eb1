import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attemptIdFor,
  cartFingerprint,
  checkoutAttemptFor,
  forgetCheckoutAttempt,
} from './checkout-attempt';

describe('checkout attempts', () => {
  it('keeps the attempt while the cart is the same, and starts a new one for a new cart', () => {
    const cart = cartFingerprint([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }]);
    const first = checkoutAttemptFor(null, cart, 'a'.repeat(16));
    expect(checkoutAttemptFor(first, cart, 'b'.repeat(16))).toBe(first);
    const other = cartFingerprint([{ id: 'starter', billingCycle: 'oneTime', quantity: 2 }]);
    expect(checkoutAttemptFor(first, other, 'c'.repeat(16))).toEqual({
      id: 'c'.repeat(16),
      cart: other,
    });
  });

  describe('in the browser', () => {
    afterEach(() => vi.unstubAllGlobals());
    it('sends the same id for retries until the checkout is over', () => {
      const store = new Map<string, string>();
      vi.stubGlobal('sessionStorage', {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      });
      const items = [{ id: 'lily-ai', billingCycle: 'monthly', quantity: 1 }];
      const id = attemptIdFor(items);
      expect(id).toMatch(/^[\w-]{16,64}$/);
      expect(attemptIdFor(items)).toBe(id);
      forgetCheckoutAttempt();
      expect(attemptIdFor(items)).not.toBe(id);
    });
    it('still gives an id when storage is off', () => {
      vi.stubGlobal('sessionStorage', {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
        removeItem: () => {
          throw new Error('denied');
        },
      });
      expect(attemptIdFor([{ id: 'starter' }])).toMatch(/^[\w-]{16,64}$/);
      expect(() => forgetCheckoutAttempt()).not.toThrow();
    });
  });
});
