/**
 * The cart's public pure module: every rule of spec §4 (from cart.rules.ts), the zod schema of a
 * cart line, and `cartItemFromCatalogue` (from cart.lines.ts). Browser-safe. Browser code that
 * does not validate should import the zod-free modules directly.
 */
import { z } from '../../lib/zod';
import { BILLING_CYCLES, ITEM_TYPES } from '../catalogue/catalogue';
import { CART_ICONS, LIMITS, type CartItem } from './cart.rules';

export * from './cart.lines';
export * from './cart.rules';

export const cartItemSchema = z.object({
  id: z.string().min(1).max(LIMITS.id),
  name: z.string().min(1).max(LIMITS.name),
  description: z.string().max(LIMITS.description),
  type: z.enum(ITEM_TYPES),
  billingCycle: z.enum(BILLING_CYCLES),
  price: z.number().nonnegative(),
  originalPrice: z.number().nonnegative().optional(),
  quantity: z.int().min(1),
  icon: z.enum(CART_ICONS as ['globe', 'robot', 'box']).optional(),
});

export const cartItemsSchema = z.array(cartItemSchema);

// The schema and the hand-written type in cart.rules.ts must describe the same line.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesType: Same<z.infer<typeof cartItemSchema>, CartItem> = true;
void schemaMatchesType;
