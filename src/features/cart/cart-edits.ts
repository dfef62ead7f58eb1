// Apart from cart-rules.ts so the badge on every page loads none of this (spec §4, §8).
import type { BillingCycle } from '../catalogue/catalogue';
import type { NotifyInput } from '../../lib/notifications';
import { isRecurring, isSameLine, type CartItem } from './cart-rules';

export type AddOutcome = 'added' | 'increased' | 'replaced';

/** A recurring item of another cycle replaces the whole cart: one checkout bills one cycle. */
export function addToCart(
  items: readonly CartItem[],
  item: CartItem,
): { items: CartItem[]; outcome: AddOutcome } {
  const fresh: CartItem = { ...item, quantity: 1 };
  const conflict =
    isRecurring(item.billingCycle) &&
    items.some((i) => isRecurring(i.billingCycle) && i.billingCycle !== item.billingCycle);
  if (conflict) return { items: [fresh], outcome: 'replaced' };

  const existing = items.find((i) => isSameLine(i, item.id, item.billingCycle));
  if (existing) {
    return {
      items: items.map((i) => (i === existing ? { ...i, quantity: i.quantity + 1 } : i)),
      outcome: 'increased',
    };
  }
  return { items: [...items, fresh], outcome: 'added' };
}

export function removeFromCart(
  items: readonly CartItem[],
  id: string,
  cycle: BillingCycle,
): CartItem[] {
  return items.filter((i) => !isSameLine(i, id, cycle));
}

/** Quantity 0 or below removes the line; there is no upper limit. */
export function setQuantity(
  items: readonly CartItem[],
  id: string,
  cycle: BillingCycle,
  quantity: number,
): CartItem[] {
  if (quantity <= 0) return removeFromCart(items, id, cycle);
  const q = Math.floor(quantity);
  return items.map((i) => (isSameLine(i, id, cycle) ? { ...i, quantity: q } : i));
}

function isInCart(items: readonly CartItem[], id: string, cycle: BillingCycle): boolean {
  return items.some((i) => isSameLine(i, id, cycle));
}

// `checkout` is disabled as "Added to Cart" only for one-time items: a subscription can be bought
// again. `buyNow` is never disabled (it replaces the cart).
export type AddButtonMode = 'add' | 'buyNow' | 'checkout';

export function isAddButtonDisabled(
  items: readonly CartItem[],
  id: string,
  cycle: BillingCycle,
  mode: AddButtonMode,
): boolean {
  if (mode === 'buyNow') return false;
  if (mode === 'checkout' && cycle !== 'oneTime') return false;
  return isInCart(items, id, cycle);
}

/** The notices of spec §8, worded exactly. */
export const CART_NOTICES = {
  added: (name: string): NotifyInput => ({
    title: 'Added to Cart',
    description: `${name} has been added to your cart`,
  }),
  increased: (name: string): NotifyInput => ({
    title: 'Added to Cart',
    description: `Increased quantity of ${name}`,
  }),
  replaced: (): NotifyInput => ({
    title: 'Cart Updated',
    description:
      'Subscription items must have the same billing cycle. Your cart was updated to the new cycle billing.',
  }),
  removed: (name: string): NotifyInput => ({
    title: 'Removed from Cart',
    description: `${name} has been removed from your cart`,
    variant: 'destructive',
  }),
  cleared: (count: number): NotifyInput => ({
    title: 'Cart Cleared',
    description: `All ${count} item(s) have been removed from your cart`,
    variant: 'destructive',
  }),
} as const;

export function addNotice(outcome: AddOutcome, name: string): NotifyInput {
  return outcome === 'replaced' ? CART_NOTICES.replaced() : CART_NOTICES[outcome](name);
}
