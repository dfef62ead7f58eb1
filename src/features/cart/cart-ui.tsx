/**
 * Loaded by CartButton.astro ahead of the first opening (once the visitor uses the page or
 * heads for the button) and mounted when the cart first opens: this is where React enters a
 * content page.
 */
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { CartPanel } from './CartPanel';
import { CartPreview } from './CartPreview';
import { loadStylesheet } from '../../lib/load-stylesheet';
// `?url`: fetched with the panel, not inlined into every page (see load-stylesheet.ts).
import cartCss from './cart.css?url';

type MountOptions = {
  /** Holds the panel <dialog>. */
  panelHost: HTMLElement;
  /** Holds the preview, next to the floating button. */
  previewHost: HTMLElement;
  previewId: string;
  trigger: HTMLElement;
};

function go(path: string) {
  window.location.assign(path);
}

export async function mountCartUi({ panelHost, previewHost, previewId, trigger }: MountOptions) {
  await loadStylesheet(cartCss);
  createRoot(panelHost).render(
    <>
      <CartPanel fallbackFocus={() => trigger} go={go} />
      {createPortal(<CartPreview id={previewId} trigger={trigger} go={go} />, previewHost)}
    </>,
  );
}
