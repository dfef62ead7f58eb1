/**
 * Cart lines built from the catalogue by key. Kept apart from `cart.ts` (which holds the zod
 * schema) so the cart store and the checkout island, which never validate a form, do not
 * download and run zod.
 */
import { defaultCycle, findItem, type BillingCycle } from '../catalogue/catalogue';
import type { CartItem } from './cart.rules';

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
