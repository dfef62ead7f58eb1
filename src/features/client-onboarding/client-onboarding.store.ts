/**
 * /client-onboarding's submission: sending the form, the answer (credentials or "in
 * progress"), and the notices. The form component keeps what is typed and the stage.
 */
import { atom } from 'nanostores';
import { notify } from '../../lib/notifications';
import { RequestError, requestJson } from '../../lib/request-json';
import {
  HONEYPOT_FIELD,
  SUBMIT_ERROR_FALLBACK,
  type ClientOnboardingResponse,
  type ClientOnboardingValues,
} from './client-onboarding';

export const $submitting = atom(false);
/** The server's answer once the form went through (the form then shows the result page). */
export const $result = atom<ClientOnboardingResponse | null>(null);

export const SUBMITTED_NOTICE = {
  title: 'Form submitted successfully!',
  description: "Your information has been received. We'll be in touch soon.",
};

/** Sends the form; answers whether it went through (a second call while sending is ignored). */
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
