/**
 * The cart's stores, zod- and catalogue-free, loaded on every page by the floating button:
 * the lines, the count and total, and whether the panel or preview is open. Items live in
 * localStorage as two entries (the JSON list and the last-save time) through
 * @nanostores/persistent, which also keeps open tabs in step via the `storage` event. The
 * actions that change lines are cart-actions.ts. Import from `cart.store.ts`, which re-exports
 * both plus the catalogue-based actions.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { cartCount, cartTotal, parseStoredItems, restoreCart, type CartItem } from './cart-rules';

export const CART_ITEMS_KEY = 'cart';
export const CART_SAVED_AT_KEY = 'cartTimestamp';

/** The raw entries; only this module writes them, always through saveCartItems(). */
const $storedItems = persistentAtom<string | undefined>(CART_ITEMS_KEY, undefined);
const $storedAt = persistentAtom<string | undefined>(CART_SAVED_AT_KEY, undefined);

const EMPTY: readonly CartItem[] = Object.freeze([]);

/** The cart lines. Read-only: change them with the actions (cart-actions.ts). */
export const $cartItems: ReadableAtom<readonly CartItem[]> = computed(
  $storedItems,
  (raw) => parseStoredItems(raw) ?? EMPTY,
);
export const $cartOpen = atom(false);
/** The floating button's preview (the small list next to the button). */
export const $cartPreviewOpen = atom(false);
export const $cartCount = computed($cartItems, cartCount);
export const $cartTotal = computed($cartItems, cartTotal);

/**
 * Every change stores the items with a new timestamp, or deletes both entries when empty (the
 * actions in cart-actions.ts change the cart only through this).
 */
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

/**
 * The restore rule on start: a cart older than 24 hours, unparsable or with mixed recurring
 * cycles is deleted silently. Runs once when this module loads in a browser.
 */
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
