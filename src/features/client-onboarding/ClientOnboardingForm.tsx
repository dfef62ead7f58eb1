import { StepProgress, useStepFocus } from '../../components/form/wizard-chrome';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { notify } from '../../lib/notifications';
import { useIslandForm } from '../../page-runtime/use-island-form';
import { Honeypot } from '../../components/form/fields';
import '../../components/form/wizard.css';
import {
  CONFIRM_OUTCOMES,
  CONFIRM_PROMPT,
  confirmOutcome,
  confirmToken,
  HONEYPOT_FIELD,
  STAGE_COUNT,
  STAGES,
  stageErrors,
  stageHasRequiredFields,
  VALIDATION_NOTICE,
  type ClientOnboardingValues,
  type FieldErrors,
  type FieldName,
} from './client-onboarding';
import {
  $confirmation,
  $draft,
  $result,
  $submitting,
  clearClientOnboardingDraft,
  confirmAccount,
  showConfirmation,
  goToStage,
  restoreClientOnboarding,
  setClientOnboardingField,
  submitClientOnboarding,
} from './client-onboarding.store';
import { ClientOnboardingSuccess } from './ClientOnboardingSuccess';
import { BusinessStage, FinalStage, ProjectStage } from './ClientOnboardingStages';

type Props = { supportEmail: string };

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
  const confirmation = useStore($confirmation);
  // Read after hydration, so the server's HTML and the first render agree.
  useEffect(
    () =>
      showConfirmation(
        confirmToken(window.location.search),
        confirmOutcome(window.location.search),
      ),
    [],
  );

  const displayStage = result ? STAGE_COUNT : stage;

  // Spec: the page scrolls to top on each stage change; focus follows for screen readers.
  const stageFocus = useStepFocus(displayStage, headingRef);

  const set = <K extends FieldName>(field: K, value: ClientOnboardingValues[K]) => {
    setClientOnboardingField(field, value);
    setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const binding = { values, errors, set };

  const goTo = (next: number) => {
    stageFocus.willMove();
    setErrors({});
    goToStage(next);
  };

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

  if (result)
    return (
      <ClientOnboardingSuccess
        result={result}
        email={values.email}
        supportEmail={supportEmail}
        headingRef={headingRef}
      />
    );

  return (
    <div className="ob-card">
      {(confirmation.state === 'asking' || confirmation.state === 'sending') && (
        <div className="ob-notice" role="status">
          <p className="ob-notice__title">{CONFIRM_PROMPT.title}</p>
          <p>{CONFIRM_PROMPT.text}</p>
          <button
            type="button"
            className="btn"
            onClick={() => void confirmAccount()}
            disabled={confirmation.state === 'sending'}
            aria-busy={confirmation.state === 'sending'}
          >
            {confirmation.state === 'sending' ? CONFIRM_PROMPT.busy : CONFIRM_PROMPT.button}
          </button>
        </div>
      )}
      {confirmation.state === 'done' && (
        <div
          className={`ob-notice ${confirmation.outcome === 'invalid' ? 'ob-notice--error' : ''}`}
          role={confirmation.outcome === 'invalid' ? 'alert' : 'status'}
        >
          <p className="ob-notice__title">{CONFIRM_OUTCOMES[confirmation.outcome].title}</p>
          <p>
            {CONFIRM_OUTCOMES[confirmation.outcome].text}{' '}
            {confirmation.outcome === 'invalid' && (
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            )}
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
          {stage === 0 && <BusinessStage {...binding} />}
          {stage === 1 && <ProjectStage {...binding} />}
          {stage === 2 && <FinalStage {...binding} />}
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
          {stage > 0 && (
            <button type="button" className="btn btn--outline" onClick={() => goTo(stage - 1)}>
              Previous
            </button>
          )}
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
