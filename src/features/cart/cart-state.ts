// Loaded on every page by the floating button, so zod- and catalogue-free. @nanostores/persistent
// keeps open tabs in step through the `storage` event.
import { atom, computed, type ReadableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { cartCount, cartTotal, parseStoredItems, restoreCart, type CartItem } from './cart-rules';

export const CART_ITEMS_KEY = 'cart';
export const CART_SAVED_AT_KEY = 'cartTimestamp';

/** The raw entries; only this module writes them, always through saveCartItems(). */
const $storedItems = persistentAtom<string | undefined>(CART_ITEMS_KEY, undefined);
const $storedAt = persistentAtom<string | undefined>(CART_SAVED_AT_KEY, undefined);

const EMPTY: readonly CartItem[] = Object.freeze([]);

export const $cartItems: ReadableAtom<readonly CartItem[]> = computed(
  $storedItems,
  (raw) => parseStoredItems(raw) ?? EMPTY,
);
export const $cartOpen = atom(false);
export const $cartPreviewOpen = atom(false);
export const $cartCount = computed($cartItems, cartCount);
export const $cartTotal = computed($cartItems, cartTotal);

export function saveCartItems(items: readonly CartItem[]) {
  if (items.length === 0) {
    $storedItems.set(undefined);
    $storedAt.set(undefined);
    return;
  }
  // Timestamp first: another tab reacts to the items entry and should see a fresh time.
  $storedAt.set(String(Date.now()));
  $storedItems.set(JSON.stringify(items));
}

export function restoreStoredCart(now = Date.now()) {
  const raw = $storedItems.get();
  const at = $storedAt.get();
  if (raw === undefined && at === undefined) return;
  if (!restoreCart(raw, at, now)) saveCartItems([]);
}

export function openCart() {
  $cartPreviewOpen.set(false);
  $cartOpen.set(true);
}

export function closeCart() {
  $cartOpen.set(false);
}

export function toggleCart() {
  if ($cartOpen.get()) closeCart();
  else openCart();
}

if (typeof window !== 'undefined') restoreStoredCart();
