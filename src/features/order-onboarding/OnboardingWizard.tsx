import { useStore } from '@nanostores/react';
import { useEffect, useRef, type SubmitEvent } from 'react';
import '../../components/form/wizard.css';
import { LinkButton } from '../../components/form/LinkButton';
import { StepProgress, useStepFocus } from '../../components/form/wizard-chrome';
import {
  BusinessInfoStep,
  DesignPreferencesStep,
  ProjectDetailsStep,
  type Bind,
} from './OnboardingSteps';
import {
  ONBOARDING_PRODUCTS,
  parseOnboardingPath,
  boughtProductName,
  misroutedOrderPath,
  productForOrder,
  STEP_ENDPOINTS,
  STEP_KEYS,
  STEP_TITLES,
  type OnboardingProduct,
} from './order-onboarding';
import {
  $order,
  $phase,
  $saving,
  $stepErrors,
  cancelRedirect,
  checkStep,
  loadOnboarding,
  previousStep,
  saveStep,
  setAnswer,
  stepForms,
} from './order-onboarding.store';

type Props = { pathname: string };

export default function OnboardingWizard({ pathname }: Props) {
  const route = parseOnboardingPath(pathname);
  const orderId = route?.orderId ?? null;
  const phase = useStore($phase);
  const state = useStore($order);
  const saving = useStore($saving);
  const values = {
    businessInfo: useStore(stepForms.businessInfo.$values),
    projectDetails: useStore(stepForms.projectDetails.$values),
    designPreferences: useStore(stepForms.designPreferences.$values),
  };
  const errors = useStore($stepErrors);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const product: OnboardingProduct = route
    ? productForOrder(route, state?.order.productId)
    : ONBOARDING_PRODUCTS.starter;
  const titles = STEP_TITLES[product.kind];
  // The product bought ("Lily AI Sales Agent"), not the route's family name.
  const productName = boughtProductName(product, state?.order.productId);

  // An order opened under another product's route (an old link, a typed URL) moves to its own.
  const misrouted = route && state ? misroutedOrderPath(route, state.order) : null;
  useEffect(() => {
    if (misrouted) window.location.replace(misrouted);
  }, [misrouted]);

  useEffect(() => {
    void loadOnboarding(orderId);
    return cancelRedirect;
  }, [orderId]);

  const step = useStepFocus(phase.name === 'step' ? phase.step : phase.name, headingRef);

  if (phase.name === 'invalid') return <InvalidOrder />;

  const bind: Bind = (key, field) => ({
    id: field,
    value: String(values[key][field]),
    onChange: (v: string) => setAnswer(key, field, v),
    error: errors[field],
  });

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkStep();
    if (!checked) return;
    if ('invalid' in checked) {
      if (checked.invalid)
        formRef.current?.querySelector<HTMLElement>(`[name="${checked.invalid}"]`)?.focus();
      return;
    }
    step.willMove();
    if (!(await saveStep(checked.data))) step.stay();
  };

  const stepIndex = phase.name === 'step' ? phase.step : 3;

  return (
    <div className="ob-wizard">
      <header className="ob-head">
        <p className="eyebrow">Onboarding{state ? ` · Order ${state.order.orderNumber}` : ''}</p>
        <h1>{productName}</h1>
        <p className="lead">{product.description}</p>
      </header>

      <div className="ob-card">
        <StepProgress
          label={stepIndex < 3 ? `Step ${stepIndex + 1} of 3` : 'All 3 steps complete'}
          max={3}
          value={stepIndex < 3 ? stepIndex + 1 : 3}
          ariaLabel={
            stepIndex < 3
              ? `Step ${stepIndex + 1} of 3: ${titles[stepIndex]}`
              : 'Onboarding complete'
          }
        />

        {phase.name === 'loading' && (
          <div className="ob-center" role="status">
            <span className="spinner" aria-hidden="true" />
            <p>Loading your onboarding…</p>
          </div>
        )}

        {phase.name === 'unavailable' && (
          <div className="ob-notice ob-notice--error" role="alert">
            <p className="ob-notice__title">We could not load your onboarding.</p>
            <p>Please check your connection and try again.</p>
            <p>
              <button
                type="button"
                className="btn btn--sm"
                onClick={() => void loadOnboarding(orderId)}
              >
                Try again
              </button>
            </p>
          </div>
        )}

        {phase.name === 'completed' && (
          <div className="ob-center">
            <h2 ref={headingRef} tabIndex={-1} className="ob-step-title">
              Onboarding Complete!
            </h2>
            <p>Thank you! We have everything we need to get started on your {productName}.</p>
            {phase.redirecting ? (
              <div role="status" className="ob-center">
                <span className="spinner" aria-hidden="true" />
                <p>Redirecting you to your dashboard…</p>
              </div>
            ) : (
              <a className="btn" href="/dashboard">
                Go to your dashboard
              </a>
            )}
          </div>
        )}

        {phase.name === 'step' && state && (
          <form ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby="ob-step-title">
            <h2 id="ob-step-title" ref={headingRef} tabIndex={-1} className="ob-step-title">
              {titles[phase.step]}
            </h2>
            <p className="muted ob-required-note">
              Fields marked <span className="required-mark">*</span> are required.
            </p>

            {phase.step === 0 && (
              <BusinessInfoStep
                bind={bind}
                orderId={state.order.id}
                logo={values.businessInfo}
                logoError={errors.logoUrl}
              />
            )}
            {phase.step === 1 && <ProjectDetailsStep bind={bind} kind={product.kind} />}
            {phase.step === 2 && (
              <DesignPreferencesStep
                bind={bind}
                kind={product.kind}
                useLogo={values.designPreferences.logoUpload}
                onUseLogo={(v) => setAnswer('designPreferences', 'logoUpload', v)}
              />
            )}

            <div className="ob-nav">
              {phase.step > 0 ? (
                <button
                  type="button"
                  className="btn btn--outline"
                  onClick={() => {
                    step.willMove();
                    previousStep();
                  }}
                >
                  Back
                </button>
              ) : (
                <span />
              )}
              <button
                type="submit"
                className="btn"
                disabled={saving}
                aria-busy={saving || undefined}
              >
                {saving && <span className="spinner" aria-hidden="true" />}
                {STEP_ENDPOINTS[STEP_KEYS[phase.step]!].button}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}

function InvalidOrder() {
  return (
    <div className="ob-card ob-center ob-invalid">
      <h1>Invalid Order</h1>
      <p>The onboarding session you're trying to access is invalid.</p>
      <p className="muted">
        If you bought something, open the link in your order confirmation e-mail, or sign in on your
        dashboard.
      </p>
      <div className="btn-row">
        <LinkButton className="btn" href="/products">
          View Products
        </LinkButton>
        <a className="btn btn--outline" href="/dashboard">
          Go to your dashboard
        </a>
      </div>
    </div>
  );
}
