/**
 * The cart's rules for reading a cart (spec §4) as pure functions, free of zod and of the
 * catalogue: a line's shape, the stored cart and its restore rule, counts and totals. The rules
 * for changing a cart are cart-edits.ts, so a page without add buttons does not load them. This
 * is what the page-wide cart script (the badge) ships: a bundler puts zod in a chunk shared with
 * every form on the site, so importing it here would cost each page ~25 KB gzip. It imports
 * nothing at run time (types only); `cart.test.ts` proves `toCartItem` accepts exactly what a
 * zod schema of a line accepts.
 */
import type { BillingCycle, ItemIcon, ItemType } from '../catalogue/catalogue';

export type CartItem = {
  id: string;
  name: string;
  description: string;
  type: ItemType;
  billingCycle: BillingCycle;
  /** USD per unit and cycle. */
  price: number;
  /** List price per unit, shown struck through when above price. */
  originalPrice?: number | undefined;
  quantity: number;
  icon?: ItemIcon | undefined;
};

/** A stored cart older than this is discarded on start. */
export const CART_TTL_MS = 24 * 60 * 60 * 1000;
/** The panel opens this long after an add, so the visitor sees the card's feedback first. */
export const CART_OPEN_DELAY_MS = 500;
/** Buy Now waits this long before leaving for /checkout. */
export const BUY_NOW_DELAY_MS = 100;
/** The floating button's preview lists at most this many lines. */
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

/** A line is identified by the pair id + billingCycle (the same plan monthly and yearly are two lines). */
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

/** True when recurring lines disagree on their cycle (one-time lines mix freely). */
export function hasMixedRecurringCycles(items: readonly CartItem[]): boolean {
  const cycles = new Set(
    items.filter((i) => isRecurring(i.billingCycle)).map((i) => i.billingCycle),
  );
  return cycles.size > 1;
}

/** A whole cart from untrusted data: every line valid and one recurring cycle, else null. */
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

/** The billing badge: "One-time" or the cycle's name. */
export const CART_CYCLE_LABEL: Record<BillingCycle, string> = {
  oneTime: 'One-time',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** Units in the cart (what the "N items" badges show). */
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

/** Parses the stored item list; null when it is not JSON or not a valid, consistent cart. */
export function parseStoredItems(raw: string | undefined | null): CartItem[] | null {
  if (!raw) return null;
  try {
    return toCartItems(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * The restore rule applied on start: the stored cart comes back unless it is older than 24 hours,
 * cannot be parsed, or mixes recurring cycles. null means "delete both entries".
 */
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
