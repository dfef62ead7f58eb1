import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatUsdWhole } from '../catalogue/catalogue';
import { useIslandControl } from '../../page-runtime/use-island-form';
import { TEST_CHECKOUT_PACKAGES, TEST_STEPS } from './test-mode';
import {
  $redirectFailed,
  $testBusy,
  $testOrder,
  $testPhase,
  $testProductId,
  TEST_PHASES,
  goToDashboard,
  keepEarlyPick,
  pickProduct,
  simulatePayment,
  submitStep,
  type TestPhase,
} from './test-mode.store';
import './test-mode.css';

function label(key: string): string {
  return key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
}

function Progress({ phase }: { phase: TestPhase }) {
  const names = ['Payment', 'Step 1', 'Step 2', 'Step 3', 'Done'];
  const at = TEST_PHASES.indexOf(phase);
  return (
    <ol className="test-progress" aria-label="Test progress">
      {names.map((name, i) => (
        <li
          key={name}
          className={i < at ? 'is-done' : undefined}
          aria-current={i === at ? 'step' : undefined}
        >
          {name}
        </li>
      ))}
    </ol>
  );
}

export default function TestCheckout() {
  const phase = useStore($testPhase);
  const productId = useStore($testProductId);
  const order = useStore($testOrder);
  const busy = useStore($testBusy);
  const redirectFailed = useStore($redirectFailed);
  // Until hydration a click would do nothing: the buttons wait for their handlers.
  const simulateControl = useIslandControl<HTMLButtonElement>();
  // A package picked on the plain HTML before hydration stays picked.
  useEffect(() => keepEarlyPick(document), []);

  return (
    <div className="stack test-page">
      <Progress phase={phase} />

      {phase === 'product-selection' && (
        <section className="card" aria-labelledby="select-title">
          <h2 id="select-title">Choose a package</h2>
          <fieldset className="test-options">
            <legend className="sr-only">Package to purchase</legend>
            {TEST_CHECKOUT_PACKAGES.map((pkg) => (
              <label key={pkg.id} className="test-option">
                <input
                  type="radio"
                  name="test-product"
                  value={pkg.id}
                  checked={productId === pkg.id}
                  onChange={() => pickProduct(pkg.id)}
                />
                <span>
                  <strong>
                    {pkg.name.replace(' Website Package', '')} ({formatUsdWhole(pkg.price)})
                  </strong>
                  <span className="muted">{pkg.name}, one-time</span>
                </span>
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="btn"
            {...simulateControl}
            onClick={() => void simulatePayment()}
            disabled={busy}
            aria-busy={busy}
          >
            {busy && <span className="spinner" aria-hidden="true" />} Simulate Payment
          </button>
        </section>
      )}

      {TEST_STEPS.map(
        (step) =>
          phase === `step-${step.n}` && (
            <section key={step.n} className="card" aria-labelledby={`step-${step.n}-title`}>
              <h2 id={`step-${step.n}-title`}>
                Step {step.n} of 3: {step.title}
              </h2>
              <p className="muted">
                Order #{order?.orderId}. These canned answers are sent to the onboarding endpoint.
              </p>
              <dl className="test-data">
                {Object.entries(step.data).map(([key, value]) => (
                  <div key={key}>
                    <dt>{label(key)}</dt>
                    <dd>{String(value)}</dd>
                  </div>
                ))}
              </dl>
              <button
                type="button"
                className="btn"
                onClick={() => void submitStep(step.n)}
                disabled={busy}
                aria-busy={busy}
              >
                {busy && <span className="spinner" aria-hidden="true" />} Submit Step {step.n}
              </button>
            </section>
          ),
      )}

      {phase === 'completed' && (
        <section className="card text-center stack" aria-labelledby="done-title">
          <h2 id="done-title">Test checkout complete!</h2>
          <p role="status">
            {redirectFailed ? (
              'The dashboard link could not be opened.'
            ) : (
              <>
                <span className="spinner" aria-hidden="true" /> Order #{order?.orderId} is
                onboarded. Redirecting to your dashboard in 3 seconds…
              </>
            )}
          </p>
          {redirectFailed && (
            <div className="btn-row success-actions">
              <button type="button" className="btn" onClick={() => void goToDashboard()}>
                Try Again
              </button>
              <a className="btn btn--outline" href="/dashboard">
                Open Dashboard
              </a>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
