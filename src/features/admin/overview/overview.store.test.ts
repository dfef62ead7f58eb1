import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFetchRoutes } from '../../../testing/fetch-routes';
import { $adminUser } from '../shell/api';
import type { Overview } from './overview.server';
import { $overview, mountOverview } from './overview.store';

const { routes, calls } = useFetchRoutes();

afterEach(() => {
  $adminUser.set(undefined);
  cleanStores($overview, $adminUser);
});

/** Until the request has landed. */
const settle = () =>
  vi.waitFor(() => {
    if ($overview.get().busy) throw new Error('Still loading');
  });

const overview = { orders: { total: 3 } } as unknown as Overview;

describe('the overview', () => {
  it('is loading once on screen, then shows the figures', async () => {
    routes['GET /api/admin/overview'] = { body: overview };
    const unmount = mountOverview();
    expect($overview.get()).toMatchObject({ busy: true, error: '', result: undefined });
    await settle();
    expect($overview.get()).toEqual({ busy: false, error: '', result: overview });
    expect(calls).toEqual([{ method: 'GET', url: '/api/admin/overview', body: undefined }]);
    unmount();
  });

  it('shows the server’s sentence when the figures cannot be loaded', async () => {
    routes['GET /api/admin/overview'] = { status: 503, body: { error: 'Try again later.' } };
    const unmount = mountOverview();
    await settle();
    expect($overview.get()).toMatchObject({ busy: false, error: 'Try again later.' });
    expect($overview.get().result).toBeUndefined();
    unmount();
  });

  it('shows the login form when the session has ended', async () => {
    $adminUser.set({ username: 'ada', stage: 'ready' });
    routes['GET /api/admin/overview'] = { status: 401, body: { error: 'Not signed in.' } };
    const unmount = mountOverview();
    await settle();
    expect($adminUser.get()).toBeNull();
    unmount();
  });

  it('asks afresh when opened again, never showing the figures of before', async () => {
    routes['GET /api/admin/overview'] = { body: overview };
    const unmount = mountOverview();
    await settle();
    unmount();
    expect($overview.get()).toEqual({ busy: false, error: '', result: undefined });

    const again = mountOverview();
    expect($overview.get()).toMatchObject({ busy: true, result: undefined });
    await settle();
    expect($overview.get().result).toEqual(overview);
    expect(calls).toHaveLength(2);
    again();
  });
});
