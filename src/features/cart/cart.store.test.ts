import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { $notification } from '../../lib/notifications';
import {
  $cartCount,
  $cartItems,
  $cartOpen,
  $cartPreviewOpen,
  $cartTotal,
  CART_ITEMS_KEY,
  CART_SAVED_AT_KEY,
  addCatalogueItem,
  addItem,
  buyNow,
  clearCart,
  closeCart,
  loadCart,
  navigation,
  openCart,
  removeItem,
  restoreStoredCart,
  toggleCart,
  updateQuantity,
} from './cart.store';
import { HOUR, advanced, growthYearly, lilyMonthly, starter } from '../../testing/cart-fixtures';
import { CART_OPEN_DELAY_MS } from './cart-rules';

const NOW = 1_750_000_000_000;

function stored() {
  const storage = getTestStorage();
  return { items: storage[CART_ITEMS_KEY], savedAt: storage[CART_SAVED_AT_KEY] };
}

function storedItems() {
  return JSON.parse(stored().items ?? 'null') as unknown;
}

beforeAll(() => {
  useTestStorageEngine();
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  keepMount($cartItems);
});

afterEach(() => {
  cleanTestStorage();
  cleanStores($cartItems, $cartCount, $cartTotal, $cartOpen, $cartPreviewOpen, $notification);
  $cartOpen.set(false);
  $cartPreviewOpen.set(false);
  $notification.set(null);
  vi.useRealTimers();
});

describe('persistence', () => {
  it('saves the items as JSON with a last-save timestamp on every change', () => {
    addItem(starter);
    expect(storedItems()).toEqual([starter]);
    expect(stored().savedAt).toBe(String(NOW));

    vi.setSystemTime(NOW + 5000);
    updateQuantity('starter', 'oneTime', 3);
    expect(storedItems()).toEqual([{ ...starter, quantity: 3 }]);
    expect(stored().savedAt).toBe(String(NOW + 5000));
  });

  it('deletes both entries when the cart becomes empty', () => {
    addItem(starter);
    removeItem('starter', 'oneTime');
    expect(stored()).toEqual({ items: undefined, savedAt: undefined });
  });

  it('restores a cart saved less than 24 hours ago', () => {
    setTestStorageKey(CART_ITEMS_KEY, JSON.stringify([starter, lilyMonthly]));
    setTestStorageKey(CART_SAVED_AT_KEY, String(NOW - 23 * HOUR));
    restoreStoredCart(NOW);
    expect($cartItems.get()).toEqual([starter, lilyMonthly]);
    expect($cartCount.get()).toBe(2);
    expect($cartTotal.get()).toBe(1198);
  });

  it('silently deletes a cart older than 24 hours', () => {
    setTestStorageKey(CART_ITEMS_KEY, JSON.stringify([starter]));
    setTestStorageKey(CART_SAVED_AT_KEY, String(NOW - 25 * HOUR));
    restoreStoredCart(NOW);
    expect($cartItems.get()).toEqual([]);
    expect(stored()).toEqual({ items: undefined, savedAt: undefined });
    expect($notification.get()).toBeNull();
  });

  it('silently deletes corrupt storage', () => {
    setTestStorageKey(CART_ITEMS_KEY, '[{"id":');
    setTestStorageKey(CART_SAVED_AT_KEY, String(NOW));
    expect($cartItems.get()).toEqual([]);
    restoreStoredCart(NOW);
    expect(stored()).toEqual({ items: undefined, savedAt: undefined });
    expect($notification.get()).toBeNull();
  });

  it('silently deletes a stored cart with mixed recurring cycles', () => {
    setTestStorageKey(CART_ITEMS_KEY, JSON.stringify([lilyMonthly, growthYearly]));
    setTestStorageKey(CART_SAVED_AT_KEY, String(NOW));
    restoreStoredCart(NOW);
    expect($cartItems.get()).toEqual([]);
    expect(stored()).toEqual({ items: undefined, savedAt: undefined });
  });

  it('deletes a lone timestamp left without items', () => {
    setTestStorageKey(CART_SAVED_AT_KEY, String(NOW));
    restoreStoredCart(NOW);
    expect(stored().savedAt).toBeUndefined();
  });

  it('follows changes another tab makes to storage', () => {
    const seen: number[] = [];
    const unbind = $cartCount.subscribe((n) => seen.push(n));
    setTestStorageKey(CART_SAVED_AT_KEY, String(NOW));
    setTestStorageKey(CART_ITEMS_KEY, JSON.stringify([{ ...starter, quantity: 2 }]));
    expect($cartItems.get()).toEqual([{ ...starter, quantity: 2 }]);
    setTestStorageKey(CART_ITEMS_KEY, undefined);
    expect($cartItems.get()).toEqual([]);
    expect(seen).toEqual([0, 2, 0]);
    unbind();
  });
});

