/**
 * The floating cart button's behaviour (markup: CartButton.astro): the badge follows the
 * stored cart, and React (cart-ui.tsx: panel + preview) is fetched only when the cart is
 * first opened.
 */
import { ensureReactDevPreamble } from '../chat/dev-react-preamble';
// cart.rules / cart.state, not cart.ts / cart.store: they keep zod and the catalogue off every page.
import { itemCountLabel } from './cart.rules';
import { $cartCount, $cartOpen, $cartPreviewOpen, toggleCart } from './cart.state';

const PREVIEW_ID = 'cart-preview';

export function bindCartButton() {
  const fab = document.querySelector<HTMLElement>('[data-cart-fab]');
  const button = fab?.querySelector<HTMLButtonElement>('[data-cart-button]');
  const badge = fab?.querySelector<HTMLElement>('[data-cart-badge]');
  const previewHost = fab?.querySelector<HTMLElement>('[data-cart-preview-host]');
  const panelHost = document.querySelector<HTMLElement>('[data-cart-panel-host]');
  if (!fab || !button || !badge || !previewHost || !panelHost) return;

  const previewMode = fab.dataset.preview === 'true';

  $cartCount.subscribe((count) => {
    badge.textContent = count > 99 ? '99+' : String(count);
    badge.hidden = count === 0;
    button.setAttribute('aria-label', `Shopping cart, ${itemCountLabel(count)}`);
  });

  let ui: Promise<void> | undefined;
  const loadUi = () => {
    ui ??= ensureReactDevPreamble()
      .then(() => import('./cart-ui'))
      .then((m) =>
        m.mountCartUi({ panelHost, previewHost, previewId: PREVIEW_ID, trigger: button }),
      )
      .catch((error: unknown) => {
        ui = undefined;
        console.error('The cart could not be loaded', error);
      });
    return ui;
  };

  button.addEventListener('click', () => {
    void loadUi();
    if (previewMode) $cartPreviewOpen.set(!$cartPreviewOpen.get());
    else toggleCart();
  });

  // Anything may open the cart (an add, View All, another script): load the UI then.
  $cartOpen.subscribe((open) => {
    if (open) void loadUi();
  });
  $cartPreviewOpen.subscribe((open) => {
    if (previewMode) button.setAttribute('aria-expanded', String(open));
  });
}
