import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notification } from '../../lib/notifications';
import { REDIRECT_DELAY_MS, STEP_ENDPOINTS } from './order-onboarding';
import type { OnboardingState } from './order-onboarding.server';
import {
  $order,
  $phase,
  $saving,
  browser,
  cancelRedirect,
  loadOnboarding,
  previousStep,
  SAVE_ERROR,
  saveStep,
} from './order-onboarding.store';

const state = (form: OnboardingState['form'] = null): OnboardingState => ({
  order: {
    id: 12,
    orderNumber: 'NR-1',
    productId: 'starter',
    productName: 'Starter Website Package',
    customerName: 'Ada',
    customerEmail: 'ada@example.com',
  },
  clientId: 3,
  form,
});

type Route = { status?: number; body?: unknown; network?: boolean };
let routes: Record<string, Route>;
let posts: { url: string; body: unknown }[];
const assigned: string[] = [];

beforeEach(() => {
  routes = {};
  posts = [];
  assigned.length = 0;
  vi.spyOn(browser, 'assign').mockImplementation((url) => void assigned.push(url));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      if (method === 'POST') posts.push({ url, body: JSON.parse(String(init.body)) });
      const route = routes[`${method} ${url}`];
      if (!route || route.network) throw new TypeError('Failed to fetch');
      return Response.json(route.body ?? {}, { status: route.status ?? 200 });
    }),
  );
});

afterEach(() => {
  cancelRedirect();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  $phase.set({ name: 'loading' });
  $order.set(null);
  $saving.set(false);
  $notification.set(null);
  cleanStores($phase, $order, $saving, $notification);
});

describe('loading', () => {
  it('resumes at the first unsaved step, or shows the completed state', async () => {
    routes['GET /api/onboarding/state/12'] = {
      body: state({
        businessInfo: {},
        projectDetails: null,
        designPreferences: null,
        completed: false,
      }),
    };
    expect(await loadOnboarding(12)).toMatchObject({ order: { id: 12 } });
    expect($phase.get()).toEqual({ name: 'step', step: 1 });

    routes['GET /api/onboarding/state/12'] = {
      body: state({ businessInfo: {}, projectDetails: {}, designPreferences: {}, completed: true }),
    };
    await loadOnboarding(12);
    expect($phase.get()).toEqual({ name: 'completed', redirecting: false });
  });

  it('calls a foreign, unknown or missing order invalid, and anything else unavailable', async () => {
    expect(await loadOnboarding(null)).toBeNull();
    expect($phase.get()).toEqual({ name: 'invalid' });
    for (const status of [401, 403, 404]) {
      routes['GET /api/onboarding/state/12'] = { status, body: { error: 'no' } };
      await loadOnboarding(12);
      expect($phase.get()).toEqual({ name: 'invalid' });
    }
    routes['GET /api/onboarding/state/12'] = { status: 503, body: { error: 'down' } };
    await loadOnboarding(12);
    expect($phase.get()).toEqual({ name: 'unavailable' });
    routes['GET /api/onboarding/state/12'] = { network: true };
    await loadOnboarding(12);
    expect($phase.get()).toEqual({ name: 'unavailable' });
  });
});

describe('saving steps', () => {
  beforeEach(async () => {
    routes['GET /api/onboarding/state/12'] = { body: state() };
    await loadOnboarding(12);
  });

  it('saves a step for the order, says so and moves on; Back goes one step back', async () => {
    routes[`POST ${STEP_ENDPOINTS.businessInfo.path}`] = { body: { success: true } };
    expect(await saveStep({ businessName: 'Acme' })).toBe(true);
    expect(posts).toEqual([
      {
        url: STEP_ENDPOINTS.businessInfo.path,
        body: { orderId: 12, data: { businessName: 'Acme' } },
      },
    ]);
    expect($notification.get()).toMatchObject({
      title: 'Information Saved',
      description: STEP_ENDPOINTS.businessInfo.saved,
    });
    expect($phase.get()).toEqual({ name: 'step', step: 1 });
    expect($saving.get()).toBe(false);
    previousStep();
    expect($phase.get()).toEqual({ name: 'step', step: 0 });
  });

  it('stays on the step with an error notice when the save is refused or the network fails', async () => {
    routes[`POST ${STEP_ENDPOINTS.businessInfo.path}`] = { status: 409, body: { error: 'no' } };
    expect(await saveStep({})).toBe(false);
    expect($notification.get()).toMatchObject({ title: 'Error', description: SAVE_ERROR });
    routes[`POST ${STEP_ENDPOINTS.businessInfo.path}`] = { network: true };
    expect(await saveStep({})).toBe(false);
    expect($phase.get()).toEqual({ name: 'step', step: 0 });
  });

  it('after the last step waits the spec’s 3000 ms, then follows a safe dashboard link', async () => {
    vi.useFakeTimers();
    $phase.set({ name: 'step', step: 2 });
    routes[`POST ${STEP_ENDPOINTS.designPreferences.path}`] = { body: { success: true } };
    routes['GET /api/gohighlevel/dashboard/3'] = {
      body: { dashboardUrl: 'https://app.gohighlevel.com/location/L1' },
    };
    await saveStep({});
    expect($phase.get()).toEqual({ name: 'completed', redirecting: true });
    await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 1);
    expect(assigned).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(assigned).toEqual(['https://app.gohighlevel.com/location/L1']);
  });

  it('falls back to /dashboard when the link is missing, unsafe or unavailable', async () => {
    vi.useFakeTimers();
    for (const route of [
      { status: 404, body: { error: 'not linked' } },
      { body: { dashboardUrl: 'javascript:alert(1)' } },
    ]) {
      $phase.set({ name: 'step', step: 2 });
      routes[`POST ${STEP_ENDPOINTS.designPreferences.path}`] = { body: { success: true } };
      routes['GET /api/gohighlevel/dashboard/3'] = route;
      await saveStep({});
      await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS);
    }
    expect(assigned).toEqual(['/dashboard', '/dashboard']);
  });
});
