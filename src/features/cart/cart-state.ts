/**
 * The cart store's zod- and catalogue-free core, loaded on every page by the floating button and
 * the add buttons. Items live in localStorage as two entries (the JSON list and the last-save
 * time) through @nanostores/persistent, which also keeps open tabs in step via the `storage`
 * event. Import from `cart.store.ts`, which re-exports this plus the catalogue-based actions.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import type { BillingCycle } from '../catalogue/catalogue';
import { notify } from '../../lib/notifications';
import {
  BUY_NOW_DELAY_MS,
  CART_NOTICES,
  CART_OPEN_DELAY_MS,
  addNotice,
  addToCart,
  cartCount,
  cartTotal,
  parseStoredItems,
  removeFromCart,
  restoreCart,
  setQuantity,
  toCartItems,
  type AddButtonMode,
  type AddOutcome,
  type CartItem,
} from './cart-rules';

export const CART_ITEMS_KEY = 'cart';
export const CART_SAVED_AT_KEY = 'cartTimestamp';
/** Spec §8: the notice of an add from a product card stays 4000 ms. */
const CARD_NOTICE_MS = 4000;

/** The raw entries; only this module writes them, always through save(). */
const $storedItems = persistentAtom<string | undefined>(CART_ITEMS_KEY, undefined);
const $storedAt = persistentAtom<string | undefined>(CART_SAVED_AT_KEY, undefined);

const EMPTY: readonly CartItem[] = Object.freeze([]);

/** The cart lines. Read-only: change them with the actions below. */
export const $cartItems: ReadableAtom<readonly CartItem[]> = computed(
  $storedItems,
  (raw) => parseStoredItems(raw) ?? EMPTY,
);
export const $cartOpen = atom(false);
/** The floating button's preview (the small list next to the button). */
export const $cartPreviewOpen = atom(false);
export const $cartCount = computed($cartItems, cartCount);
export const $cartTotal = computed($cartItems, cartTotal);

/** Every change stores the items with a new timestamp, or deletes both entries when empty. */
function save(items: readonly CartItem[]) {
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
  if (!restoreCart(raw, at, now)) save([]);
}

let openTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleOpen() {
  clearTimeout(openTimer);
  openTimer = setTimeout(() => {
    if (!$cartOpen.get()) openCart();
  }, CART_OPEN_DELAY_MS);
}

export type AddOptions = {
  /** How long the notice stays (cards use 4000 ms). */
  noticeMs?: number;
  /** Open the panel 500 ms later (default). Off when the page is about to navigate. */
  openPanel?: boolean;
  /** Show the notice (default). */
  notice?: boolean;
};

export function addItem(item: CartItem, options: AddOptions = {}): AddOutcome {
  const { openPanel = true, notice = true, noticeMs } = options;
  const { items, outcome } = addToCart($cartItems.get(), item);
  save(items);
  if (notice) {
    notify({ ...addNotice(outcome, item.name), ...(noticeMs ? { durationMs: noticeMs } : {}) });
  }
  if (openPanel) scheduleOpen();
  return outcome;
}

export function removeItem(id: string, cycle: BillingCycle) {
  const items = $cartItems.get();
  const line = items.find((i) => i.id === id && i.billingCycle === cycle);
  if (!line) return;
  save(removeFromCart(items, id, cycle));
  notify(CART_NOTICES.removed(line.name));
}

export function updateQuantity(id: string, cycle: BillingCycle, quantity: number) {
  if (quantity <= 0) {
    removeItem(id, cycle);
    return;
  }
  save(setQuantity($cartItems.get(), id, cycle, quantity));
}

export function clearCart() {
  const count = cartCount($cartItems.get());
  save([]);
  notify(CART_NOTICES.cleared(count));
}

/** Replaces the items with stored ones (e.g. a saved cart); invalid input is ignored. */
export function loadCart(items: readonly CartItem[]) {
  const valid = toCartItems(items);
  if (valid) save(valid);
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

/** Where the browser goes next; replaced in unit tests. */
export const navigation = {
  go(path: string) {
    window.location.assign(path);
  },
};

/** Buy Now: the cart becomes just this item at quantity 1, then /checkout after 100 ms. */
export function buyItemNow(item: CartItem) {
  clearTimeout(openTimer);
  save([{ ...item, quantity: 1 }]);
  setTimeout(() => navigation.go('/checkout'), BUY_NOW_DELAY_MS);
}

/** The purchase screen's "Add to Cart & Checkout": adds the item and goes straight to /checkout. */
export function addItemAndCheckout(item: CartItem) {
  addItem(item, { notice: false, openPanel: false });
  navigation.go('/checkout');
}

/** Runs an add button's action for a ready-made line (see AddButtonMode). */
export function runAddButtonItem(mode: AddButtonMode, item: CartItem) {
  if (mode === 'buyNow') buyItemNow(item);
  else if (mode === 'checkout') addItemAndCheckout(item);
  else addItem(item, { noticeMs: CARD_NOTICE_MS });
}

if (typeof window !== 'undefined') restoreStoredCart();
