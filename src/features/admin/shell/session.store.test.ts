import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $notification } from '../../../lib/notifications';
import { NETWORK_ERROR } from '../../../lib/request-json';
import { useFetchRoutes, holdRequests } from '../../../testing/fetch-routes';
import { ADMIN_REQUEST_HEADERS } from '../admin';
import { $adminUser, $login, $logout, checkSession, signIn, signOut } from './session.store';

const { routes, calls } = useFetchRoutes();

afterEach(() => {
  $adminUser.set(undefined);
  $notification.set(null);
  cleanStores($adminUser, $login, $logout, $notification);
});

const ada = { username: 'ada', password: 'a long passphrase' };

describe('the session check on opening /admin', () => {
  it('knows the signed-in admin and how far the sign-in is', async () => {
    routes['GET /api/admin/me'] = { body: { user: { username: 'ada' }, stage: 'verify' } };
    await checkSession();
    expect($adminUser.get()).toEqual({ username: 'ada', stage: 'verify' });
  });

  it('is signed out without a session, or when the check fails', async () => {
    routes['GET /api/admin/me'] = { body: { user: null } };
    await checkSession();
    expect($adminUser.get()).toBeNull();

    $adminUser.set(undefined);
    routes['GET /api/admin/me'] = { network: true };
    await checkSession();
    expect($adminUser.get()).toBeNull();
  });
});

describe('signing in', () => {
  it('signs in with the CSRF header and opens the second-factor step', async () => {
    routes['POST /api/admin/login'] = { body: { user: { username: 'ada' }, stage: 'enrol' } };
    await expect(signIn(ada)).resolves.toBe('signed-in');
    expect(calls).toEqual([{ method: 'POST', url: '/api/admin/login', body: ada }]);
    const init = vi.mocked(globalThis.fetch).mock.calls[0]![1]!;
    expect(init.headers).toMatchObject(ADMIN_REQUEST_HEADERS);
    expect($adminUser.get()).toEqual({ username: 'ada', stage: 'enrol' });
    expect($login.get()).toMatchObject({ busy: false, error: '' });
  });

  it('refuses empty fields in the browser, without a request', async () => {
    await expect(signIn({ username: '', password: '' })).resolves.toBe('invalid');
    expect(calls).toEqual([]);
    expect($login.get().error).not.toBe('');
    expect($adminUser.get()).toBeUndefined();
  });

  it('shows the server’s sentence for wrong credentials and a rate limit', async () => {
    routes['POST /api/admin/login'] = {
      status: 401,
      body: { error: 'Invalid username or password.' },
    };
    await expect(signIn(ada)).resolves.toBe('refused');
    expect($login.get()).toMatchObject({ busy: false, error: 'Invalid username or password.' });
    // A refused sign-in is no ended session: the form stays.
    expect($adminUser.get()).toBeUndefined();

    routes['POST /api/admin/login'] = {
      status: 429,
      body: { error: 'Too many sign-in attempts. Please wait 15 minutes and try again.' },
    };
    await signIn(ada);
    expect($login.get().error).toBe(
      'Too many sign-in attempts. Please wait 15 minutes and try again.',
    );

    routes['POST /api/admin/login'] = { network: true };
    await signIn(ada);
    expect($login.get().error).toBe(NETWORK_ERROR);
  });

  it('is busy while the request runs and ignores a second press', async () => {
    routes['POST /api/admin/login'] = { body: { user: { username: 'ada' }, stage: 'verify' } };
    const release = holdRequests();
    const first = signIn(ada);
    expect($login.get()).toMatchObject({ busy: true, error: '' });
    await expect(signIn(ada)).resolves.toBe('busy');
    release();
    await expect(first).resolves.toBe('signed-in');
    expect(calls).toHaveLength(1);
    expect($login.get().busy).toBe(false);
  });
});

describe('signing out', () => {
  it('ends the session, says so and shows the login form', async () => {
    $adminUser.set({ username: 'ada', stage: 'ready' });
    routes['POST /api/admin/logout'] = { body: { ok: true } };
    await signOut();
    expect(calls).toEqual([{ method: 'POST', url: '/api/admin/logout', body: undefined }]);
    expect($notification.get()).toMatchObject({
      title: 'Signed out',
      description: 'You have been signed out of the admin panel.',
    });
    expect($adminUser.get()).toBeNull();
  });

  it('shows the login form even when the session had already ended, without a notice', async () => {
    $adminUser.set({ username: 'ada', stage: 'ready' });
    routes['POST /api/admin/logout'] = { status: 401, body: { error: 'Not signed in.' } };
    await signOut();
    expect($notification.get()).toBeNull();
    expect($adminUser.get()).toBeNull();
    expect($logout.get()).toMatchObject({ busy: false, error: '' });
  });

  it('leaves a clean form for the next sign-in', async () => {
    routes['POST /api/admin/login'] = {
      status: 401,
      body: { error: 'Invalid username or password.' },
    };
    await signIn(ada);
    routes['POST /api/admin/logout'] = { body: { ok: true } };
    await signOut();
    expect($login.get()).toEqual({ busy: false, error: '', result: undefined });
  });

  it('is busy while it runs and ignores a second press', async () => {
    $adminUser.set({ username: 'ada', stage: 'ready' });
    routes['POST /api/admin/logout'] = { body: { ok: true } };
    const release = holdRequests();
    const first = signOut();
    expect($logout.get().busy).toBe(true);
    await signOut();
    expect($adminUser.get()).toEqual({ username: 'ada', stage: 'ready' });
    release();
    await first;
    expect(calls).toHaveLength(1);
    expect($adminUser.get()).toBeNull();
  });
});
