/**
 * The /client-onboarding form: three stages (Business Information, Project Requirements,
 * Final Details) and a success stage with the client's portal credentials. Each Next checks
 * only the current stage; the draft survives a reload.
 */
import { StepProgress, useStepFocus } from '../../components/form/wizard-chrome';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { notify } from '../../lib/notifications';
import { useIslandForm } from '../../components/form/form';
import {
  CheckboxField,
  Honeypot,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/form/fields';
import { LinkButton } from '../../components/form/LinkButton';
import '../../components/form/wizard.css';
import {
  ACCESSIBILITY_LEVELS,
  ANALYTICS_TRACKING,
  BRAND_STYLES,
  BUSINESS_TYPES,
  CONTENT_CREATION,
  CONTENT_MIGRATION,
  DOMAIN_STATUSES,
  EXISTING_ASSETS,
  HONEYPOT_FIELD,
  HOSTING_PREFERENCES,
  IMAGE_SOURCES,
  MAINTENANCE_PLANS,
  NUMBER_OF_PAGES,
  PROJECT_BUDGETS,
  PROJECT_TYPES,
  REFERRAL_SOURCES,
  SECURITY_REQUIREMENTS,
  SEO_REQUIREMENTS,
  STAGE_COUNT,
  STAGES,
  stageErrors,
  stageHasRequiredFields,
  TIMELINES,
  VALIDATION_NOTICE,
  WEBSITE_TYPES,
  YEARS_IN_BUSINESS,
  type ClientOnboardingResponse,
  type ClientOnboardingValues,
  type FieldErrors,
  type FieldName,
  CONFIRM_OUTCOMES,
  confirmOutcome,
  type ConfirmOutcome,
} from './client-onboarding';
import {
  $draft,
  $result,
  $submitting,
  clearClientOnboardingDraft,
  goToStage,
  restoreClientOnboarding,
  setClientOnboardingField,
  submitClientOnboarding,
} from './client-onboarding.store';

type Props = { supportEmail: string };

/** The product the form is for: `?product=advanced`, else starter (the server checks it exists). */
function productFromQuery(): string {
  const requested = new URLSearchParams(window.location.search).get('product');
  return requested && /^[a-z0-9-]{1,64}$/.test(requested) ? requested : 'starter';
}

export default function ClientOnboardingForm({ supportEmail }: Props) {
  const { values, stage } = useStore($draft);
  // Rendered enabled: what is typed before hydration is adopted with the draft in one change.
  const island = useIslandForm(restoreClientOnboarding);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitting = useStore($submitting);
  const result = useStore($result);
  // The honeypot stays out of the draft; only a bot fills it.
  const [honeypot, setHoneypot] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Read after hydration, so the server's HTML and the first render agree.
  const [outcome, setOutcome] = useState<ConfirmOutcome | null>(null);
  useEffect(() => setOutcome(confirmOutcome(window.location.search)), []);

  const displayStage = result ? STAGE_COUNT : stage;

  // Spec: the page scrolls to top on each stage change; focus follows for screen readers.
  const stageFocus = useStepFocus(displayStage, headingRef);

  const set = <K extends FieldName>(field: K, value: ClientOnboardingValues[K]) => {
    setClientOnboardingField(field, value);
    setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const goTo = (next: number) => {
    stageFocus.willMove();
    setErrors({});
    goToStage(next);
  };

  /** Shows the stage's errors; true when the stage is fine. */
  const checkStage = (): boolean => {
    const { stage: shown, values: typed } = $draft.get();
    const found = stageErrors(shown, typed);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (!first) return true;
    notify({ ...VALIDATION_NOTICE, variant: 'destructive' });
    island.ref.current?.querySelector<HTMLElement>(`#${first}`)?.focus();
    return false;
  };

  // Next and Submit both submit the form, so a press before hydration is held by the page and
  // replayed by the island (useIslandForm) like the contact form's.
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const shown = $draft.get().stage;
    if (!checkStage()) return;
    if (shown < STAGE_COUNT - 1) return goTo(shown + 1);
    if ($submitting.get()) return;
    stageFocus.willMove();
    const sent = await submitClientOnboarding($draft.get().values, {
      productId: productFromQuery(),
      honeypot,
    });
    if (sent) clearClientOnboardingDraft();
    else stageFocus.stay();
  };

  const text = (
    field: FieldName,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={field}
      label={label}
      value={values[field] as string}
      onChange={(v) => set(field, v)}
      error={errors[field]}
      {...extra}
    />
  );
  const area = (field: FieldName, label: string, hint?: string) => (
    <TextAreaField
      id={field}
      label={label}
      hint={hint}
      value={values[field] as string}
      onChange={(v) => set(field, v)}
      error={errors[field]}
    />
  );
  const select = (
    field: FieldName,
    label: string,
    options: readonly { value: string; label: string }[],
    extra: { required?: boolean; placeholder?: string; noPlaceholder?: boolean } = {},
  ) => (
    <SelectField
      id={field}
      label={label}
      options={options}
      placeholder={extra.noPlaceholder ? undefined : (extra.placeholder ?? 'Select an option')}
      required={extra.required}
      value={values[field] as string}
      onChange={(v) => set(field, v)}
      error={errors[field]}
    />
  );

  if (result)
    return (
      <Success
        result={result}
        email={values.email}
        supportEmail={supportEmail}
        headingRef={headingRef}
      />
    );

  return (
    <div className="ob-card">
      {outcome && (
        <div
          className={`ob-notice ${outcome === 'invalid' ? 'ob-notice--error' : ''}`}
          role={outcome === 'invalid' ? 'alert' : 'status'}
        >
          <p className="ob-notice__title">{CONFIRM_OUTCOMES[outcome].title}</p>
          <p>
            {CONFIRM_OUTCOMES[outcome].text}{' '}
            {outcome === 'invalid' && <a href={`mailto:${supportEmail}`}>{supportEmail}</a>}
          </p>
        </div>
      )}
      <StepProgress
        label={`Step ${stage + 1} of ${STAGE_COUNT}`}
        max={STAGE_COUNT}
        value={stage + 1}
        ariaLabel={`Step ${stage + 1} of ${STAGE_COUNT}`}
      />

      <form {...island.props} noValidate onSubmit={onSubmit} aria-labelledby="co-stage-title">
        <h2 id="co-stage-title" ref={headingRef} tabIndex={-1} className="ob-step-title">
          {STAGES[stage]!.title}
        </h2>
        <p className="muted ob-required-note">
          {stageHasRequiredFields(stage) ? (
            <>
              Fields marked <span className="required-mark">*</span> are required.
            </>
          ) : (
            'Every field on this step is optional.'
          )}
        </p>

        <fieldset className="ob-bare">
          {stage === 0 && (
            <>
              <div className="ob-grid">
                {text('fullName', 'Full name', { required: true, autoComplete: 'name' })}
                {text('email', 'Email address', {
                  required: true,
                  type: 'email',
                  autoComplete: 'email',
                  inputMode: 'email',
                })}
                {text('businessName', 'Business name', {
                  required: true,
                  autoComplete: 'organization',
                })}
                {text('phone', 'Phone number', {
                  required: true,
                  type: 'tel',
                  autoComplete: 'tel',
                  inputMode: 'tel',
                })}
                {select('businessType', 'Business type', BUSINESS_TYPES, {
                  required: true,
                  placeholder: 'Select a business type',
                })}
                {text('website', 'Current website', {
                  type: 'url',
                  autoComplete: 'url',
                  inputMode: 'url',
                  hint: 'Optional, e.g. https://example.com',
                })}
                {select('yearsInBusiness', 'Years in business', YEARS_IN_BUSINESS)}
              </div>
              {area(
                'businessDescription',
                'Business description',
                'What does your business do, and what makes it different?',
              )}
              {area('productsServices', 'Products and services')}
            </>
          )}

          {stage === 1 && (
            <>
              <fieldset className="ob-fieldset">
                <legend>Project overview</legend>
                <div className="ob-grid">
                  {select('projectType', 'Project type', PROJECT_TYPES, { noPlaceholder: true })}
                  {select('websiteType', 'Website type', WEBSITE_TYPES)}
                  {select('projectBudget', 'Project budget', PROJECT_BUDGETS)}
                  {select('timeline', 'Timeline', TIMELINES)}
                </div>
                {area(
                  'goalsObjectives',
                  'Goals and objectives',
                  'What should the new website achieve for your business?',
                )}
                {area('targetAudience', 'Target audience')}
                {area(
                  'competitors',
                  'Competitors',
                  'Websites of competitors you admire or want to stand out from.',
                )}
                {area('projectNotes', 'Project notes')}
              </fieldset>
              <fieldset className="ob-fieldset">
                <legend>Content and pages</legend>
                <div className="ob-grid">
                  {select('numberOfPages', 'Number of pages', NUMBER_OF_PAGES)}
                  {select('contentCreation', 'Content creation', CONTENT_CREATION)}
                  {select('imageSource', 'Images', IMAGE_SOURCES)}
                  {select('contentMigration', 'Content migration', CONTENT_MIGRATION, {
                    noPlaceholder: true,
                  })}
                </div>
                {area(
                  'requiredPages',
                  'Required pages',
                  'For example: Home, About, Services, Contact.',
                )}
                {area(
                  'functionalRequirements',
                  'Functional requirements',
                  'Booking, payments, forms, members area…',
                )}
                {area(
                  'integrationRequirements',
                  'Integrations',
                  'Tools the site should connect to, e.g. your CRM or calendar.',
                )}
              </fieldset>
              <fieldset className="ob-fieldset">
                <legend>Technical preferences</legend>
                <div className="ob-grid">
                  {select('domainStatus', 'Domain', DOMAIN_STATUSES, { noPlaceholder: true })}
                  {select('hostingPreference', 'Hosting', HOSTING_PREFERENCES, {
                    noPlaceholder: true,
                  })}
                  {select('seoRequirements', 'SEO', SEO_REQUIREMENTS, { noPlaceholder: true })}
                  {select('websiteAccessibility', 'Accessibility', ACCESSIBILITY_LEVELS, {
                    noPlaceholder: true,
                  })}
                  {select('maintenancePlan', 'Maintenance plan', MAINTENANCE_PLANS, {
                    noPlaceholder: true,
                  })}
                  {select('analyticsTracking', 'Analytics', ANALYTICS_TRACKING, {
                    noPlaceholder: true,
                  })}
                  {select('securityRequirements', 'Security', SECURITY_REQUIREMENTS, {
                    noPlaceholder: true,
                  })}
                </div>
              </fieldset>
            </>
          )}

          {stage === 2 && (
            <>
              <fieldset className="ob-fieldset">
                <legend>Design</legend>
                <div className="ob-grid">
                  {select('brandStyle', 'Brand style', BRAND_STYLES)}
                  {select('existingAssets', 'Existing brand assets', EXISTING_ASSETS)}
                </div>
                {area('colorPreferences', 'Colour preferences')}
                {area(
                  'inspirationalWebsites',
                  'Websites you like',
                  'Links and what you like about them.',
                )}
                {area('designDislikes', 'Anything you dislike')}
              </fieldset>
              <fieldset className="ob-fieldset">
                <legend>Anything else</legend>
                {area('additionalRequirements', 'Additional requirements')}
                {select('referralSource', 'How did you hear about us?', REFERRAL_SOURCES)}
                {area('questions', 'Questions for us')}
              </fieldset>
              <CheckboxField
                id="termsAccepted"
                required
                checked={values.termsAccepted}
                onChange={(v) => set('termsAccepted', v)}
                error={errors.termsAccepted}
              >
                I confirm that the information provided is accurate, and I authorize NovaReach
                Digital to create a marketing platform account on my behalf.
              </CheckboxField>
            </>
          )}
        </fieldset>

        {/* As on the contact and meeting forms; named apart from the real "website" field. */}
        <Honeypot
          id={`co-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          label="Homepage"
          value={honeypot}
          onChange={setHoneypot}
        />

        <div className="ob-nav">
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => goTo(stage - 1)}
            disabled={stage === 0}
          >
            Previous
          </button>
          {/* Distinct keys: the pressed Next leaves and a new Submit button takes its place, so
              React never turns the button being pressed into another one. */}
          {stage < STAGE_COUNT - 1 ? (
            <button key="next" type="submit" className="btn">
              Next
            </button>
          ) : (
            <button
              key="submit"
              type="submit"
              className="btn"
              disabled={submitting}
              aria-busy={submitting || undefined}
            >
              {submitting && <span className="spinner" aria-hidden="true" />}
              {submitting ? 'Submitting…' : 'Submit'}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

function Success({
  result,
  email,
  supportEmail,
  headingRef,
}: {
  result: ClientOnboardingResponse;
  email: string;
  supportEmail: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const hasCredentials = Boolean(result.tempPassword && result.redirectUrl);
  return (
    <div className="ob-card ob-success">
      {result.simulated && (
        <div className="ob-notice ob-notice--demo" role="note">
          <p className="ob-notice__title">Demo Mode</p>
          <p>
            {hasCredentials
              ? 'This site is running without a live marketing platform connection, so no client portal account was created and the sign-in details below work nowhere. The demo portal shows what your portal will hold once it is connected.'
              : 'This site is running without a live marketing platform connection, so no client portal account will be created; the confirmation link in your e-mail opens the demo portal.'}
          </p>
        </div>
      )}
      {hasCredentials ? (
        <>
          <h2 ref={headingRef} tabIndex={-1} className="ob-step-title">
            Your Client Portal Is Ready
          </h2>
          <p>
            Sign in with these details. Please change the temporary password after your first
            sign-in.
          </p>
          <dl className="ob-credentials">
            <div>
              <dt>Login email</dt>
              <dd>{email}</dd>
            </div>
            <div>
              <dt>Temporary password</dt>
              <dd>
                <code>{result.tempPassword}</code>
              </dd>
            </div>
            {result.locationId && (
              <div>
                <dt>Account ID</dt>
                <dd>
                  <code>{result.locationId}</code>
                </dd>
              </div>
            )}
          </dl>
          <span id="co-portal-new-tab" hidden>
            Opens in a new tab
          </span>
          <div className="btn-row">
            <LinkButton
              className="btn"
              href={result.redirectUrl!}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby="co-portal-new-tab"
            >
              {result.simulated ? 'View Demo Client Portal' : 'Open Client Portal'}
            </LinkButton>
            <a className="btn btn--outline" href="/">
              Back to Home
            </a>
          </div>
        </>
      ) : (
        <>
          <h2 ref={headingRef} tabIndex={-1} className="ob-step-title">
            Account Creation In Progress
          </h2>
          <p>
            Thank you! We have received your information. Our team is setting up your marketing
            platform account and will email your login details to <strong>{email}</strong> shortly.
          </p>
          <p className="muted">
            Questions in the meantime? Write to{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
          <div className="btn-row">
            <a className="btn btn--outline" href="/">
              Back to Home
            </a>
          </div>
        </>
      )}
    </div>
  );
}
