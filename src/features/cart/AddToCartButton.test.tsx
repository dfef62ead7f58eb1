import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import AddToCartButton from './AddToCartButton';

// The server renders the empty-cart state (the stored cart applies after hydration).
describe('AddToCartButton (server render)', () => {
  it('labels each mode as the spec does', () => {
    expect(renderToStaticMarkup(<AddToCartButton productId="starter" />)).toContain('>Add to Cart</button>');
    expect(renderToStaticMarkup(<AddToCartButton productId="starter" buyNow />)).toContain('>Buy Now</button>');
    expect(renderToStaticMarkup(<AddToCartButton productId="starter" checkout />)).toContain(
      '>Add to Cart &amp; Checkout</button>',
    );
    expect(renderToStaticMarkup(<AddToCartButton productId="lily-ai" label="Get Lily" />)).toContain('>Get Lily</button>');
  });

  it('starts enabled and accepts aliases', () => {
    const html = renderToStaticMarkup(<AddToCartButton productId="social-media-empire" />);
    expect(html).not.toContain('disabled');
  });

  it('refuses an unknown product (a developer error)', () => {
    expect(() => renderToStaticMarkup(<AddToCartButton productId="nope" />)).toThrow(/unknown product/);
  });
});
