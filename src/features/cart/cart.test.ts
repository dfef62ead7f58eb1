import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CART_CYCLES,
  CART_CYCLE_LABEL,
  CART_ICONS,
  CART_TYPES,
  toCartItem,
  toCartItems,
  CART_TTL_MS,
  cartCount,
  cartTotal,
  hasMixedRecurringCycles,
  isSameLine,
  itemCountLabel,
  parseStoredItems,
  restoreCart,
} from './cart-rules';
import {
  CART_NOTICES,
  addNotice,
  addToCart,
  isAddButtonDisabled,
  removeFromCart,
  setQuantity,
} from './cart-edits';
import { cartItemFromCatalogue } from './cart.store';
import {
  HOUR,
  advanced,
  growthMonthly,
  growthYearly,
  lilyMonthly,
  lilyYearly,
  starter,
  supportMonthly,
} from '../../testing/cart-fixtures';
import { BILLING_CYCLES, CYCLE_LABEL, ITEM_TYPES, PURCHASE_KEYS } from '../catalogue/catalogue';
import { z } from '../../lib/zod';
import { BILLING_CYCLES as CYCLES, ITEM_TYPES as TYPES } from '../catalogue/catalogue';
import { LIMITS, type CartItem } from './cart-rules';

/**
 * The oracle for toCartItem: what a stored cart line may be, as a zod schema (the cart itself
 * parses stored lines without zod, so no page loads it).
 */
const cartItemSchema = z.object({
  id: z.string().min(1).max(LIMITS.id),
  name: z.string().min(1).max(LIMITS.name),
  description: z.string().max(LIMITS.description),
  type: z.enum(TYPES),
  billingCycle: z.enum(CYCLES),
  price: z.number().nonnegative(),
  originalPrice: z.number().nonnegative().optional(),
  quantity: z.int().min(1),
  icon: z.enum(CART_ICONS as ['globe', 'robot', 'box']).optional(),
});

// The schema and the hand-written type in cart-rules.ts must describe the same line.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesType: Same<z.infer<typeof cartItemSchema>, CartItem> = true;
void schemaMatchesType;

describe('line identity', () => {
  it('is the pair id + billingCycle', () => {
    expect(isSameLine(lilyMonthly, 'lily-starter', 'monthly')).toBe(true);
    expect(isSameLine(lilyMonthly, 'lily-starter', 'yearly')).toBe(false);
    expect(isSameLine(lilyMonthly, 'lily-growth', 'monthly')).toBe(false);
  });

  it('keeps the same item in two one-time/recurring lines apart', () => {
    // A one-time line and a recurring line of different ids never merge.
    const { items } = addToCart([starter], lilyMonthly);
    expect(items).toHaveLength(2);
  });
});

describe('addToCart', () => {
  it('appends a new item at quantity 1 whatever quantity it came with', () => {
    const { items, outcome } = addToCart([], { ...starter, quantity: 7 });
    expect(outcome).toBe('added');
    expect(items).toEqual([{ ...starter, quantity: 1 }]);
  });

  it('raises the quantity of the same line by 1', () => {
    const { items, outcome } = addToCart([starter, lilyMonthly], starter);
    expect(outcome).toBe('increased');
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      ['starter', 2],
      ['lily-starter', 1],
    ]);
  });

  it('mixes one-time items freely with each other and with one recurring cycle', () => {
    let items = addToCart([], starter).items;
    items = addToCart(items, advanced).items;
    items = addToCart(items, lilyYearly).items;
    const result = addToCart(items, growthYearly);
    expect(result.outcome).toBe('added');
    expect(result.items.map((i) => i.id)).toEqual([
      'starter',
      'advanced',
      'lily-starter',
      'lily-growth',
    ]);
  });

  it('replaces the whole cart when a recurring item has a different cycle than a recurring line', () => {
    const { items, outcome } = addToCart(
      [starter, { ...lilyMonthly, quantity: 3 }, supportMonthly],
      growthYearly,
    );
    expect(outcome).toBe('replaced');
    expect(items).toEqual([{ ...growthYearly, quantity: 1 }]);
  });

  it('adds a one-time item to a recurring cart without conflict', () => {
    expect(addToCart([lilyMonthly], starter).outcome).toBe('added');
  });

  it('treats the same plan yearly as a conflicting line, not the same line', () => {
    expect(addToCart([lilyMonthly], lilyYearly)).toEqual({
      items: [lilyYearly],
      outcome: 'replaced',
    });
  });

  it('does not mutate its input', () => {
    const items = [starter];
    addToCart(items, starter);
    expect(items).toEqual([starter]);
  });
});

describe('remove and quantity', () => {
  it('removes only the line matching id and billingCycle', () => {
    const cart = [lilyYearly, starter, growthYearly];
    expect(removeFromCart(cart, 'lily-starter', 'monthly')).toEqual(cart);
    expect(removeFromCart(cart, 'lily-starter', 'yearly')).toEqual([starter, growthYearly]);
  });

  it('sets a quantity, and 0 or below removes the line', () => {
    const cart = [starter, advanced];
    expect(setQuantity(cart, 'starter', 'oneTime', 4)[0]?.quantity).toBe(4);
    expect(setQuantity(cart, 'starter', 'oneTime', 0)).toEqual([advanced]);
    expect(setQuantity(cart, 'starter', 'oneTime', -2)).toEqual([advanced]);
  });
});

