import { atom } from 'nanostores';
import { clearDraft, mergeDraft, readDraft, writeDraft } from '../../components/form/draft';
import { typedBeforeHydration } from '../../components/form/form-store';
import { notify } from '../../lib/notifications';
import { RequestError, requestJson } from '../../lib/request-json';
import {
  CLIENT_ONBOARDING_DEFAULTS,
  HONEYPOT_FIELD,
  STAGE_COUNT,
  SUBMIT_ERROR_FALLBACK,
  type ClientOnboardingResponse,
  type ClientOnboardingValues,
  type ConfirmOutcome,
  type ConfirmResponse,
  type FieldName,
} from './client-onboarding';

export const DRAFT_KEY = 'client-onboarding-draft';

type ClientOnboardingDraft = { values: ClientOnboardingValues; stage: number };

const START: ClientOnboardingDraft = { values: { ...CLIENT_ONBOARDING_DEFAULTS }, stage: 0 };

export const $draft = atom<ClientOnboardingDraft>(START);

/** Written to localStorage only once the saved draft was read: never over it with defaults. */
let restored = false;

function change(next: ClientOnboardingDraft) {
  $draft.set(next);
  if (restored) writeDraft(DRAFT_KEY, next);
}

/** A saved draft, checked field by field (a stale or tampered one never puts odd values in). */
function draftFrom(saved: unknown): ClientOnboardingDraft | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { values, stage } = saved as Partial<ClientOnboardingDraft>;
  return {
    values: mergeDraft({ ...CLIENT_ONBOARDING_DEFAULTS } as ClientOnboardingValues, values),
    stage: typeof stage === 'number' && stage >= 0 && stage < STAGE_COUNT ? Math.floor(stage) : 0,
  };
}

// At hydration, in one change: the saved draft, then what was typed into the server-rendered
// first stage meanwhile (the newest answers).
export function restoreClientOnboarding(form: HTMLFormElement): void {
  const saved = draftFrom(readDraft(DRAFT_KEY)) ?? START;
  const typed = typedBeforeHydration(form, CLIENT_ONBOARDING_DEFAULTS as ClientOnboardingValues);
  restored = true;
  change(Object.keys(typed).length ? { values: { ...saved.values, ...typed }, stage: 0 } : saved);
}

export function setClientOnboardingField<K extends FieldName>(
  field: K,
  value: ClientOnboardingValues[K],
): void {
  const draft = $draft.get();
  change({ ...draft, values: { ...draft.values, [field]: value } });
}

export function goToStage(stage: number): void {
  change({ ...$draft.get(), stage: Math.min(Math.max(stage, 0), STAGE_COUNT - 1) });
}

export function clearClientOnboardingDraft(): void {
  clearDraft(DRAFT_KEY);
}

export const $submitting = atom(false);
export const $result = atom<ClientOnboardingResponse | null>(null);

export const SUBMITTED_NOTICE = {
  title: 'Form submitted successfully!',
  description: "Your information has been received. We'll be in touch soon.",
};

export async function submitClientOnboarding(
  values: ClientOnboardingValues,
  { productId, honeypot }: { productId: string; honeypot: string },
): Promise<boolean> {
  if ($submitting.get()) return false;
  $submitting.set(true);
  try {
    const body = await requestJson<ClientOnboardingResponse>('POST', '/api/clients/onboarding', {
      ...values,
      productId,
      ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
    });
    notify(SUBMITTED_NOTICE);
    $result.set(body);
    return true;
  } catch (error) {
    notify({
      title: 'Error submitting form',
      description: (error instanceof RequestError && error.detail) || SUBMIT_ERROR_FALLBACK,
      variant: 'destructive',
    });
    return false;
  } finally {
    $submitting.set(false);
  }
}

/** `asking` while the token waits for the person's press: nothing is created before. */
export type Confirmation =
  | { state: 'none' }
  | { state: 'asking' | 'sending'; token: string }
  | { state: 'done'; outcome: ConfirmOutcome };

export const $confirmation = atom<Confirmation>({ state: 'none' });

export function showConfirmation(token: string | null, outcome: ConfirmOutcome | null): void {
  if (token) $confirmation.set({ state: 'asking', token });
  else if (outcome) $confirmation.set({ state: 'done', outcome });
}

/** Null when the request failed: they may press again. */
export async function confirmAccount(
  open: (url: string) => void = (url) => window.location.assign(url),
): Promise<ConfirmOutcome | null> {
  const current = $confirmation.get();
  if (current.state !== 'asking') return null;
  $confirmation.set({ state: 'sending', token: current.token });
  try {
    const answer = await requestJson<ConfirmResponse>('POST', '/api/clients/onboarding/confirm', {
      token: current.token,
    });
    $confirmation.set({ state: 'done', outcome: answer.account });
    if (answer.redirectUrl) open(answer.redirectUrl);
    return answer.account;
  } catch (error) {
    $confirmation.set(current);
    notify({
      title: 'Your account could not be confirmed',
      description: (error instanceof RequestError && error.detail) || SUBMIT_ERROR_FALLBACK,
      variant: 'destructive',
    });
    return null;
  }
}
