import { atom } from 'nanostores';
import { clearDraft, mergeDraft, readDraft, writeDraft } from '../../components/form/draft';
import {
  fieldErrors,
  formStore,
  type FormStore,
  type FormValues,
} from '../../components/form/form-store';
import { notify } from '../../lib/notifications';
import { requestAction } from '../../lib/request-action';
import { RequestError, requestJson, sendRequest } from '../../lib/request-json';
import type { OnboardingState } from './order-onboarding.server';
import {
  EMPTY_ANSWERS,
  firstUnsavedStep,
  REDIRECT_DELAY_MS,
  safeRedirect,
  STEP_ENDPOINTS,
  STEP_KEYS,
  STEP_SCHEMAS,
  type StepKey,
  type WizardValues,
} from './order-onboarding';

type WizardPhase =
  | { name: 'loading' }
  | { name: 'invalid' }
  | { name: 'unavailable' }
  | { name: 'step'; step: number }
  | { name: 'completed'; redirecting: boolean };

export const $phase = atom<WizardPhase>({ name: 'loading' });
export const $order = atom<OnboardingState | null>(null);
export const $saving = atom(false);

export const SAVE_ERROR = 'There was a problem saving your information. Please try again.';

/** Where the browser goes after the last step (a seam for tests). */
export const browser = { assign: (url: string) => window.location.assign(url) };

export async function loadOnboarding(orderId: number | null): Promise<OnboardingState | null> {
  if (!orderId) {
    $phase.set({ name: 'invalid' });
    return null;
  }
  $phase.set({ name: 'loading' });
  try {
    const state = await requestJson<OnboardingState>('GET', `/api/onboarding/state/${orderId}`);
    $order.set(state);
    restoreAnswers(state);
    const step = firstUnsavedStep(state.form);
    $phase.set(
      step === STEP_KEYS.length
        ? { name: 'completed', redirecting: false }
        : { name: 'step', step },
    );
    keepDraft();
    return state;
  } catch (error) {
    const refused = error instanceof RequestError && [401, 403, 404].includes(error.status);
    $phase.set({ name: refused ? 'invalid' : 'unavailable' });
    return null;
  }
}

export const stepForms: { [K in StepKey]: FormStore<WizardValues[K]> } = {
  businessInfo: formStore(EMPTY_ANSWERS.businessInfo, STEP_SCHEMAS.businessInfo),
  projectDetails: formStore(EMPTY_ANSWERS.projectDetails, STEP_SCHEMAS.projectDetails),
  designPreferences: formStore(EMPTY_ANSWERS.designPreferences, STEP_SCHEMAS.designPreferences),
};

const formOf = (key: StepKey) => stepForms[key] as unknown as FormStore<FormValues>;

export const $stepErrors = atom<Partial<Record<string, string>>>({});

export const draftKey = (orderId: number) => `onboarding-draft:${orderId}`;

/** The order whose saved answers and draft are in the forms (none until they are restored). */
let restoredFor: number | null = null;

function answers(): WizardValues {
  return {
    businessInfo: stepForms.businessInfo.$values.get(),
    projectDetails: stepForms.projectDetails.$values.get(),
    designPreferences: stepForms.designPreferences.$values.get(),
  };
}

/** Saved answers, then this browser's draft on top (what was typed last wins). */
function restoreAnswers(state: OnboardingState): void {
  const draft = readDraft(draftKey(state.order.id)) as
    Partial<Record<StepKey, unknown>> | null | undefined;
  const values = {} as WizardValues;
  for (const key of STEP_KEYS) {
    const saved = mergeDraft(EMPTY_ANSWERS[key] as Record<string, unknown>, state.form?.[key]);
    (values as Record<StepKey, unknown>)[key] = mergeDraft(saved, draft?.[key]);
  }
  if (!values.businessInfo.contactName) values.businessInfo.contactName = state.order.customerName;
  if (!values.businessInfo.email) values.businessInfo.email = state.order.customerEmail;
  for (const key of STEP_KEYS) formOf(key).adopt(values[key]);
  restoredFor = state.order.id;
}

/** Never before the saved answers and draft were restored: that would write defaults over it. */
function keepDraft(): void {
  const state = $order.get();
  if (state && restoredFor === state.order.id && $phase.get().name === 'step')
    writeDraft(draftKey(state.order.id), answers());
}

export function setAnswer<K extends StepKey>(
  key: K,
  field: keyof WizardValues[K] & string,
  value: string | boolean,
): void {
  formOf(key).setField(field, value);
  const { [field]: message, ...rest } = $stepErrors.get();
  if (message) $stepErrors.set(rest);
  keepDraft();
}