describe('actions', () => {
  it('adds with the "Added to Cart" notice and opens the panel 500 ms later', () => {
    addItem(starter);
    expect($cartItems.get()).toEqual([starter]);
    expect($notification.get()).toMatchObject({
      title: 'Added to Cart',
      description: 'Starter Website Package has been added to your cart',
    });
    expect($cartOpen.get()).toBe(false);
    vi.advanceTimersByTime(CART_OPEN_DELAY_MS - 1);
    expect($cartOpen.get()).toBe(false);
    vi.advanceTimersByTime(1);
    expect($cartOpen.get()).toBe(true);
  });

  it('raises the quantity of the same line with "Increased quantity of"', () => {
    addCatalogueItem('starter');
    addCatalogueItem('starter', undefined, { noticeMs: 4000 });
    expect($cartItems.get()).toEqual([{ ...starter, quantity: 2 }]);
    expect($notification.get()).toMatchObject({
      title: 'Added to Cart',
      description: 'Increased quantity of Starter Website Package',
      durationMs: 4000,
    });
  });

  it('replaces the cart on a recurring-cycle conflict with the "Cart Updated" notice', () => {
    addItem(starter);
    addItem(lilyMonthly);
    addCatalogueItem('lily-growth', 'yearly');
    expect($cartItems.get()).toEqual([growthYearly]);
    expect($notification.get()).toMatchObject({
      title: 'Cart Updated',
      description:
        'Subscription items must have the same billing cycle. Your cart was updated to the new cycle billing.',
      variant: 'default',
    });
  });

  it('refuses unknown catalogue keys', () => {
    expect(addCatalogueItem('no-such-thing')).toBe(false);
    expect($cartItems.get()).toEqual([]);
  });

  it('removes a line with the destructive "Removed from Cart" notice', () => {
    addItem(starter);
    addItem(lilyMonthly);
    removeItem('lily-starter', 'monthly');
    expect($cartItems.get()).toEqual([starter]);
    expect($notification.get()).toMatchObject({
      title: 'Removed from Cart',
      description: 'Lily AI Starter has been removed from your cart',
      variant: 'destructive',
    });
  });

  it('removes the line when the quantity goes to 0 or below', () => {
    addItem(starter);
    addItem(lilyMonthly);
    updateQuantity('starter', 'oneTime', 0);
    updateQuantity('lily-starter', 'monthly', -1);
    expect($cartItems.get()).toEqual([]);
  });

  it('clears with "All n item(s) have been removed from your cart"', () => {
    addItem(starter);
    addItem(starter);
    addItem(lilyMonthly);
    clearCart();
    expect($cartItems.get()).toEqual([]);
    expect($notification.get()).toMatchObject({
      title: 'Cart Cleared',
      description: 'All 3 item(s) have been removed from your cart',
      variant: 'destructive',
    });
  });

  it('toggles, opens and closes the panel; opening closes the preview', () => {
    $cartPreviewOpen.set(true);
    toggleCart();
    expect($cartOpen.get()).toBe(true);
    expect($cartPreviewOpen.get()).toBe(false);
    toggleCart();
    expect($cartOpen.get()).toBe(false);
    openCart();
    closeCart();
    expect($cartOpen.get()).toBe(false);
  });

  it('loads stored items, ignoring invalid lists', () => {
    loadCart([starter, lilyMonthly]);
    expect($cartItems.get()).toEqual([starter, lilyMonthly]);
    loadCart([lilyMonthly, growthYearly]);
    expect($cartItems.get()).toEqual([starter, lilyMonthly]);
    loadCart([{ ...starter, quantity: 0 }]);
    expect($cartItems.get()).toEqual([starter, lilyMonthly]);
  });

  it('Buy Now leaves only that item and goes to /checkout after 100 ms', () => {
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => {});
    addItem(lilyMonthly);
    addItem(starter);
    buyNow('advanced');
    expect($cartItems.get()).toEqual([advanced]);
    vi.advanceTimersByTime(99);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledWith('/checkout');
    // The panel does not pop open over the page being left.
    vi.advanceTimersByTime(CART_OPEN_DELAY_MS);
    expect($cartOpen.get()).toBe(false);
    go.mockRestore();
  });
});
