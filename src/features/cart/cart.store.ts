/**
 * The cart in modules named for what each may import:
 * - cart-rules.ts / cart-edits.ts: the pure rules of spec §4 and the line type (reading a cart;
 *   changing one); they import nothing at run time, so any script may use them;
 * - cart-state.ts: the stores (localStorage, tabs), and cart-actions.ts: the actions on lines;
 *   they import the rules and nanostores only, never the catalogue or zod (the floating button
 *   loads cart-state on every page, the add buttons and the panel cart-actions);
 * - cart.store.ts (this, the front door for islands and other features): cart-state plus
 *   what needs the catalogue: lines built from a catalogue key, and the actions taking a key.
 */
import { defaultCycle, findItem, type BillingCycle } from '../catalogue/catalogue';
import type { CartItem } from './cart-rules';
import { addItem, addItemAndCheckout, buyItemNow, type AddOptions } from './cart-actions';

export * from './cart-state';
export * from './cart-actions';
export { itemCountLabel, type CartItem } from './cart-rules';

/** A cart line for a catalogue item in a cycle (its default cycle when omitted). */
export function cartItemFromCatalogue(id: string, cycle?: BillingCycle): CartItem | undefined {
  const item = findItem(id);
  if (!item) return undefined;
  const billingCycle = cycle ?? defaultCycle(item);
  const price = item.prices[billingCycle];
  if (price === undefined) return undefined;
  const originalPrice = item.originalPrices?.[billingCycle];
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    type: item.type,
    billingCycle,
    price,
    ...(originalPrice !== undefined && originalPrice > price ? { originalPrice } : {}),
    quantity: 1,
    icon: item.icon,
  };
}

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
