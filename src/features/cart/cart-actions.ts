// Kept out of cart-state.ts so the badge on every page loads none of this; use cart.store.ts.
import type { BillingCycle } from '../catalogue/catalogue';
import { notify } from '../../lib/notifications';
import { sendInsightsStep } from '../../lib/insights-beacon';
import {
  BUY_NOW_DELAY_MS,
  CART_OPEN_DELAY_MS,
  cartCount,
  toCartItems,
  type CartItem,
} from './cart-rules';
import {
  CART_NOTICES,
  addNotice,
  addToCart,
  removeFromCart,
  setQuantity,
  type AddButtonMode,
  type AddOutcome,
} from './cart-edits';
import { $cartItems, $cartOpen, openCart, saveCartItems as save } from './cart-state';

/** Spec §8: the notice of an add from a product card stays 4000 ms. */
const CARD_NOTICE_MS = 4000;

let openTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleOpen() {
  clearTimeout(openTimer);
  openTimer = setTimeout(() => {
    if (!$cartOpen.get()) openCart();
  }, CART_OPEN_DELAY_MS);
}

export type AddOptions = {
  noticeMs?: number;
  /** Open the panel 500 ms later (default). Off when the page is about to navigate. */
  openPanel?: boolean;
  notice?: boolean;
};

export function addItem(item: CartItem, options: AddOptions = {}): AddOutcome {
  const { openPanel = true, notice = true, noticeMs } = options;
  const { items, outcome } = addToCart($cartItems.get(), item);
  save(items);
  sendInsightsStep('cartAdds');
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

export function loadCart(items: readonly CartItem[]) {
  const valid = toCartItems(items);
  if (valid) save(valid);
}

/** Where the browser goes next; replaced in unit tests. */
export const navigation = {
  go(path: string) {
    window.location.assign(path);
  },
};

export function buyItemNow(item: CartItem) {
  clearTimeout(openTimer);
  save([{ ...item, quantity: 1 }]);
  sendInsightsStep('cartAdds');
  setTimeout(() => navigation.go('/checkout'), BUY_NOW_DELAY_MS);
}

export function addItemAndCheckout(item: CartItem) {
  addItem(item, { notice: false, openPanel: false });
  navigation.go('/checkout');
}

export function runAddButtonItem(mode: AddButtonMode, item: CartItem) {
  if (mode === 'buyNow') buyItemNow(item);
  else if (mode === 'checkout') addItemAndCheckout(item);
  else addItem(item, { noticeMs: CARD_NOTICE_MS });
}
