import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notification } from '../../lib/notifications';
import { stubLocalStorage } from '../../testing/local-storage';
import { EMPTY_ANSWERS, REDIRECT_DELAY_MS, STEP_ENDPOINTS, STEP_KEYS } from './order-onboarding';
import type { OnboardingState } from './order-onboarding.server';
import {
  $logoStatus,
  $logoUpload,
  $order,
  $phase,
  $saving,
  $stepErrors,
  browser,
  cancelRedirect,
  checkStep,
  draftKey,
  loadOnboarding,
  LOGO_UPLOAD_ERROR,
  previousStep,
  resetLogoUpload,
  SAVE_ERROR,
  saveStep,
  setAnswer,
  setLogo,
  stepForms,
  uploadLogo,
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
/** What was posted: the JSON body, or an uploaded file as it was sent. */
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
      if (method === 'POST')
        posts.push({
          url,
          body: init.body instanceof Blob ? init.body : JSON.parse(String(init.body)),
        });
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
  $stepErrors.set({});
  resetLogoUpload();
  for (const key of STEP_KEYS) stepForms[key].reset();
  cleanStores(
    $phase,
    $order,
    $saving,
    $notification,
    $stepErrors,
    $logoUpload,
    $logoStatus,
    ...STEP_KEYS.map((key) => stepForms[key].$values),
  );
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

describe('the answers and their draft', () => {
  const DRAFT = draftKey(12);
  const draftIn = (storage: Map<string, string>) =>
    JSON.parse(storage.get(DRAFT) ?? 'null') as unknown;
  const answers = () => ({
    businessInfo: stepForms.businessInfo.$values.get(),
    projectDetails: stepForms.projectDetails.$values.get(),
    designPreferences: stepForms.designPreferences.$values.get(),
  });

  it('restores the saved answers with this browser’s draft on top, and prefills the buyer', async () => {
    const storage = stubLocalStorage({
      [DRAFT]: JSON.stringify({
        businessInfo: { businessName: 'Draft Co', industry: 42, unknown: 'x' },
        projectDetails: { goals: 'Typed before the reload' },
      }),
    });
    routes['GET /api/onboarding/state/12'] = {
      body: state({
        businessInfo: { businessName: 'Saved Co', industry: 'Bakery', phone: '5550100' },
        projectDetails: null,
        designPreferences: null,
        completed: false,
      }),
    };
    await loadOnboarding(12);
    expect($phase.get()).toEqual({ name: 'step', step: 1 });
    expect(answers()).toEqual({
      businessInfo: {
        ...EMPTY_ANSWERS.businessInfo,
        businessName: 'Draft Co',
        industry: 'Bakery',
        phone: '5550100',
        contactName: 'Ada',
        email: 'ada@example.com',
      },
      projectDetails: { ...EMPTY_ANSWERS.projectDetails, goals: 'Typed before the reload' },
      designPreferences: EMPTY_ANSWERS.designPreferences,
    });
    // The draft now holds what the form shows, and follows every change.
    expect(draftIn(storage)).toEqual(answers());
    setAnswer('projectDetails', 'timeline', 'Within six weeks');
    expect(draftIn(storage)).toMatchObject({ projectDetails: { timeline: 'Within six weeks' } });
    expect(JSON.parse(storage.get('form-drafts') ?? '[]')).toEqual([DRAFT]);
  });

  it('writes no draft before the order is loaded, nor for a completed onboarding', async () => {
    const storage = stubLocalStorage();
    setAnswer('businessInfo', 'businessName', 'Too early');
    expect(storage.has(DRAFT)).toBe(false);
    routes['GET /api/onboarding/state/12'] = {
      body: state({ businessInfo: {}, projectDetails: {}, designPreferences: {}, completed: true }),
    };
    await loadOnboarding(12);
    setAnswer('businessInfo', 'businessName', 'Too late');
    expect(storage.has(DRAFT)).toBe(false);
  });

  it('shows the step’s messages and names the first field; a changed field loses its own', async () => {
    routes['GET /api/onboarding/state/12'] = { body: state() };
    await loadOnboarding(12);
    expect(checkStep()).toEqual({ invalid: 'businessName' });
    expect($stepErrors.get()).toEqual({
      businessName: 'Business name is required',
      industry: 'Industry is required',
      phone: 'Phone number is required',
      description: 'Please provide a brief description of your business',
    });
    // Still too short, but the message waits for the next press.
    setAnswer('businessInfo', 'businessName', 'A');
    expect($stepErrors.get()).not.toHaveProperty('businessName');
    expect($stepErrors.get()).toHaveProperty('industry');
    previousStep();
    expect($stepErrors.get()).toEqual({});
  });

  it('answers the checked answers to save; saving the last step forgets the draft', async () => {
    vi.useFakeTimers();
    const storage = stubLocalStorage();
    routes['GET /api/onboarding/state/12'] = { body: state() };
    routes[`POST ${STEP_ENDPOINTS.businessInfo.path}`] = { body: { success: true } };
    routes[`POST ${STEP_ENDPOINTS.designPreferences.path}`] = { body: { success: true } };
    await loadOnboarding(12);
    setAnswer('businessInfo', 'businessName', '  Acme Bakery  ');
    setAnswer('businessInfo', 'industry', 'Food');
    setAnswer('businessInfo', 'phone', '555 0100');
    setAnswer('businessInfo', 'description', 'Bread for the whole street.');
    const checked = checkStep();
    expect(checked).toEqual({
      data: expect.objectContaining({ businessName: 'Acme Bakery', contactName: 'Ada' }),
    });
    expect($stepErrors.get()).toEqual({});
    expect(await saveStep((checked as { data: unknown }).data)).toBe(true);
    expect(storage.has(DRAFT)).toBe(true);

    $phase.set({ name: 'step', step: 2 });
    setAnswer('designPreferences', 'stylePreferences', 'Warm and friendly');
    const last = checkStep() as { data: unknown };
    expect(await saveStep(last.data)).toBe(true);
    expect($phase.get()).toEqual({ name: 'completed', redirecting: true });
    expect(storage.has(DRAFT)).toBe(false);
    // Nothing to check once onboarding is complete.
    expect(checkStep()).toBeNull();
  });
});

describe('the logo', () => {
  const LOGO_ROUTE = 'POST /api/onboarding/logo?orderId=12';
  const png = (name = 'acme.png', bytes = 3) =>
    new File([new Uint8Array(bytes)], name, { type: 'image/png' });

  beforeEach(async () => {
    routes['GET /api/onboarding/state/12'] = { body: state() };
    await loadOnboarding(12);
  });

  it('uploads the picked file for the order, shows it and uses it in the design', async () => {
    routes[LOGO_ROUTE] = { body: { logoUrl: '/api/onboarding/logo/12/abcdefgh' } };
    const file = png();
    const uploading = uploadLogo(12, file);
    expect($logoUpload.get()).toMatchObject({ busy: true, error: '' });
    expect($logoStatus.get()).toBe('Uploading acme.png…');
    // Another pick while it uploads sends nothing.
    expect(await uploadLogo(12, png('other.png'))).toBe(false);
    expect(await uploading).toBe(true);

    expect(posts).toEqual([{ url: '/api/onboarding/logo?orderId=12', body: file }]);
    expect($logoUpload.get()).toMatchObject({ busy: false, error: '' });
    expect($logoStatus.get()).toBe('acme.png uploaded.');
    expect(stepForms.businessInfo.$values.get()).toMatchObject({
      logoUrl: '/api/onboarding/logo/12/abcdefgh',
      logoFile: 'acme.png',
    });
    expect(stepForms.designPreferences.$values.get().logoUpload).toBe(true);

    // Remove logo: gone from the answers; the design choice stays as the client left it.
    setLogo('', '');
    expect(stepForms.businessInfo.$values.get()).toMatchObject({ logoUrl: '', logoFile: '' });
    expect(stepForms.designPreferences.$values.get().logoUpload).toBe(true);
  });

  it('refuses a wrong type or a large file without a request', async () => {
    const gif = new File(['GIF89a'], 'logo.gif', { type: 'image/gif' });
    expect(await uploadLogo(12, gif)).toBe(false);
    expect($logoUpload.get().error).toBe('Please upload a PNG, JPEG or WebP image.');
    expect(await uploadLogo(12, png('huge.png', 2 * 1024 * 1024 + 1))).toBe(false);
    expect($logoUpload.get().error).toBe('The logo must be 2 MB or smaller.');
    expect(posts).toEqual([]);
    expect($logoStatus.get()).toBe('');
  });

  it('says why an upload failed: the server’s sentence, else a plain one', async () => {
    routes[LOGO_ROUTE] = { status: 415, body: { error: 'That file is not a PNG, JPEG or WebP.' } };
    expect(await uploadLogo(12, png())).toBe(true);
    expect($logoUpload.get()).toMatchObject({
      busy: false,
      error: 'That file is not a PNG, JPEG or WebP.',
    });
    expect($logoStatus.get()).toBe('');

    for (const route of [{ network: true }, { body: {} }]) {
      routes[LOGO_ROUTE] = route;
      await uploadLogo(12, png());
      expect($logoUpload.get().error).toBe(LOGO_UPLOAD_ERROR);
    }
    expect(stepForms.businessInfo.$values.get().logoUrl).toBe('');

    resetLogoUpload();
    expect($logoUpload.get()).toEqual({ busy: false, error: '', result: undefined });
  });
});
