// Free of zod and the catalogue: the badge script on every page ships this, and zod's shared chunk
// would cost each page ~25 KB gzip. cart.test.ts proves `toCartItem` accepts what a zod line would.
import type { BillingCycle, ItemIcon, ItemType } from '../catalogue/catalogue';

export type CartItem = {
  id: string;
  name: string;
  description: string;
  type: ItemType;
  billingCycle: BillingCycle;
  /** USD per unit and cycle. */
  price: number;
  originalPrice?: number | undefined;
  quantity: number;
  icon?: ItemIcon | undefined;
};

export const CART_TTL_MS = 24 * 60 * 60 * 1000;
/** The panel opens this long after an add, so the visitor sees the card's feedback first. */
export const CART_OPEN_DELAY_MS = 500;
export const BUY_NOW_DELAY_MS = 100;
export const PREVIEW_LIMIT = 3;

export const CART_CYCLES: readonly BillingCycle[] = ['oneTime', 'monthly', 'yearly'];
export const CART_TYPES: readonly ItemType[] = ['package', 'website', 'agent'];
export const CART_ICONS: readonly ItemIcon[] = ['globe', 'robot', 'box'];
export const LIMITS = { id: 100, name: 200, description: 1000 } as const;

const isText = (v: unknown, min: number, max: number): v is string =>
  typeof v === 'string' && v.length >= min && v.length <= max;
const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T);

/** A clean cart line from untrusted data (stored JSON, data attributes), or null. */
export function toCartItem(value: unknown): CartItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (
    !isText(v.id, 1, LIMITS.id) ||
    !isText(v.name, 1, LIMITS.name) ||
    !isText(v.description, 0, LIMITS.description) ||
    !isOneOf(CART_TYPES, v.type) ||
    !isOneOf(CART_CYCLES, v.billingCycle) ||
    !isAmount(v.price) ||
    (v.originalPrice !== undefined && !isAmount(v.originalPrice)) ||
    !Number.isSafeInteger(v.quantity) ||
    (v.quantity as number) < 1 ||
    (v.icon !== undefined && !isOneOf(CART_ICONS, v.icon))
  ) {
    return null;
  }
  return {
    id: v.id,
    name: v.name,
    description: v.description,
    type: v.type,
    billingCycle: v.billingCycle,
    price: v.price,
    ...(v.originalPrice === undefined ? {} : { originalPrice: v.originalPrice as number }),
    quantity: v.quantity as number,
    ...(v.icon === undefined ? {} : { icon: v.icon as ItemIcon }),
  };
}

/** Same id and billingCycle: one plan monthly and yearly is two lines. */
export function isSameLine(
  a: Pick<CartItem, 'id' | 'billingCycle'>,
  id: string,
  cycle: BillingCycle,
) {
  return a.id === id && a.billingCycle === cycle;
}

export function isRecurring(cycle: BillingCycle): boolean {
  return cycle !== 'oneTime';
}

export function hasMixedRecurringCycles(items: readonly CartItem[]): boolean {
  const cycles = new Set(
    items.filter((i) => isRecurring(i.billingCycle)).map((i) => i.billingCycle),
  );
  return cycles.size > 1;
}

export function toCartItems(value: unknown): CartItem[] | null {
  if (!Array.isArray(value)) return null;
  const items: CartItem[] = [];
  for (const entry of value) {
    const item = toCartItem(entry);
    if (!item) return null;
    items.push(item);
  }
  return hasMixedRecurringCycles(items) ? null : items;
}

export const CART_CYCLE_LABEL: Record<BillingCycle, string> = {
  oneTime: 'One-time',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** Sum of price × quantity, rounded to cents so float noise never shows. */
export function cartTotal(items: readonly CartItem[]): number {
  return Math.round(items.reduce((sum, i) => sum + i.price * i.quantity, 0) * 100) / 100;
}

export function itemCountLabel(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

export function parseStoredItems(raw: string | undefined | null): CartItem[] | null {
  if (!raw) return null;
  try {
    return toCartItems(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** null means "delete both entries": older than 24 hours, unparsable, or mixed cycles. */
export function restoreCart(
  rawItems: string | undefined | null,
  rawSavedAt: string | undefined | null,
  now: number,
): CartItem[] | null {
  const savedAt = Number(rawSavedAt);
  if (!rawSavedAt || !Number.isFinite(savedAt)) return null;
  if (now - savedAt > CART_TTL_MS) return null;
  const items = parseStoredItems(rawItems);
  return items && items.length > 0 ? items : null;
}
