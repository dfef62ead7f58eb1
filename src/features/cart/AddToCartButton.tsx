/**
 * Add-to-cart island for React pages (use with client:visible). Static Astro pages use
 * AddToCart.astro instead, which does the same without loading React.
 * - default: adds the item (notice 4000 ms, panel opens 500 ms later); "In Cart" and disabled
 *   once the line is in the cart.
 * - buyNow: the cart becomes just this item, then /checkout after 100 ms.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { findItem, defaultCycle, type BillingCycle } from '../catalogue/catalogue';
import { isAddButtonDisabled, type AddButtonMode } from './cart.rules';
import { $cartItems, runAddButton } from './cart.store';

type Props = {
  productId: string;
  billingCycle?: BillingCycle;
  label?: string;
  buyNow?: boolean;
  /** The purchase-screen behaviour: add, then go to /checkout ("Added to Cart" for one-time items). */
  checkout?: boolean;
  inCartLabel?: string;
  className?: string;
};

export default function AddToCartButton({
  productId,
  billingCycle,
  label,
  buyNow = false,
  checkout = false,
  inCartLabel,
  className = 'btn',
}: Props) {
  const items = useStore($cartItems);
  // The server renders the empty-cart state; the stored cart applies after hydration.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const item = findItem(productId);
  if (!item) throw new Error(`AddToCartButton: unknown product "${productId}"`);
  const cycle = billingCycle ?? defaultCycle(item);
  const mode: AddButtonMode = buyNow ? 'buyNow' : checkout ? 'checkout' : 'add';
  const disabled = hydrated && isAddButtonDisabled(items, item.id, cycle, mode);
  const idle = label ?? (buyNow ? 'Buy Now' : checkout ? 'Add to Cart & Checkout' : 'Add to Cart');
  const done = inCartLabel ?? (checkout ? 'Added to Cart' : 'In Cart');

  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      data-testid={buyNow ? undefined : 'add-to-cart'}
      onClick={() => runAddButton(mode, item.id, cycle)}
    >
      {disabled ? done : idle}
    </button>
  );
}
