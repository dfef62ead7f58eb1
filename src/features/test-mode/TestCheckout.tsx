/**
 * /test-checkout: simulate a payment for a package (mock order), submit the three
 * onboarding steps with canned data, then go to the client's dashboard after 3 seconds.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { requestJson } from '../../lib/request-json';
import { formatUsdWhole } from '../catalogue/catalogue';
import { notify } from '../../lib/notifications';
import { useHydrated } from '../../components/form/use-hydrated';
import { TEST_CHECKOUT_PACKAGES, TEST_REDIRECT_DELAY_MS, TEST_STEPS } from './test-mode';
import './test-mode.css';

type Phase = 'product-selection' | 'step-1' | 'step-2' | 'step-3' | 'completed';
type Order = { orderId: number; clientId: number | null };

const messageOf = (error: unknown) => errorMessage(error, 'Unknown error');

function label(key: string): string {
  return key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
}

function Progress({ phase }: { phase: Phase }) {
  const order: Phase[] = ['product-selection', 'step-1', 'step-2', 'step-3', 'completed'];
  const names = ['Payment', 'Step 1', 'Step 2', 'Step 3', 'Done'];
  const at = order.indexOf(phase);
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
  const [phase, setPhase] = useState<Phase>('product-selection');
  const [productId, setProductId] = useState<string>(TEST_CHECKOUT_PACKAGES[0].id);
  // A package picked before the island hydrated (the radios are plain HTML until then) is the
  // choice: hydration would otherwise put the default back under the visitor's click.
  useEffect(() => {
    const picked = document.querySelector<HTMLInputElement>('input[name="test-product"]:checked');
    if (picked && picked.value !== TEST_CHECKOUT_PACKAGES[0].id) setProductId(picked.value);
  }, []);
  const [order, setOrder] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  // Until hydration a click would do nothing: the buttons wait for their handlers.
  const hydrated = useHydrated();
  const [redirectFailed, setRedirectFailed] = useState(false);

  async function simulatePayment() {
    const pkg = TEST_CHECKOUT_PACKAGES.find((p) => p.id === productId) ?? TEST_CHECKOUT_PACKAGES[0];
    setBusy(true);
    try {
      const created = await requestJson<{ orderId: number; clientId: number | null }>(
        'POST',
        '/api/test/create-mock-order',
        {
          productId: pkg.id,
          productName: pkg.name,
          amount: pkg.price,
          stripePaymentIntentId: `pi_test_${Date.now()}`,
          status: 'completed',
        },
      );
      setOrder({ orderId: created.orderId, clientId: created.clientId });
      notify({
        title: 'Payment Successful',
        description: `Order created with ID: ${created.orderId}`,
      });
      setPhase('step-1');
    } catch (error) {
      notify({
        title: 'Error',
        description: `Failed to create test order: ${messageOf(error)}`,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  async function submitStep(n: 1 | 2 | 3) {
    const step = TEST_STEPS[n - 1];
    if (!order || !step) return;
    setBusy(true);
    try {
      await requestJson('POST', step.path, { orderId: order.orderId, data: step.data });
      notify({
        title: `Step ${n} Completed`,
        description: `${step.title} saved for order ${order.orderId}.`,
      });
      setPhase(n === 3 ? 'completed' : (`step-${n + 1}` as Phase));
    } catch (error) {
      notify({
        title: 'Error',
        description: `Failed to complete step ${n}: ${messageOf(error)}`,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  async function goToDashboard() {
    setRedirectFailed(false);
    try {
      const { dashboardUrl } = await requestJson<{ dashboardUrl?: string }>(
        'GET',
        `/api/gohighlevel/dashboard/${order?.clientId ?? ''}`,
      );
      if (!dashboardUrl) throw new Error('No dashboard link');
      window.location.assign(dashboardUrl);
    } catch (error) {
      console.error('Dashboard redirect failed', error);
      setRedirectFailed(true);
      notify({
        title: 'Redirect Error',
        description: 'Failed to redirect to dashboard. Please try again.',
        variant: 'destructive',
      });
    }
  }

  // The redirect reads the latest order, but only the phase change triggers it.
  const redirectLater = useEffectEvent(() => void goToDashboard());
  useEffect(() => {
    if (phase !== 'completed') return;
    const timer = setTimeout(redirectLater, TEST_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase]);

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
                  onChange={() => setProductId(pkg.id)}
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
            onClick={() => void simulatePayment()}
            disabled={busy || !hydrated}
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
                disabled={busy || !hydrated}
                aria-busy={busy}
              >
                {busy && <span className="spinner" aria-hidden="true" />} Submit Step {step.n}
              </button>
            </section>
          ),
      )}

      {phase === 'completed' && (
        <section className="card text-center stack" aria-labelledby="done-title">
          <h2 id="done-title">Test Checkout Complete!</h2>
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
