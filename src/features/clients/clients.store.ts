/**
 * The "e-mail me a sign-in link" form's state and action (the form renders these and calls
 * them): sending the link, busy while it goes, and the sentence to show after. Browser-side and
 * zod-free: the form checks the address's shape, the server validates it with the shared schema
 * and answers the same whether or not the address is known.
 */
import { requestAction } from '../../lib/request-action';
import { RequestError, requestJson } from '../../lib/request-json';
import { SIGN_IN_SENT } from './clients-texts';

export const SIGN_IN_LINK_ERROR = 'The sign-in link could not be sent. Please try again.';
export const INVALID_ADDRESS = 'Please enter a valid email address.';

const signInLink = requestAction(
  async (email: string) => {
    const body = await requestJson<{ message?: string }>('POST', '/api/auth/magic-link', {
      email,
    });
    return body?.message || SIGN_IN_SENT;
  },
  (error) => (error instanceof RequestError && error.detail) || SIGN_IN_LINK_ERROR,
);

/** busy, the sentence for a failure (`error`) and the server's "on its way" (`result`). */
export const $signInLink = signInLink.$state;

/** Sends the link to `email` (a press while one is under way is ignored). */
export async function sendSignInLink(email: string): Promise<void> {
  await signInLink.run(email);
}

/** The browser found the address malformed: says so, sends nothing. */
export function refuseSignInAddress(): void {
  signInLink.fail(INVALID_ADDRESS);
}

/** A new form starts empty (the form left the page). */
export function resetSignInLink(): void {
  signInLink.reset();
}
