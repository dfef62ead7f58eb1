/**
 * The order onboarding wizard: loads the signed-in client's order (Invalid Order otherwise),
 * resumes at the first unsaved step, saves each step before moving on, and after the last
 * one sends the client to their dashboard link. Typed answers survive a reload (localStorage).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { clearDraft, mergeDraft, readDraft, writeDraft } from '../../components/form/draft';
import '../../components/form/wizard.css';
import { LinkButton } from '../../components/form/LinkButton';
import { StepProgress, useStepFocus } from '../../components/form/wizard-chrome';
import {
  BusinessInfoStep,
  DesignPreferencesStep,
  ProjectDetailsStep,
  type Bind,
  type WizardValues,
} from './OnboardingSteps';
import {
  ONBOARDING_PRODUCTS,
  parseOnboardingPath,
  boughtProductName,
  misroutedOrderPath,
  productForOrder,
  STEP_ENDPOINTS,
  STEP_KEYS,
  STEP_SCHEMAS,
  STEP_TITLES,
  type OnboardingProduct,
  type StepKey,
} from './order-onboarding';
import type { OnboardingState } from './order-onboarding.server';
import {
  $order,
  $phase,
  $saving,
  cancelRedirect,
  loadOnboarding,
  previousStep,
  saveStep,
} from './order-onboarding.store';

const EMPTY: WizardValues = {
  businessInfo: {
    businessName: '',
    industry: '',
    contactName: '',
    email: '',
    phone: '',
    website: '',
    description: '',
    logoUrl: '',
    logoFile: '',
  },
  projectDetails: { goals: '', targetAudience: '', keyFeatures: '', timeline: '', competitors: '' },
  designPreferences: {
    colorPreferences: '',
    stylePreferences: '',
    logoUpload: false,
    inspirationalWebsites: '',
    additionalNotes: '',
  },
};

type Errors = Partial<Record<string, string>>;

const draftKey = (orderId: number) => `onboarding-draft:${orderId}`;

/** Saved answers, then this browser's draft on top (what was typed last wins). */
function initialValues(state: OnboardingState): WizardValues {
  const draft = readDraft(draftKey(state.order.id)) as
    Partial<Record<StepKey, unknown>> | undefined;
  const values = {} as WizardValues;
  for (const key of STEP_KEYS) {
    const saved = mergeDraft(EMPTY[key] as Record<string, unknown>, state.form?.[key]);
    (values as Record<StepKey, unknown>)[key] = mergeDraft(saved, draft?.[key]);
  }
  if (!values.businessInfo.contactName) values.businessInfo.contactName = state.order.customerName;
  if (!values.businessInfo.email) values.businessInfo.email = state.order.customerEmail;
  return values;
}

type Props = { pathname: string };

export default function OnboardingWizard({ pathname }: Props) {
  const route = parseOnboardingPath(pathname);
  const orderId = route?.orderId ?? null;
  const phase = useStore($phase);
  const state = useStore($order);
  const saving = useStore($saving);
  const [values, setValues] = useState<WizardValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
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

  /** The order whose saved answers and draft are in `values` (none until they are restored). */
  const [restoredFor, setRestoredFor] = useState<number | null>(null);
  const restore = (loaded: OnboardingState | null) => {
    if (!loaded) return;
    setValues(initialValues(loaded));
    setRestoredFor(loaded.order.id);
  };
  const load = async () => restore(await loadOnboarding(orderId));

  useEffect(() => {
    void loadOnboarding(orderId).then(restore);
    return cancelRedirect;
  }, [orderId]);

  // Keep the draft current while a step is being filled in (never before it was restored:
  // the store shows the step a render before the saved answers and draft are in place).
  useEffect(() => {
    if (state && restoredFor === state.order.id && phase.name === 'step')
      writeDraft(draftKey(state.order.id), values);
  }, [state, restoredFor, phase.name, values]);

  // New step or completion: back to the top, focus on the new heading.
  const step = useStepFocus(phase.name === 'step' ? phase.step : phase.name, headingRef);

  if (phase.name === 'invalid') return <InvalidOrder />;

  const setField = <K extends StepKey>(
    key: K,
    field: keyof WizardValues[K],
    value: string | boolean,
  ) => {
    setValues((v) => ({ ...v, [key]: { ...v[key], [field]: value } }));
    if (errors[field as string]) setErrors(({ [field as string]: _gone, ...rest }) => rest);
  };

  /** A text field's id, value, change handler and message, for `field` of step `key`. */
  const bind: Bind = (key, field) => ({
    id: field,
    value: String(values[key][field]),
    onChange: (v: string) => setField(key, field, v),
    error: errors[field],
  });

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase.name !== 'step' || !state || saving) return;
    const key = STEP_KEYS[phase.step]!;
    const parsed = STEP_SCHEMAS[key]().safeParse(values[key]);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    step.willMove();
    const saved = await saveStep(parsed.data);
    if (!saved) step.stay();
    else if (phase.step === STEP_KEYS.length - 1) clearDraft(draftKey(state.order.id));
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
              <button type="button" className="btn btn--sm" onClick={() => void load()}>
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
                onLogo={(logoUrl, logoFile) => {
                  setValues((v) => ({
                    ...v,
                    businessInfo: { ...v.businessInfo, logoUrl, logoFile },
                    designPreferences: {
                      ...v.designPreferences,
                      logoUpload: Boolean(logoUrl) || v.designPreferences.logoUpload,
                    },
                  }));
                }}
              />
            )}
            {phase.step === 1 && <ProjectDetailsStep bind={bind} kind={product.kind} />}
            {phase.step === 2 && (
              <DesignPreferencesStep
                bind={bind}
                kind={product.kind}
                useLogo={values.designPreferences.logoUpload}
                onUseLogo={(v) => setField('designPreferences', 'logoUpload', v)}
              />
            )}

            <div className="ob-nav">
              {phase.step > 0 ? (
                <button
                  type="button"
                  className="btn btn--outline"
                  onClick={() => {
                    step.willMove();
                    setErrors({});
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
