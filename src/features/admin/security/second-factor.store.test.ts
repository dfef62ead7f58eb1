import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { STEP_UP_REQUIRED } from '../../../lib/admin-auth';
import { $notification } from '../../../lib/notifications';
import { useFetchRoutes } from '../../../testing/fetch-routes';
import { $factorError, $stepUp, signOutOtherSessions, verifyWithCode } from './second-factor.store';
import { $adminUser, $login } from '../shell/session.store';

const { routes, calls } = useFetchRoutes();

afterEach(() => {
  $adminUser.set(undefined);
  $notification.set(null);
  $factorError.set('');
  $stepUp.set(null);
  cleanStores($adminUser, $login, $notification, $factorError, $stepUp);
});

const ENDED =
  'Too many wrong answers: this sign-in has ended. Please sign in again with your password.';

describe('a wrong code that ends the sign-in', () => {
  it('shows the sign-in form with the server’s reason', async () => {
    $adminUser.set({ username: 'ada', stage: 'verify' });
    routes['POST /api/admin/verify'] = { status: 401, body: { error: ENDED } };
    await verifyWithCode('123456');
    expect($adminUser.get()).toBeNull();
    expect($login.get().error).toBe(ENDED);
    expect($factorError.get()).toBe('');
  });

  it('leaves other refusals on the factor screen', async () => {
    $adminUser.set({ username: 'ada', stage: 'verify' });
    routes['POST /api/admin/verify'] = { status: 429, body: { error: 'Codes are paused.' } };
    await verifyWithCode('123456');
    expect($adminUser.get()).toEqual({ username: 'ada', stage: 'verify' });
    expect($factorError.get()).toBe('Codes are paused.');
  });
});

describe('signing out my other sessions', () => {
  it('asks the server and says how many ended', async () => {
    routes['POST /api/admin/logout/others'] = { body: { ended: 2 } };
    await signOutOtherSessions();
    expect(calls).toEqual([{ method: 'POST', url: '/api/admin/logout/others', body: undefined }]);
    expect($notification.get()).toMatchObject({
      title: 'Other sessions signed out',
      description: '2 other sessions were signed out.',
    });
  });

  it('asks for the factor again first when the last one is too old', async () => {
    routes['POST /api/admin/logout/others'] = { status: 403, body: { error: STEP_UP_REQUIRED } };
    const done = signOutOtherSessions();
    await expect.poll(() => $stepUp.get()).not.toBeNull();
    routes['POST /api/admin/logout/others'] = { body: { ended: 0 } };
    $stepUp.get()!.resolve(true);
    await done;
    expect(calls.filter((c) => c.url === '/api/admin/logout/others')).toHaveLength(2);
    expect($notification.get()?.description).toBe('No other browser was signed in as you.');
  });
});
