// Renders nothing until mounted with its stylesheet, so the server's HTML and the hydration agree
// whatever the stored cart holds.
import { createPortal } from 'react-dom';
import { CartPanel } from './CartPanel';
import { CartPreview } from './CartPreview';
import { useStylesheet } from '../../page-runtime/use-stylesheet';
// `?inline`: travels with the panel's code, not inlined into every page (see use-stylesheet.ts).
import cartCss from './cart.css?inline';

type Props = {
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
