// A disclosure (the button's aria-expanded), not a modal, so focus stays on the page.
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { Icon } from '../../components/ui/Icon';
import { formatUsd } from '../../lib/money';
import { PREVIEW_LIMIT, itemCountLabel } from './cart-rules';
import { $cartCount, $cartItems, $cartPreviewOpen, $cartTotal, openCart } from './cart-state';

type Props = {
  id: string;
  /** The floating button; clicks on it are not "outside". */
  trigger: HTMLElement;
  go: (path: string) => void;
};

export function CartPreview({ id, trigger, go }: Props) {
  const open = useStore($cartPreviewOpen);
  const items = useStore($cartItems);
  const count = useStore($cartCount);
  const total = useStore($cartTotal);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (box.current?.contains(target) || trigger.contains(target)) return;
      $cartPreviewOpen.set(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      $cartPreviewOpen.set(false);
      trigger.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, trigger]);

  if (!open) return null;

  const shown = items.slice(0, PREVIEW_LIMIT);
  const more = items.length - shown.length;

  function leaveFor(path: string) {
    $cartPreviewOpen.set(false);
    go(path);
  }

  return (
    <div ref={box} id={id} className="cart-preview" role="region" aria-label="Cart preview">
      <div className="cart-preview__head">
        <p className="cart-preview__title">Your Cart</p>
        <span className="badge badge--primary">{itemCountLabel(count)}</span>
      </div>
      {items.length === 0 ? (
        <div className="cart-preview__empty">
          <p>Your cart is empty</p>
          <div className="cart-preview__actions">
            <button type="button" className="btn btn--outline btn--sm" onClick={openCart}>
              View All
            </button>
            <button type="button" className="btn btn--sm" onClick={() => leaveFor('/products')}>
              Browse Products
            </button>
          </div>
        </div>
      ) : (
        <>
          <ul className="cart-preview__lines">
            {shown.map((item) => (
              <li key={`${item.id}:${item.billingCycle}`} className="cart-preview__line">
                <span className="cart-preview__name">{item.name}</span>
                <span className="cart-preview__qty">
                  {item.quantity} × {formatUsd(item.price)}
                </span>
              </li>
            ))}
          </ul>
          {more > 0 && <p className="cart-preview__more">+{more} more items</p>}
          <p className="cart-preview__total">
            <span>Total</span>
            <strong>{formatUsd(total)}</strong>
          </p>
          <div className="cart-preview__actions">
            <button type="button" className="btn btn--outline btn--sm" onClick={openCart}>
              View All
            </button>
            <button type="button" className="btn btn--sm" onClick={() => leaveFor('/checkout')}>
              Checkout
              <Icon name="arrowRight" />
            </button>
          </div>
        </>
      )}
    </div>
  );
}
