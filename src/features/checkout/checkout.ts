// The checkout island does not import this module: it only sends the cart, and the schema would
// make it download and run zod.
import { z } from '../../lib/zod';
import {
  BILLING_CYCLES,
  canonicalId,
  findItem,
  toCents,
  type BillingCycle,
} from '../catalogue/catalogue';
import type { CheckoutMode, PricedLine } from '../../server/db/schema.ts';
import { SUCCESS_REF_PARAM } from './success-ref';

const MIN_QUANTITY = 1;
const MAX_QUANTITY = 99;
/** More distinct lines than the catalogue could ever produce is not a real cart. */
const MAX_LINES = 50;

/** Only id, billingCycle and quantity are read; name, price and anything else are dropped. */
export const checkoutItemSchema = z.object({
  id: z.string().trim().min(1, 'Item id is required').max(100, 'Item id is too long'),
  billingCycle: z.enum(BILLING_CYCLES),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(MIN_QUANTITY, `Quantity must be between ${MIN_QUANTITY} and ${MAX_QUANTITY}`)
    .max(MAX_QUANTITY, `Quantity must be between ${MIN_QUANTITY} and ${MAX_QUANTITY}`),
});
type CheckoutItemInput = z.infer<typeof checkoutItemSchema>;

export const createCheckoutSessionSchema = z.object({
  items: z
    .array(checkoutItemSchema, { error: 'items must be a list of cart items' })
    .min(1, 'Your cart is empty')
    .max(MAX_LINES, 'Too many items in the cart'),
  success_url: z.string().min(1, 'success_url is required').max(2000),
  cancel_url: z.string().min(1, 'cancel_url is required').max(2000),
  /** The same id for every retry of one click, a new one per checkout: the idempotency key. */
  attempt_id: z
    .string()
    .regex(/^[\w-]{16,64}$/, 'attempt_id must be 16 to 64 letters, digits, _ or -')
    .optional(),
});
// The stored shapes (one declaration, in the schema); type-only, so nothing server-side loads.
export type { CheckoutMode, PricedLine };

type PricedCart = {
  lines: PricedLine[];
  mode: CheckoutMode;
  amountTotalCents: number;
  recurringCycle: Exclude<BillingCycle, 'oneTime'> | null;
};

export class CheckoutError extends Error {
  override name = 'CheckoutError';
}

// Catalogue prices only. Refused: unknown ids or cycles, mixed recurring cycles, and quantities
// outside 1..99 (also after merging duplicate lines).
export function priceCart(items: readonly CheckoutItemInput[]): PricedCart {
  if (items.length === 0) throw new CheckoutError('Your cart is empty');
  const lines = new Map<string, PricedLine>();
  let recurringCycle: PricedCart['recurringCycle'] = null;

  for (const input of items) {
    const item = findItem(input.id);
    if (!item) throw new CheckoutError(`Unknown item: ${input.id}`);
    const price = item.prices[input.billingCycle];
    if (price === undefined) {
      throw new CheckoutError(`${item.name} is not sold with ${input.billingCycle} billing`);
    }
    if (
      !Number.isInteger(input.quantity) ||
      input.quantity < MIN_QUANTITY ||
      input.quantity > MAX_QUANTITY
    ) {
      throw new CheckoutError(`Quantity must be between ${MIN_QUANTITY} and ${MAX_QUANTITY}`);
    }
    if (input.billingCycle !== 'oneTime') {
      if (recurringCycle && recurringCycle !== input.billingCycle) {
        throw new CheckoutError('Subscription items must have the same billing cycle');
      }
      recurringCycle = input.billingCycle;
    }
    const key = `${canonicalId(input.id)}:${input.billingCycle}`;
    const existing = lines.get(key);
    if (existing) {
      existing.quantity += input.quantity;
      if (existing.quantity > MAX_QUANTITY) {
        throw new CheckoutError(`Quantity must be between ${MIN_QUANTITY} and ${MAX_QUANTITY}`);
      }
      continue;
    }
    lines.set(key, {
      id: item.id,
      name: item.name,
      description: item.description,
      type: item.type,
      billingCycle: input.billingCycle,
      unitAmountCents: toCents(price),
      quantity: input.quantity,
    });
  }

  const priced = [...lines.values()];
  return {
    lines: priced,
    mode: recurringCycle ? 'subscription' : 'payment',
    amountTotalCents: priced.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0),
    recurringCycle,
  };
}

/** http(s) on one of our origins only: anything else makes the provider an open redirect. */
export function isAllowedRedirect(url: string, allowedOrigins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.username || parsed.password) return false;
  return allowedOrigins.some((origin) => {
    try {
      return new URL(origin).origin === parsed.origin;
    } catch {
      return false;
    }
  });
}

export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export { SUCCESS_REF, SUCCESS_REF_PARAM } from './success-ref';

/** `{CHECKOUT_SESSION_ID}` stays literal (Stripe needs the braces); the browser's own values go. */
export function withSessionIdPlaceholder(successUrl: string, ref?: string): string {
  const url = new URL(successUrl);
  url.searchParams.delete('session_id');
  url.searchParams.delete(SUCCESS_REF_PARAM);
  const base = url.toString();
  const refParam = ref ? `&${SUCCESS_REF_PARAM}=${ref}` : '';
  return `${base}${url.search ? '&' : '?'}session_id=${SESSION_ID_PLACEHOLDER}${refParam}`;
}

/** Marks the cancel URL so the checkout page does not start a new payment right away. */
export function withCanceledFlag(cancelUrl: string): string {
  const url = new URL(cancelUrl);
  url.searchParams.set('canceled', '1');
  return url.toString();
}

export const simulatedActionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('pay'),
    session: z.string().min(1).max(200),
    name: z.string().trim().min(2, 'Name must be at least 2 characters').max(200),
    email: z.email('Please enter a valid email address').max(320),
  }),
  z.object({
    action: z.literal('apply'),
    session: z.string().min(1).max(200),
    code: z.string().trim().max(100).optional(),
  }),
  z.object({ action: z.literal('remove_code'), session: z.string().min(1).max(200) }),
  z.object({ action: z.literal('decline'), session: z.string().min(1).max(200) }),
  z.object({ action: z.literal('cancel'), session: z.string().min(1).max(200) }),
  // Nothing required: a buyer may leave before typing anything.
  z.object({
    action: z.literal('expire'),
    session: z.string().min(1).max(200),
    name: z.string().trim().max(200).optional(),
    email: z.string().trim().max(320).optional(),
    promotions: z.literal('opt_in').optional(),
  }),
]);
export type SimulatedAction = z.infer<typeof simulatedActionSchema>;