describe('totals', () => {
  it('counts units and sums price × quantity', () => {
    const cart = [{ ...starter, quantity: 2 }, lilyMonthly];
    expect(cartCount(cart)).toBe(3);
    expect(cartTotal(cart)).toBe(2198);
    expect(cartTotal([])).toBe(0);
  });

  it('totals the post-purchase test cart (starter + lily-ai) at 1199', () => {
    const lilyAi = cartItemFromCatalogue('lily-ai');
    expect(lilyAi).toBeDefined();
    expect(cartTotal([starter, lilyAi!])).toBeCloseTo(1199, 2);
  });

  it('labels one item and N items', () => {
    expect(itemCountLabel(1)).toBe('1 item');
    expect(itemCountLabel(0)).toBe('0 items');
    expect(itemCountLabel(5)).toBe('5 items');
  });

  it('detects mixed recurring cycles only among recurring lines', () => {
    expect(hasMixedRecurringCycles([starter, lilyMonthly, growthMonthly])).toBe(false);
    expect(hasMixedRecurringCycles([lilyMonthly, growthYearly])).toBe(true);
  });
});

describe('restoreCart (on start)', () => {
  const now = 1_750_000_000_000;
  const stored = JSON.stringify([starter, lilyMonthly]);

  it('restores a fresh cart', () => {
    expect(restoreCart(stored, String(now - 23 * HOUR), now)).toEqual([starter, lilyMonthly]);
  });

  it('restores at exactly 24 hours and discards anything older', () => {
    expect(restoreCart(stored, String(now - CART_TTL_MS), now)).not.toBeNull();
    expect(restoreCart(stored, String(now - CART_TTL_MS - 1), now)).toBeNull();
  });

  it('discards a cart without a usable timestamp', () => {
    expect(restoreCart(stored, undefined, now)).toBeNull();
    expect(restoreCart(stored, 'yesterday', now)).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"id":"starter"}'],
    ['a line without a price', JSON.stringify([{ ...starter, price: undefined }])],
    ['a zero quantity', JSON.stringify([{ ...starter, quantity: 0 }])],
    ['a fractional quantity', JSON.stringify([{ ...starter, quantity: 1.5 }])],
    ['an unknown cycle', JSON.stringify([{ ...starter, billingCycle: 'weekly' }])],
    ['an unknown type', JSON.stringify([{ ...starter, type: 'service' }])],
    ['an empty list', '[]'],
  ])('discards corrupt storage: %s', (_, raw) => {
    expect(restoreCart(raw, String(now), now)).toBeNull();
  });

  it('discards a cart that mixes recurring cycles', () => {
    expect(restoreCart(JSON.stringify([lilyMonthly, growthYearly]), String(now), now)).toBeNull();
    expect(parseStoredItems(JSON.stringify([lilyMonthly, growthYearly]))).toBeNull();
  });
});

describe('cartItemFromCatalogue', () => {
  it('builds every purchase-screen key at quantity 1 in its default cycle', () => {
    for (const key of PURCHASE_KEYS) {
      const item = cartItemFromCatalogue(key);
      expect(item, key).toBeDefined();
      expect(cartItemSchema.safeParse(item).success).toBe(true);
      expect(item?.quantity).toBe(1);
    }
    expect(cartItemFromCatalogue('lily')?.billingCycle).toBe('monthly');
    expect(cartItemFromCatalogue('starter')?.billingCycle).toBe('oneTime');
  });

  it('resolves aliases to the canonical id', () => {
    expect(cartItemFromCatalogue('social-media-empire')?.id).toBe('social-empire');
  });

  it('carries the list price only where it exceeds the price', () => {
    expect(cartItemFromCatalogue('lily-growth', 'monthly')).toMatchObject({
      price: 498,
      originalPrice: 749,
    });
    expect(cartItemFromCatalogue('lily-growth', 'yearly')).not.toHaveProperty('originalPrice');
  });

  it('applies the type rule and the icon that goes with it', () => {
    expect(cartItemFromCatalogue('starter')).toMatchObject({ type: 'website', icon: 'globe' });
    expect(cartItemFromCatalogue('lily')).toMatchObject({ type: 'agent', icon: 'robot' });
    expect(cartItemFromCatalogue('basic-ai-agents')).toMatchObject({ type: 'agent' });
    expect(cartItemFromCatalogue('meeting-assistant')).toMatchObject({ type: 'package' });
  });

  it('refuses unknown keys and cycles the item is not sold in', () => {
    expect(cartItemFromCatalogue('nope')).toBeUndefined();
    expect(cartItemFromCatalogue('starter', 'monthly')).toBeUndefined();
  });
});

