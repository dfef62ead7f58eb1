/**
 * The order onboarding wizard's state and actions: loading the order, the phase (loading,
 * invalid, unavailable, a step, completed), saving a step, going back, and the redirect to
 * the dashboard link after the last step. The wizard keeps only what is typed (values,
 * messages, the draft) and renders these stores.
 */
import { atom } from 'nanostores';
import { notify } from '../../lib/notifications';
import { RequestError, requestJson, sendRequest } from '../../lib/request-json';
import type { OnboardingState } from './order-onboarding.server';
import {
  firstUnsavedStep,
  REDIRECT_DELAY_MS,
  safeRedirect,
  STEP_ENDPOINTS,
  STEP_KEYS,
  type StepKey,
} from './order-onboarding';

type WizardPhase =
  | { name: 'loading' }
  | { name: 'invalid' }
  | { name: 'unavailable' }
  | { name: 'step'; step: number }
  | { name: 'completed'; redirecting: boolean };

export const $phase = atom<WizardPhase>({ name: 'loading' });
/** The order and what was saved for it, once loaded. */
export const $order = atom<OnboardingState | null>(null);
export const $saving = atom(false);

export const SAVE_ERROR = 'There was a problem saving your information. Please try again.';

/** Where the browser goes after the last step (a seam for tests). */
export const browser = { assign: (url: string) => window.location.assign(url) };

/** Loads the order; a foreign or unknown order is "invalid", a failure "unavailable". */
export async function loadOnboarding(orderId: number | null): Promise<OnboardingState | null> {
  if (!orderId) {
    $phase.set({ name: 'invalid' });
    return null;
  }
  $phase.set({ name: 'loading' });
  try {
    const state = await requestJson<OnboardingState>('GET', `/api/onboarding/state/${orderId}`);
    $order.set(state);
    const step = firstUnsavedStep(state.form);
    $phase.set(
      step === STEP_KEYS.length
        ? { name: 'completed', redirecting: false }
        : { name: 'step', step },
    );
    return state;
  } catch (error) {
    const refused = error instanceof RequestError && [401, 403, 404].includes(error.status);
    $phase.set({ name: refused ? 'invalid' : 'unavailable' });
    return null;
  }
}

/**
 * Saves the current step's checked answers and moves on (the last step completes onboarding
 * and starts the redirect). Answers whether it was saved.
 */
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
    if (last) scheduleRedirect(state.clientId);
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
  if (phase.name === 'step' && phase.step > 0) $phase.set({ name: 'step', step: phase.step - 1 });
}

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/** After "Onboarding Complete!": waits, then follows the client's dashboard link (else /dashboard). */
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

/** Stops a pending redirect (the wizard unmounted, or a test ends). */
export function cancelRedirect(): void {
  clearTimeout(redirectTimer);
  redirectTimer = undefined;
}
