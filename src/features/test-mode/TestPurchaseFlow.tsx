import { useStore } from '@nanostores/react';
import { useEffect, useState, type ButtonHTMLAttributes } from 'react';
import { useIslandControl } from '../../page-runtime/use-island-form';
import { CYCLE_LABEL, findItem, formatUsd } from '../catalogue/catalogue';
import { itemCountLabel } from '../cart/cart.store';
import { $cartCount, $cartTotal, addCatalogueItem, clearCart } from '../cart/cart.store';
import { TEST_PRODUCTS, type TestResult } from './test-mode';
import { $suiteResults, $suiteRunning, runPurchaseFlowSuite } from './test-mode.store';
import './test-mode.css';

const STATUS_BADGE: Record<TestResult['status'], string> = {
  passed: 'badge--success',
  failed: 'badge--danger',
  error: 'badge--accent',
};

/** Never disabled for want of code: a press before hydration is held and replayed here. */
function IslandButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" {...props} {...useIslandControl<HTMLButtonElement>()} />;
}

export default function TestPurchaseFlow({ publishableKey }: { publishableKey: string }) {
  const count = useStore($cartCount);
  const total = useStore($cartTotal);
  const running = useStore($suiteRunning);
  const results = useStore($suiteResults);
  const [mounted, setMounted] = useState(false);

  useEffect(() => setMounted(true), []);

  const passed = results.filter((r) => r.status === 'passed').length;

  return (
    <div className="grid grid--2 test-page">
      <section className="card stack" aria-labelledby="cart-status-title">
        <h2 id="cart-status-title">Cart status</h2>
        <dl className="test-data">
          <div>
            <dt>Items in cart</dt>
            <dd className="test-stat" data-testid="test-cart-count">
              {mounted ? itemCountLabel(count) : '…'}
            </dd>
          </div>
          <div>
            <dt>Cart total</dt>
            <dd className="test-stat" data-testid="test-cart-total">
              {mounted ? formatUsd(total) : '…'}
            </dd>
          </div>
        </dl>
        <div className="btn-row">
          <IslandButton
            className="btn btn--outline"
            onClick={() => clearCart()}
            disabled={mounted && count === 0}
          >
            Clear Cart
          </IslandButton>
          <a className="btn btn--secondary" href="/checkout">
            Go to Checkout
          </a>
        </div>
        <div className="btn-row">
          <IslandButton
            className="btn"
            onClick={() => void runPurchaseFlowSuite(publishableKey)}
            disabled={running}
            aria-busy={running}
          >
            {running ? (
              <>
                <span className="spinner" aria-hidden="true" /> Running Tests...
              </>
            ) : (
              'Run Complete Test Suite'
            )}
          </IslandButton>
          <a className="btn btn--ghost" href="/products">
            View Products Page
          </a>
        </div>
      </section>

      <section className="card" aria-labelledby="test-products-title" id="test-products">
        <h2 id="test-products-title">Test products</h2>
        <ul className="test-products">
          {TEST_PRODUCTS.map((product) => {
            const name = findItem(product.id)?.name ?? product.id;
            return (
              <li key={product.id} className="test-product">
                <div>
                  <p>
                    <strong>{name}</strong>
                  </p>
                  <p className="muted">
                    {formatUsd(product.price)} · {CYCLE_LABEL[product.billingCycle]} ·{' '}
                    {product.type}
                  </p>
                </div>
                <IslandButton
                  className="btn btn--sm"
                  onClick={() => addCatalogueItem(product.id, product.billingCycle)}
                >
                  Add to Cart
                </IslandButton>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card" aria-labelledby="results-title">
        <h2 id="results-title">Test results</h2>
        <div aria-live="polite">
          {results.length === 0 ? (
            <p className="muted">
              {running ? 'Running…' : 'No tests run yet. Click "Run Complete Test Suite" to start.'}
            </p>
          ) : (
            <>
              <p>
                {passed} of {results.length} checks passed{running ? ' so far' : ''}.
              </p>
              <ul className="test-results">
                {results.map((result) => (
                  <li key={result.name} className="test-result">
                    <p>
                      <strong>{result.name}</strong>
                    </p>
                    <p>
                      <span className={`badge ${STATUS_BADGE[result.status]}`}>
                        {result.status}
                      </span>{' '}
                      <time className="muted" dateTime={result.timestamp}>
                        {new Date(result.timestamp).toLocaleTimeString('en-US')}
                      </time>
                    </p>
                    {result.error && <p className="test-result__error">{result.error}</p>}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </section>

      <section className="card" aria-labelledby="steps-title">
        <h2 id="steps-title">Manual test steps</h2>
        <ol className="test-shortcuts">
          <li>
            <a href="/products">1. Browse the products</a>
          </li>
          <li>
            <a href="#test-products">2. Add test products to the cart</a>
          </li>
          <li>
            <a href="/checkout">3. Go through checkout</a>
          </li>
          <li>
            <a href="/client-onboarding">4. Complete the client onboarding form</a>
          </li>
        </ol>
      </section>
    </div>
  );
}
