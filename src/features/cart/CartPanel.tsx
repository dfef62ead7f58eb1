// A native modal <dialog> gives the focus trap, Escape and the inert page; changes are announced in
// the panel's own live region (the page's toaster is inert while it is open).
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Icon } from '../../components/ui/Icon';
import { IconButton } from '../../components/ui/IconButton';
import { formatUsd } from '../../lib/money';
import { CART_CYCLE_LABEL, itemCountLabel, type CartItem } from './cart-rules';
import { $cartCount, $cartItems, $cartOpen, $cartTotal, closeCart } from './cart-state';
import { clearCart, removeItem, updateQuantity } from './cart-actions';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

const TYPE_LABEL: Record<CartItem['type'], string> = {
  website: 'Website',
  agent: 'AI Agent',
  package: 'Package',
};

type Props = {
  fallbackFocus: () => HTMLElement | null;
  go: (path: string) => void;
};

export function CartPanel({ fallbackFocus, go }: Props) {
  const open = useStore($cartOpen);
  const items = useStore($cartItems);
  const count = useStore($cartCount);
  const total = useStore($cartTotal);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      setAnnouncement('');
      d.showModal();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  function onClose() {
    closeCart();
    // The opener may be gone or disabled by now (an add button turns into a disabled "In Cart").
    opener.current?.focus();
    if (!opener.current || document.activeElement !== opener.current) fallbackFocus()?.focus();
    opener.current = null;
  }

  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    // Clicks on the ::backdrop land on the <dialog> itself; the panel body stops them.
    if (event.target === event.currentTarget) closeCart();
  }

  /** Wraps Tab inside the panel; a modal <dialog> alone would let focus leave for the browser UI. */
  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => !el.hasAttribute('disabled'),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function leaveFor(path: string) {
    closeCart();
    go(path);
  }

  function change(item: CartItem, quantity: number) {
    updateQuantity(item.id, item.billingCycle, quantity);
    setAnnouncement(`${item.name}: quantity ${quantity}`);
  }

  function remove(item: CartItem) {
    removeItem(item.id, item.billingCycle);
    setAnnouncement(`${item.name} removed from your cart`);
  }

  function clear() {
    clearCart();
    setAnnouncement('Your cart has been cleared');
  }

  return (
    <dialog
      ref={dialog}
      className="cart-panel"
      aria-labelledby="cart-panel-title"
      onClose={onClose}
      onClick={onBackdropClick}
      onKeyDown={onKeyDown}
    >
      <div className="cart-panel__body">
        <header className="panel-head">
          <div className="cart-panel__heading">
            <Icon name="cart" />
            <h2 id="cart-panel-title">Shopping Cart</h2>
            <span className="badge badge--primary" data-testid="cart-count">
              {itemCountLabel(count)}
            </span>
          </div>
          <IconButton
            icon="close"
            label="Close cart"
            className="cart-icon-btn"
            onClick={closeCart}
          />
        </header>

        <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>

        {items.length === 0 ? (
          <div className="cart-panel__empty">
            <span className="icon-tile">
              <Icon name="cart" />
            </span>
            <p className="cart-empty__title">Your cart is empty</p>
            <p className="muted">Browse our AI agents and website packages to get started</p>
            <button type="button" className="btn" onClick={() => leaveFor('/products')}>
              Browse Products
            </button>
          </div>
        ) : (
          <>
            <ul className="cart-lines" aria-label="Items in your cart">
              {items.map((item) => (
                <CartLine
                  key={`${item.id}:${item.billingCycle}`}
                  item={item}
                  onChange={change}
                  onRemove={remove}
                />
              ))}
            </ul>

            <footer className="cart-panel__footer">
              <dl className="cart-summary">
                <div>
                  <dt>Subtotal</dt>
                  <dd>{formatUsd(total)}</dd>
                </div>
                <div>
                  <dt>Tax</dt>
                  <dd className="muted">Calculated at checkout</dd>
                </div>
                <div className="cart-summary__total">
                  <dt>Total</dt>
                  <dd data-testid="cart-total">{formatUsd(total)}</dd>
                </div>
              </dl>
              <button
                type="button"
                className="btn btn--block"
                onClick={() => leaveFor('/checkout')}
              >
                Proceed to Checkout
                <Icon name="arrowRight" />
              </button>
              <button type="button" className="btn btn--outline btn--block" onClick={clear}>
                Clear Cart
              </button>
              <p className="cart-secure">
                <Icon name="lock" />
                Secure checkout powered by Stripe
              </p>
            </footer>
          </>
        )}
      </div>
    </dialog>
  );
}

type LineProps = {
  item: CartItem;
  onChange: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
};

function CartLine({ item, onChange, onRemove }: LineProps) {
  const showOriginal = item.originalPrice !== undefined && item.originalPrice > item.price;
  return (
    <li className="cart-line" data-testid="cart-line">
      <span className="cart-line__icon" aria-hidden="true">
        <Icon
          name={
            item.icon ??
            (item.type === 'website' ? 'globe' : item.type === 'agent' ? 'robot' : 'box')
          }
        />
      </span>
      <div className="cart-line__main">
        <div className="cart-line__top">
          <h3 className="cart-line__name">{item.name}</h3>
          <IconButton
            icon="trash"
            label={`Remove ${item.name}`}
            className="cart-icon-btn cart-icon-btn--danger"
            onClick={() => onRemove(item)}
          />
        </div>
        <p className="cart-line__description">{item.description}</p>
        <p className="cart-line__badges">
          <span className="badge badge--secondary">{TYPE_LABEL[item.type]}</span>
          <span className="badge">{CART_CYCLE_LABEL[item.billingCycle]}</span>
        </p>
        <div className="cart-line__bottom">
          <div className="cart-qty" role="group" aria-label={`Quantity of ${item.name}`}>
            <IconButton
              icon="minus"
              label={`Decrease quantity of ${item.name}`}
              className="cart-icon-btn"
              disabled={item.quantity <= 1}
              onClick={() => onChange(item, item.quantity - 1)}
            />
            <span className="cart-qty__value" data-testid="cart-line-quantity">
              {item.quantity}
            </span>
            <IconButton
              icon="plus"
              label={`Increase quantity of ${item.name}`}
              className="cart-icon-btn"
              onClick={() => onChange(item, item.quantity + 1)}
            />
          </div>
          <p className="cart-line__price">
            {showOriginal && (
              <span className="strike">
                <span className="sr-only">Was </span>
                {formatUsd((item.originalPrice ?? 0) * item.quantity)}
              </span>
            )}
            <strong data-testid="cart-line-price">{formatUsd(item.price * item.quantity)}</strong>
          </p>
        </div>
      </div>
    </li>
  );
}
