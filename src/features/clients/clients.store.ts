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

export const $signInLink = signInLink.$state;

export async function sendSignInLink(email: string): Promise<void> {
  await signInLink.run(email);
}

export function refuseSignInAddress(): void {
  signInLink.fail(INVALID_ADDRESS);
}

export function resetSignInLink(): void {
  signInLink.reset();
}
