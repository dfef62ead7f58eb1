/**
 * /test-purchase-flow: the live cart (count, total, Clear Cart, Go to Checkout), the test
 * products with Add to Cart, and "Run Complete Test Suite", whose checks use the real cart
 * store and the real payment endpoints of this site.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CYCLE_LABEL, findItem, formatUsd } from '../catalogue/catalogue';
import { itemCountLabel } from '../cart/cart.store';
import {
  $cartCount,
  $cartItems,
  $cartTotal,
  addCatalogueItem,
  clearCart,
  loadCart,
} from '../cart/cart.store';
import { notify } from '../../lib/notifications';
import { TEST_PRODUCTS, purchaseFlowChecks, runSuite, type TestResult } from './test-mode';
import './test-mode.css';

const STATUS_BADGE: Record<TestResult['status'], string> = {
  passed: 'badge--success',
  failed: 'badge--danger',
  error: 'badge--accent',
};

/** The suite's cart: emptied silently, then filled through the store's own add rule. */
function fillCart(productIds: string[]) {
  loadCart([]);
  for (const id of productIds) {
    const product = TEST_PRODUCTS.find((p) => p.id === id);
    addCatalogueItem(id, product?.billingCycle, { notice: false, openPanel: false });
  }
  return { items: $cartItems.get(), total: $cartTotal.get() };
}

export default function TestPurchaseFlow({ publishableKey }: { publishableKey: string }) {
  const count = useStore($cartCount);
  const total = useStore($cartTotal);
  const [mounted, setMounted] = useState(false);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<TestResult[]>([]);

  useEffect(() => setMounted(true), []);

  async function runAll() {
    setRunning(true);
    setResults([]);
    const checks = purchaseFlowChecks({
      fetch: (input, init) => fetch(input, init),
      origin: window.location.origin,
      publishableKey,
      fillCart,
    });
    await runSuite(checks, (result) => setResults((previous) => [...previous, result]));
    setRunning(false);
    notify({
      title: 'Test Suite Complete',
      description: 'Purchase flow testing completed. Check results below.',
    });
  }

  const passed = results.filter((r) => r.status === 'passed').length;

  return (
    <div className="grid grid--2 test-page">
      <section className="card stack" aria-labelledby="cart-status-title">
        <h2 id="cart-status-title">Cart Status</h2>
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
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => clearCart()}
            disabled={!mounted || count === 0}
          >
            Clear Cart
          </button>
          <a className="btn btn--secondary" href="/checkout">
            Go to Checkout
          </a>
        </div>
        <div className="btn-row">
          <button
            type="button"
            className="btn"
            onClick={() => void runAll()}
            disabled={running || !mounted}
            aria-busy={running}
          >
            {running ? (
              <>
                <span className="spinner" aria-hidden="true" /> Running Tests...
              </>
            ) : (
              'Run Complete Test Suite'
            )}
          </button>
          <a className="btn btn--ghost" href="/products">
            View Products Page
          </a>
        </div>
      </section>

      <section className="card" aria-labelledby="test-products-title" id="test-products">
        <h2 id="test-products-title">Test Products</h2>
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
                <button
                  type="button"
                  className="btn btn--sm"
                  onClick={() => addCatalogueItem(product.id, product.billingCycle)}
                  disabled={!mounted}
                >
                  Add to Cart
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card" aria-labelledby="results-title">
        <h2 id="results-title">Test Results</h2>
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
        <h2 id="steps-title">Manual Test Steps</h2>
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
