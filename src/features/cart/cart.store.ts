/**
 * The cart store every island and script uses: $cartItems, $cartOpen, $cartCount, $cartTotal and
 * the actions of spec §4 (from cart.state.ts), plus the actions that take a catalogue key.
 */
import type { BillingCycle } from '../catalogue/catalogue';
import { cartItemFromCatalogue } from './cart.lines';
import type { AddButtonMode } from './cart.rules';
import {
  addItem,
  addItemAndCheckout,
  buyItemNow,
  runAddButtonItem,
  type AddOptions,
} from './cart.state';

export * from './cart.state';
export { itemCountLabel, type CartItem } from './cart.rules';

/** Adds a catalogue item by key (aliases allowed); false when the key or cycle is not sold. */
export function addCatalogueItem(id: string, cycle?: BillingCycle, options?: AddOptions): boolean {
  const item = cartItemFromCatalogue(id, cycle);
  if (!item) return false;
  addItem(item, options);
  return true;
}

/** Buy Now by key: clears the cart, adds the item, and goes to /checkout after 100 ms. */
export function buyNow(id: string, cycle?: BillingCycle): boolean {
  const item = cartItemFromCatalogue(id, cycle);
  if (!item) return false;
  buyItemNow(item);
  return true;
}

/** Add to Cart & Checkout by key. */
export function addAndCheckout(id: string, cycle?: BillingCycle): boolean {
  const item = cartItemFromCatalogue(id, cycle);
  if (!item) return false;
  addItemAndCheckout(item);
  return true;
}

/** Runs an add button's action by key (see AddButtonMode in cart.rules.ts). */
export function runAddButton(mode: AddButtonMode, id: string, cycle?: BillingCycle): boolean {
  const item = cartItemFromCatalogue(id, cycle);
  if (!item) return false;
  runAddButtonItem(mode, item);
  return true;
}
