// Split by what each may import: only this module (the islands' front door) imports the catalogue;
// the rest stays free of it and of zod for the badge on every page.
import { defaultCycle, findItem, type BillingCycle } from '../catalogue/catalogue';
import type { CartItem } from './cart-rules';
import { addItem, addItemAndCheckout, buyItemNow, type AddOptions } from './cart-actions';

export * from './cart-state';
export * from './cart-actions';
export { itemCountLabel, type CartItem } from './cart-rules';

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

export function buyNow(id: string, cycle?: BillingCycle): boolean {
  const item = cartItemFromCatalogue(id, cycle);
  if (!item) return false;
  buyItemNow(item);
  return true;
}

export function addAndCheckout(id: string, cycle?: BillingCycle): boolean {
  const item = cartItemFromCatalogue(id, cycle);
  if (!item) return false;
  addItemAndCheckout(item);
  return true;
}
