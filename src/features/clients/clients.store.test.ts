import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { useFetchRoutes } from '../../testing/fetch-routes';
import { SIGN_IN_SENT } from './clients-texts';
import {
  $signInLink,
  INVALID_ADDRESS,
  refuseSignInAddress,
  resetSignInLink,
  SIGN_IN_LINK_ERROR,
  sendSignInLink,
} from './clients.store';

const ROUTE = 'POST /api/auth/magic-link';
const { routes, calls } = useFetchRoutes();

afterEach(() => {
  resetSignInLink();
  cleanStores($signInLink);
});

describe('sending a sign-in link', () => {
  it('posts the address, is busy meanwhile and shows the server’s answer', async () => {
    routes[ROUTE] = { body: { message: 'A link is on its way.' } };
    const sending = sendSignInLink('ada@example.com');
    expect($signInLink.get()).toMatchObject({ busy: true, error: '' });
    // A second press while the first is under way sends nothing.
    await sendSignInLink('ada@example.com');
    await sending;
    expect(calls).toEqual([
      { method: 'POST', url: '/api/auth/magic-link', body: { email: 'ada@example.com' } },
    ]);
    expect($signInLink.get()).toEqual({
      busy: false,
      error: '',
      result: 'A link is on its way.',
    });
  });

  it('says the link is on its way in its own words when the answer has no message', async () => {
    routes[ROUTE] = { body: {} };
    await sendSignInLink('ada@example.com');
    expect($signInLink.get().result).toBe(SIGN_IN_SENT);
  });

  it('shows the function’s own sentence, or a fallback, when sending fails', async () => {
    routes[ROUTE] = { status: 429, body: { error: 'Too many requests. Please wait.' } };
    await sendSignInLink('ada@example.com');
    expect($signInLink.get()).toMatchObject({
      busy: false,
      error: 'Too many requests. Please wait.',
    });

    routes[ROUTE] = { status: 500, text: 'oops' };
    await sendSignInLink('ada@example.com');
    expect($signInLink.get().error).toBe(SIGN_IN_LINK_ERROR);

    // A lost connection has no sentence of its own either.
    routes[ROUTE] = { network: true };
    await sendSignInLink('ada@example.com');
    expect($signInLink.get().error).toBe(SIGN_IN_LINK_ERROR);
  });

  it('refuses a malformed address without a request, and a new form starts empty', async () => {
    routes[ROUTE] = { body: {} };
    await sendSignInLink('ada@example.com');
    refuseSignInAddress();
    expect(calls).toHaveLength(1);
    // The earlier "on its way" stays beside the message, as before.
    expect($signInLink.get()).toEqual({
      busy: false,
      error: INVALID_ADDRESS,
      result: SIGN_IN_SENT,
    });
    resetSignInLink();
    expect($signInLink.get()).toEqual({ busy: false, error: '', result: undefined });
  });
});
