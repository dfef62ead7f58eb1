/**
 * The cart's panel and preview: the island on every page (CartButton.astro, `client:intent`)
 * through which React enters a content page, on the visitor's first press of the cart button or
 * an add button. It renders nothing until it has mounted with its stylesheet, so the server's
 * HTML and the hydration agree whatever the stored cart holds; from then on the panel and the
 * preview show what the stores say (the press that woke it has already changed them).
 */
import { createPortal } from 'react-dom';
import { CartPanel } from './CartPanel';
import { CartPreview } from './CartPreview';
import { useStylesheet } from '../../components/ui/use-stylesheet';
// `?inline`: travels with the panel's code, not inlined into every page (see use-stylesheet.ts).
import cartCss from './cart.css?inline';

type Props = {
  /** The id of the preview, which the cart button controls (aria-controls). */
  previewId: string;
};

function go(path: string) {
  window.location.assign(path);
}

const cartButton = () => document.querySelector<HTMLElement>('[data-cart-button]');

export default function CartUi({ previewId }: Props) {
  const styled = useStylesheet(cartCss);
  if (!styled) return null;
  const button = cartButton();
  const previewHost = document.querySelector<HTMLElement>('[data-cart-preview-host]');
  return (
    <>
      <CartPanel fallbackFocus={cartButton} go={go} />
      {button &&
        previewHost &&
        createPortal(<CartPreview id={previewId} trigger={button} go={go} />, previewHost)}
    </>
  );
}
