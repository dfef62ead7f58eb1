/**
 * The order onboarding wizard: loads the signed-in client's order (Invalid Order otherwise),
 * resumes at the first unsaved step, saves each step before moving on, and after the last
 * one sends the client to their dashboard link. Typed answers survive a reload (localStorage).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { clearDraft, mergeDraft, readDraft, writeDraft } from '../../components/form/draft';
import { CheckboxField, TextAreaField, TextField } from '../../components/form/wizard-fields';
import '../../components/form/wizard.css';
import { LinkButton } from '../../components/form/LinkButton';
import { LogoUpload } from './LogoUpload';
import {
  ONBOARDING_PRODUCTS,
  parseOnboardingPath,
  productForOrder,
  STEP_ENDPOINTS,
  STEP_KEYS,
  STEP_SCHEMAS,
  STEP_TITLES,
  type OnboardingProduct,
  type StepKey,
} from './onboarding';
import type { OnboardingState } from './onboarding.server';
import {
  $order,
  $phase,
  $saving,
  cancelRedirect,
  loadOnboarding,
  previousStep,
  saveStep,
} from './onboarding.store';

type Values = {
  businessInfo: {
    businessName: string;
    industry: string;
    contactName: string;
    email: string;
    phone: string;
    website: string;
    description: string;
    logoUrl: string;
    logoFile: string;
  };
  projectDetails: {
    goals: string;
    targetAudience: string;
    keyFeatures: string;
    timeline: string;
    competitors: string;
  };
  designPreferences: {
    colorPreferences: string;
    stylePreferences: string;
    logoUpload: boolean;
    inspirationalWebsites: string;
    additionalNotes: string;
  };
};

const EMPTY: Values = {
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
function initialValues(state: OnboardingState): Values {
  const draft = readDraft(draftKey(state.order.id)) as
    Partial<Record<StepKey, unknown>> | undefined;
  const values = {} as Values;
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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const moved = useRef(false);

  const product: OnboardingProduct = route
    ? productForOrder(route, state?.order.productId)
    : ONBOARDING_PRODUCTS.starter;
  const titles = STEP_TITLES[product.kind];

  const load = async () => {
    const loaded = await loadOnboarding(orderId);
    if (loaded) setValues(initialValues(loaded));
  };

  useEffect(() => {
    void loadOnboarding(orderId).then((loaded) => loaded && setValues(initialValues(loaded)));
    return cancelRedirect;
  }, [orderId]);

  // Keep the draft current while a step is being filled in.
  useEffect(() => {
    if (state && phase.name === 'step') writeDraft(draftKey(state.order.id), values);
  }, [state, phase.name, values]);

  // New step or completion: back to the top, focus on the new heading (spec + screen readers).
  const stepKey = phase.name === 'step' ? phase.step : phase.name;
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    // 'instant' overrides the global smooth scrolling, so the new step starts at the very top.
    window.scrollTo({ top: 0, behavior: 'instant' });
    headingRef.current?.focus({ preventScroll: true });
  }, [stepKey]);

  if (phase.name === 'invalid') return <InvalidOrder />;

  const setField = <K extends StepKey>(key: K, field: keyof Values[K], value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: { ...v[key], [field]: value } }));
    if (errors[field as string]) setErrors(({ [field as string]: _gone, ...rest }) => rest);
  };

  /** A text field's id, value, change handler and message, for `field` of step `key`. */
  const bind = <K extends StepKey>(key: K, field: keyof Values[K] & string) => ({
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
    moved.current = true;
    const saved = await saveStep(parsed.data);
    if (!saved) moved.current = false;
    else if (phase.step === STEP_KEYS.length - 1) clearDraft(draftKey(state.order.id));
  };

  const stepIndex = phase.name === 'step' ? phase.step : 3;

  return (
    <div className="ob-wizard">
      <header className="ob-head">
        <p className="eyebrow">Onboarding{state ? ` · Order ${state.order.orderNumber}` : ''}</p>
        <h1>{product.name}</h1>
        <p className="lead">{product.description}</p>
      </header>

      <div className="ob-card">
        <div className="ob-progress">
          <p className="ob-progress__label">
            {stepIndex < 3 ? `Step ${stepIndex + 1} of 3` : 'All 3 steps complete'}
          </p>
          <progress
            max={3}
            value={stepIndex < 3 ? stepIndex + 1 : 3}
            aria-label={
              stepIndex < 3
                ? `Step ${stepIndex + 1} of 3: ${titles[stepIndex]}`
                : 'Onboarding complete'
            }
          />
        </div>

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
            <p>Thank you! We have everything we need to get started on your {product.name}.</p>
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
              <>
                <div className="ob-grid">
                  <TextField
                    {...bind('businessInfo', 'businessName')}
                    label="Business name"
                    required
                    autoComplete="organization"
                  />
                  <TextField {...bind('businessInfo', 'industry')} label="Industry" required />
                  <TextField
                    {...bind('businessInfo', 'contactName')}
                    label="Contact name"
                    required
                    autoComplete="name"
                  />
                  <TextField
                    {...bind('businessInfo', 'email')}
                    label="Email address"
                    type="email"
                    inputMode="email"
                    required
                    autoComplete="email"
                  />
                  <TextField
                    {...bind('businessInfo', 'phone')}
                    label="Phone number"
                    type="tel"
                    inputMode="tel"
                    required
                    autoComplete="tel"
                  />
                  <TextField
                    {...bind('businessInfo', 'website')}
                    label="Website"
                    autoComplete="url"
                    hint="Optional"
                  />
                </div>
                <TextAreaField
                  {...bind('businessInfo', 'description')}
                  label="Business description"
                  required
                  hint="What you do, who you serve and what makes you different."
                />
                <LogoUpload
                  orderId={state.order.id}
                  logoUrl={values.businessInfo.logoUrl}
                  logoFile={values.businessInfo.logoFile}
                  error={errors.logoUrl}
                  onChange={(logoUrl, logoFile) => {
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
              </>
            )}

            {phase.step === 1 && (
              <>
                <TextAreaField
                  {...bind('projectDetails', 'goals')}
                  label="Project goals"
                  required
                  hint={GOAL_HINT[product.kind]}
                />
                <TextAreaField
                  {...bind('projectDetails', 'targetAudience')}
                  label="Target audience"
                  required
                  rows={3}
                />
                <TextAreaField
                  {...bind('projectDetails', 'keyFeatures')}
                  label="Key features"
                  required
                  hint={FEATURE_HINT[product.kind]}
                />
                <div className="ob-grid">
                  <TextField
                    {...bind('projectDetails', 'timeline')}
                    label="Timeline"
                    required
                    hint="For example: within 6 weeks"
                  />
                  <TextField
                    {...bind('projectDetails', 'competitors')}
                    label="Competitors"
                    hint="Optional"
                  />
                </div>
              </>
            )}

            {phase.step === 2 && (
              <>
                <TextAreaField
                  {...bind('designPreferences', 'stylePreferences')}
                  label="Style preferences"
                  required
                  rows={3}
                  hint={STYLE_HINT[product.kind]}
                />
                <TextField
                  {...bind('designPreferences', 'colorPreferences')}
                  label="Colour preferences"
                  hint="Optional"
                />
                <TextAreaField
                  {...bind('designPreferences', 'inspirationalWebsites')}
                  label="Inspirational websites"
                  rows={3}
                  hint="Optional: sites or accounts you like, and why."
                />
                <CheckboxField
                  id="logoUpload"
                  checked={values.designPreferences.logoUpload}
                  onChange={(v) => setField('designPreferences', 'logoUpload', v)}
                >
                  Use my logo in the design
                </CheckboxField>
                <TextAreaField
                  {...bind('designPreferences', 'additionalNotes')}
                  label="Additional notes"
                  rows={3}
                  hint="Optional"
                />
              </>
            )}

            <div className="ob-nav">
              {phase.step > 0 ? (
                <button
                  type="button"
                  className="btn btn--outline"
                  onClick={() => {
                    moved.current = true;
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

const GOAL_HINT = {
  website: 'What should your new website achieve for your business?',
  social: 'What should your social media achieve: more followers, leads, bookings?',
  agent: 'What should Lily handle for you: questions, bookings, lead qualification?',
} as const;

const FEATURE_HINT = {
  website: 'Pages and functions you need, e.g. booking, online store, contact forms.',
  social: 'Platforms and content types you want, e.g. Instagram reels, TikTok, YouTube Shorts.',
  agent: 'Channels and tasks, e.g. phone calls, website chat, appointment booking, languages.',
} as const;

const STYLE_HINT = {
  website: 'For example: clean and modern, warm and friendly, bold and colourful.',
  social: 'The tone and look of your content, e.g. playful, educational, premium.',
  agent: 'How Lily should sound, and the tools she should connect to (calendar, CRM, helpdesk).',
} as const;

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