/** The uploaded logo (or none): a new logo is also one to use in the design. */
export function setLogo(logoUrl: string, logoFile: string): void {
  stepForms.businessInfo.adopt({ logoUrl, logoFile });
  const design = stepForms.designPreferences;
  design.setField('logoUpload', Boolean(logoUrl) || design.$values.get().logoUpload);
  keepDraft();
}

/** Null while there is nothing to check (no step shown, or a save under way). */
export function checkStep(): { invalid: string | undefined } | { data: unknown } | null {
  const phase = $phase.get();
  if (phase.name !== 'step' || !$order.get() || $saving.get()) return null;
  const key = STEP_KEYS[phase.step]!;
  const values = formOf(key).$values.get();
  const parsed = STEP_SCHEMAS[key]().safeParse(values);
  if (parsed.success) {
    $stepErrors.set({});
    return { data: parsed.data };
  }
  const errors = fieldErrors<FormValues>(STEP_SCHEMAS[key](), values);
  $stepErrors.set(errors);
  return { invalid: Object.keys(errors)[0] };
}

export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';
const MAX_LOGO_BYTES = 2 * 1024 * 1024;
export const LOGO_UPLOAD_ERROR = 'The logo could not be uploaded. Please try again.';

export const $logoStatus = atom('');

const logoUpload = requestAction(
  async (orderId: number, file: File) => {
    const body = await requestJson<{ logoUrl?: string }>(
      'POST',
      `/api/onboarding/logo?orderId=${orderId}`,
      file,
      { headers: { 'Content-Type': file.type } },
    );
    if (!body.logoUrl) throw new Error('no logo URL');
    // With the answer, before the upload counts as done: the preview and "uploaded" land together.
    setLogo(body.logoUrl, file.name.slice(0, 255));
    $logoStatus.set(`${file.name} uploaded.`);
    return body.logoUrl;
  },
  (error) => (error instanceof RequestError && error.detail) || LOGO_UPLOAD_ERROR,
);

export const $logoUpload = logoUpload.$state;

/** Type and size checked here for a quick answer; the server checks the bytes again. */
export async function uploadLogo(orderId: number, file: File): Promise<boolean> {
  if ($logoUpload.get().busy) return false;
  logoUpload.fail('');
  if (!LOGO_ACCEPT.split(',').includes(file.type)) {
    logoUpload.fail('Please upload a PNG, JPEG or WebP image.');
    return false;
  }
  if (file.size > MAX_LOGO_BYTES) {
    logoUpload.fail('The logo must be 2 MB or smaller.');
    return false;
  }
  $logoStatus.set(`Uploading ${file.name}…`);
  if (!(await logoUpload.run(orderId, file))) $logoStatus.set('');
  return true;
}

export function resetLogoUpload(): void {
  logoUpload.reset();
  $logoStatus.set('');
}

export async function saveStep(data: unknown): Promise<boolean> {
  const phase = $phase.get();
  const state = $order.get();
  if (phase.name !== 'step' || !state || $saving.get()) return false;
  const key: StepKey = STEP_KEYS[phase.step]!;
  $saving.set(true);
  try {
    await sendRequest('POST', STEP_ENDPOINTS[key].path, { orderId: state.order.id, data });
    notify({ title: 'Information Saved', description: STEP_ENDPOINTS[key].saved });
    const last = phase.step === STEP_KEYS.length - 1;
    $phase.set(
      last ? { name: 'completed', redirecting: true } : { name: 'step', step: phase.step + 1 },
    );
    if (last) {
      // Everything is saved: no draft of personal data stays behind in this browser.
      clearDraft(draftKey(state.order.id));
      scheduleRedirect(state.clientId);
    }
    return true;
  } catch {
    notify({ title: 'Error', description: SAVE_ERROR, variant: 'destructive' });
    return false;
  } finally {
    $saving.set(false);
  }
}

export function previousStep(): void {
  const phase = $phase.get();
  $stepErrors.set({});
  if (phase.name === 'step' && phase.step > 0) $phase.set({ name: 'step', step: phase.step - 1 });
}

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRedirect(clientId: number | null) {
  clearTimeout(redirectTimer);
  redirectTimer = setTimeout(() => void followDashboardLink(clientId), REDIRECT_DELAY_MS);
}

async function followDashboardLink(clientId: number | null): Promise<void> {
  let target = '/dashboard';
  if (clientId !== null) {
    try {
      const { dashboardUrl } = await requestJson<{ dashboardUrl?: unknown }>(
        'GET',
        `/api/gohighlevel/dashboard/${clientId}`,
      );
      target = safeRedirect(dashboardUrl);
    } catch {
      target = '/dashboard';
    }
  }
  browser.assign(target);
}

export function cancelRedirect(): void {
  clearTimeout(redirectTimer);
  redirectTimer = undefined;
}
