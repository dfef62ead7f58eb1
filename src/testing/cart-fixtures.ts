/** Cart lines for tests, built from the catalogue so prices never drift from it. */
import type { BillingCycle } from '../features/catalogue/catalogue';
import { cartItemFromCatalogue, type CartItem } from '../features/cart/cart.store';

export function line(id: string, cycle?: BillingCycle, quantity = 1): CartItem {
  const item = cartItemFromCatalogue(id, cycle);
  if (!item) throw new Error(`No catalogue line for ${id} ${cycle ?? ''}`);
  return { ...item, quantity };
}

export const starter = line('starter');
export const advanced = line('advanced');
export const lilyMonthly = line('lily-starter', 'monthly');
export const lilyYearly = line('lily-starter', 'yearly');
export const growthMonthly = line('lily-growth', 'monthly');
export const growthYearly = line('lily-growth', 'yearly');
export const supportMonthly = line('customer-service');

export const HOUR = 60 * 60 * 1000;