describe('notices (spec §8)', () => {
  it('words every cart notice exactly', () => {
    expect(addNotice('added', 'Starter Website Package')).toEqual({
      title: 'Added to Cart',
      description: 'Starter Website Package has been added to your cart',
    });
    expect(addNotice('increased', 'Starter Website Package')).toEqual({
      title: 'Added to Cart',
      description: 'Increased quantity of Starter Website Package',
    });
    expect(addNotice('replaced', 'Lily AI Growth')).toEqual({
      title: 'Cart Updated',
      description:
        'Subscription items must have the same billing cycle. Your cart was updated to the new cycle billing.',
    });
    expect(CART_NOTICES.removed('Lily AI Growth')).toEqual({
      title: 'Removed from Cart',
      description: 'Lily AI Growth has been removed from your cart',
      variant: 'destructive',
    });
    expect(CART_NOTICES.cleared(3)).toEqual({
      title: 'Cart Cleared',
      description: 'All 3 item(s) have been removed from your cart',
      variant: 'destructive',
    });
  });
});

describe('add button state', () => {
  it('disables cards once the line is in the cart, never Buy Now, and the purchase screen for one-time items only', () => {
    const cart = [starter, lilyMonthly];
    expect(isAddButtonDisabled(cart, 'starter', 'oneTime', 'add')).toBe(true);
    expect(isAddButtonDisabled(cart, 'advanced', 'oneTime', 'add')).toBe(false);
    expect(isAddButtonDisabled(cart, 'lily-starter', 'yearly', 'add')).toBe(false);
    expect(isAddButtonDisabled(cart, 'lily-starter', 'monthly', 'add')).toBe(true);
    expect(isAddButtonDisabled(cart, 'starter', 'oneTime', 'buyNow')).toBe(false);
    expect(isAddButtonDisabled(cart, 'starter', 'oneTime', 'checkout')).toBe(true);
    expect(isAddButtonDisabled(cart, 'lily-starter', 'monthly', 'checkout')).toBe(false);
  });
});

describe('zod-free twins (cart-rules.ts) agree with the schema and the catalogue', () => {
  it('uses the catalogue cycles, types and labels', () => {
    expect(CART_CYCLES).toEqual(BILLING_CYCLES);
    expect([...CART_TYPES].sort()).toEqual([...ITEM_TYPES].sort());
    expect(CART_CYCLE_LABEL).toEqual(CYCLE_LABEL);
  });

  const valid = fc.record(
    {
      id: fc.string({ minLength: 1, maxLength: 100 }),
      name: fc.string({ minLength: 1, maxLength: 200 }),
      description: fc.string({ maxLength: 1000 }),
      type: fc.constantFrom(...CART_TYPES),
      billingCycle: fc.constantFrom(...CART_CYCLES),
      price: fc.oneof(
        fc.integer({ min: 0, max: 10000 }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
      ),
      originalPrice: fc.integer({ min: 0, max: 10000 }),
      quantity: fc.integer({ min: 1, max: 99 }),
      icon: fc.constantFrom(...CART_ICONS),
    },
    { requiredKeys: ['id', 'name', 'description', 'type', 'billingCycle', 'price', 'quantity'] },
  );
  /** Edge values that break one rule each (bounds, wrong types, NaN, unknown enum values). */
  const bad = fc.constantFrom<unknown>(
    '',
    'x'.repeat(101),
    'x'.repeat(201),
    'x'.repeat(1001),
    -1,
    -0.01,
    0.5,
    1.5,
    0,
    NaN,
    Infinity,
    Number.MAX_SAFE_INTEGER + 2,
    null,
    undefined,
    [],
    {},
    true,
    'weekly',
    'service',
    'star',
    '1',
  );
  const key = fc.constantFrom(
    'id',
    'name',
    'description',
    'type',
    'billingCycle',
    'price',
    'originalPrice',
    'quantity',
    'icon',
    'extra',
  );
  const candidate = fc.oneof(
    valid,
    fc
      .tuple(
        valid,
        fc.array(fc.tuple(key, fc.oneof(bad, fc.anything())), { minLength: 1, maxLength: 2 }),
      )
      .map(([item, edits]) => Object.assign({ ...item }, Object.fromEntries(edits)) as unknown),
    fc.anything(),
  );

  it('toCartItem accepts exactly what cartItemSchema accepts, with the same result', () => {
    let accepted = 0;
    fc.assert(
      fc.property(candidate, (value) => {
        const zod = cartItemSchema.safeParse(value);
        const mine = toCartItem(value);
        expect(mine !== null).toBe(zod.success);
        if (zod.success) {
          accepted++;
          expect(mine).toEqual(zod.data);
        }
      }),
      { numRuns: 3000 },
    );
    // Both outcomes must actually be exercised.
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(2700);
  });

  it('accepts every catalogue line and rejects non-objects', () => {
    for (const key of PURCHASE_KEYS)
      expect(toCartItem(cartItemFromCatalogue(key))).toEqual(cartItemFromCatalogue(key));
    for (const v of [null, undefined, 'x', 3, [], [starter]]) expect(toCartItem(v)).toBeNull();
    expect(toCartItems([starter, { ...starter, extra: 1 }])).toEqual([starter, starter]);
    expect(toCartItems({})).toBeNull();
  });
});
