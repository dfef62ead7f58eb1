import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notification } from '../../lib/notifications';
import {
  DASHBOARD_ERROR,
  LINK_EMAIL_NEEDED,
  LINK_EMAIL_WRONG,
  LINK_OTHER_BROWSER,
  MAGIC_LINK_INVALID,
  STATUS_ERROR,
} from '../clients/clients';
import {
  PRIVACY_LOAD_ERROR,
  PRIVACY_REQUEST_ERROR,
  type DashboardView,
  type PrivacyRequestView,
} from './dashboard';
import {
  $busy,
  $confirmingErase,
  $integration,
  $linkNotice,
  $pendingLink,
  $pendingToken,
  $privacyBusy,
  $privacyNotice,
  $privacyRequests,
  $session,
  askForPrivacyAction,
  BILLING_ERROR,
  browser,
  confirmErase,
  canConnectCrm,
  connectCrm,
  LOAD_ERROR,
  loadDashboard,
  loadPrivacyRequests,
  openBillingPortal,
  openCrmDashboard,
  signInWithPendingLink,
  signOut,
  startDashboard,
} from './dashboard.store';
import { useFetchRoutes } from '../../testing/fetch-routes';
import { stubLocalStorage } from '../../testing/local-storage';
import { writeDraft } from '../../components/form/draft';
import { SESSION_HINT_KEYS } from '../../page-runtime/session-hint';

const view: DashboardView = {
  client: { id: 7, name: 'Ada', email: 'ada@example.com' },
  wholeAccount: true,
  orders: [],
  subscriptions: [],
  billing: { hasSubscription: false, simulated: true },
};

const { routes, calls } = useFetchRoutes();
const assigned: string[] = [];
const replaced: string[] = [];

beforeEach(() => {
  assigned.length = 0;
  replaced.length = 0;
  vi.spyOn(browser, 'assign').mockImplementation((url) => void assigned.push(url));
  vi.spyOn(browser, 'replaceUrl').mockImplementation((url) => void replaced.push(url));
});

afterEach(() => {
  vi.restoreAllMocks();
  $session.set({ state: 'loading' });
  $integration.set({ state: 'checking' });
  $pendingToken.set(null);
  $linkNotice.set('');
  $busy.set(false);
  $notification.set(null);
  $pendingLink.set(null);
  $privacyRequests.set({ state: 'loading' });
  $privacyNotice.set(null);
  $confirmingErase.set(false);
  $privacyBusy.set(false);
  cleanStores(
    $session,
    $integration,
    $pendingToken,
    $pendingLink,
    $linkNotice,
    $busy,
    $notification,
    $privacyRequests,
    $privacyNotice,
    $confirmingErase,
    $privacyBusy,
  );
});

const signedIn = () => {
  routes['GET /api/dashboard'] = { body: view };
  routes['GET /api/gohighlevel/status/7'] = { body: { isLinked: false, simulated: true } };
};

describe('loading the dashboard', () => {
  it('shows a signed-in client with the CRM status of the client it acts for', async () => {
    signedIn();
    await loadDashboard();
    expect($session.get()).toEqual({ state: 'signed-in', view });
    expect($integration.get()).toEqual({ state: 'known', isLinked: false, simulated: true });
  });

  it('is signed out without a session, quietly', async () => {
    routes['GET /api/dashboard'] = { body: { client: null } };
    await loadDashboard();
    expect($session.get()).toEqual({ state: 'anonymous' });
    expect($integration.get()).toEqual({ state: 'known', isLinked: false, simulated: false });
    expect($notification.get()).toBeNull();
  });

  it('says so when the dashboard or the CRM status cannot be loaded', async () => {
    routes['GET /api/dashboard'] = { status: 503, body: { error: 'down' } };
    await loadDashboard();
    expect($session.get()).toEqual({ state: 'anonymous' });
    expect($notification.get()?.description).toBe(LOAD_ERROR);

    routes['GET /api/dashboard'] = { body: view };
    routes['GET /api/gohighlevel/status/7'] = { status: 502, body: { error: STATUS_ERROR } };
    await loadDashboard();
    expect($integration.get()).toEqual({ state: 'known', isLinked: false, simulated: false });
    expect($notification.get()?.description).toBe(STATUS_ERROR);
  });

  it('remembers in this browser whether the server found a session, for the next first paint', async () => {
    const storage = stubLocalStorage();
    signedIn();
    await loadDashboard();
    expect(storage.get(SESSION_HINT_KEYS.client)).toBe('1');

    // A lookup that failed says nothing about the session.
    routes['GET /api/dashboard'] = { status: 503, body: { error: 'down' } };
    await loadDashboard();
    expect(storage.get(SESSION_HINT_KEYS.client)).toBe('1');

    routes['GET /api/dashboard'] = { body: { client: null } };
    await loadDashboard();
    expect(storage.has(SESSION_HINT_KEYS.client)).toBe(false);
  });

  it('loads the same without storage (blocked or missing)', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      removeItem: () => {},
    });
    signedIn();
    await loadDashboard();
    expect($session.get()).toEqual({ state: 'signed-in', view });
  });

  it('asks no CRM status for an order session that may not act for the client', async () => {
    routes['GET /api/dashboard'] = { body: { ...view, client: { ...view.client, id: null } } };
    await loadDashboard();
    expect(calls.map((c) => c.url)).toEqual(['/api/dashboard']);
  });
});

describe('sign-in links', () => {
  it('takes the token out of the address, names the account and uses it only on Sign in', async () => {
    signedIn();
    routes['POST /api/auth/magic/preview'] = {
      body: { state: 'ready', account: 'a•••@example.com' },
    };
    await startDashboard('https://site.example/dashboard?token=abc&x=1#top');
    expect(replaced).toEqual(['/dashboard?x=1#top']);
    expect($pendingToken.get()).toBe('abc');
    expect($pendingLink.get()).toEqual({ state: 'ready', account: 'a•••@example.com' });
    expect(calls.find((c) => c.url === '/api/auth/magic/preview')?.body).toEqual({ token: 'abc' });
    expect(calls.some((c) => c.url === '/api/auth/magic')).toBe(false);

    routes['POST /api/auth/magic'] = { body: { ok: true } };
    await signInWithPendingLink();
    expect(calls.find((c) => c.url === '/api/auth/magic')?.body).toEqual({ token: 'abc' });
    expect($pendingToken.get()).toBeNull();
    expect($pendingLink.get()).toBeNull();
    expect($linkNotice.get()).toBe('');
    expect($busy.get()).toBe(false);
  });

  it('explains a used or expired link at once, and a failed one from the address', async () => {
    signedIn();
    routes['POST /api/auth/magic/preview'] = { body: { state: 'invalid' } };
    await startDashboard('https://site.example/dashboard?token=old');
    expect($linkNotice.get()).toBe(MAGIC_LINK_INVALID);
    expect($pendingToken.get()).toBeNull();
    expect($pendingLink.get()).toBeNull();

    // A link that expires between the question and the press.
    $linkNotice.set('');
    routes['POST /api/auth/magic/preview'] = { body: { state: 'ready', account: 'a•••@x.co' } };
    await startDashboard('https://site.example/dashboard?token=late');
    routes['POST /api/auth/magic'] = { status: 400, body: { error: 'used' } };
    await signInWithPendingLink();
    expect($linkNotice.get()).toBe(MAGIC_LINK_INVALID);

    $linkNotice.set('');
    await startDashboard('https://site.example/dashboard?signin=invalid');
    expect($linkNotice.get()).toBe(MAGIC_LINK_INVALID);
  });

  it('asks before a signed-in browser switches to another account, and says it agreed', async () => {
    signedIn();
    routes['POST /api/auth/magic/preview'] = {
      body: { state: 'ready', account: 'm•••@example.com', current: 'a•••@example.com' },
    };
    await startDashboard('https://site.example/dashboard?token=planted');
    expect($pendingLink.get()).toEqual({
      state: 'ready',
      account: 'm•••@example.com',
      current: 'a•••@example.com',
    });
    routes['POST /api/auth/magic'] = { body: { success: true } };
    await signInWithPendingLink();
    expect(calls.find((c) => c.url === '/api/auth/magic')?.body).toEqual({
      token: 'planted',
      switchAccount: true,
    });
  });

  it('refuses a link requested in another browser, offering no Sign in', async () => {
    signedIn();
    routes['POST /api/auth/magic/preview'] = { body: { state: 'other-browser' } };
    await startDashboard('https://site.example/dashboard?token=forwarded');
    expect($pendingLink.get()).toEqual({ state: 'other-browser' });

    // No Sign in is offered, so the action sends nothing.
    await signInWithPendingLink();
    expect(calls.some((c) => c.url === '/api/auth/magic')).toBe(false);
  });

  it('says so when the server refuses a link the preview offered (a stale page)', async () => {
    routes['POST /api/auth/magic/preview'] = {
      body: { state: 'ready', account: 'a•••@x.example' },
    };
    await startDashboard('https://site.example/dashboard?token=forwarded');
    routes['POST /api/auth/magic'] = { status: 403, body: { error: LINK_OTHER_BROWSER } };
    await signInWithPendingLink();
    expect($linkNotice.get()).toBe(LINK_OTHER_BROWSER);
    expect($pendingLink.get()).toBeNull();
  });

  it('asks for the full address of an order e-mail’s link, and keeps the link on a wrong one', async () => {
    routes['POST /api/auth/magic/preview'] = {
      body: { state: 'ready', account: 'a•••@x.example', askEmail: true },
    };
    await startDashboard('https://site.example/dashboard?token=ordered');
    expect($pendingLink.get()).toEqual({
      state: 'ready',
      account: 'a•••@x.example',
      askEmail: true,
    });
    await signInWithPendingLink('  ');
    expect(calls.some((c) => c.url === '/api/auth/magic')).toBe(false);
    expect($pendingLink.get()).toMatchObject({ error: LINK_EMAIL_NEEDED });

    routes['POST /api/auth/magic'] = { status: 403, body: { error: LINK_EMAIL_WRONG } };
    await signInWithPendingLink('ada@x.example.com');
    expect(calls.find((c) => c.url === '/api/auth/magic')?.body).toEqual({
      token: 'ordered',
      email: 'ada@x.example.com',
    });
    expect($pendingLink.get()).toMatchObject({ state: 'ready', error: LINK_EMAIL_WRONG });
    expect($linkNotice.get()).toBe('');

    routes['POST /api/auth/magic'] = { body: { success: true } };
    await signInWithPendingLink('ada@x.example');
    expect($pendingLink.get()).toBeNull();
  });

  it('sends an old demo-portal link (?portal=demo) to the demo portal page', async () => {
    await startDashboard('https://site.example/dashboard?portal=demo&location=demo-0123');
    expect(assigned).toEqual(['/dashboard/demo-portal?location=demo-0123']);
  });
});

describe('the CRM', () => {
  it('needs a client to act for', async () => {
    expect(await connectCrm()).toBe(false);
    expect(await openCrmDashboard()).toBe(false);
    expect(calls).toEqual([]);
  });

  it('sends a browser that only paid to confirm its address instead of connecting', async () => {
    routes['GET /api/dashboard'] = { body: { ...view, wholeAccount: false } };
    routes['GET /api/gohighlevel/status/7'] = { body: { isLinked: false, simulated: true } };
    await loadDashboard();
    expect(canConnectCrm()).toBe(false);
    expect(await connectCrm()).toBe(false);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    signedIn();
    await loadDashboard();
    expect(canConnectCrm()).toBe(true);
  });

  it('connects, then reloads the status; a refusal shows the server’s sentence', async () => {
    signedIn();
    await loadDashboard();
    routes['POST /api/gohighlevel/connect/7'] = { body: { isLinked: true } };
    routes['GET /api/gohighlevel/status/7'] = { body: { isLinked: true, simulated: true } };
    expect(await connectCrm()).toBe(true);
    expect($notification.get()?.title).toBe('Account linked');
    expect($integration.get()).toEqual({ state: 'known', isLinked: true, simulated: true });

    routes['POST /api/gohighlevel/connect/7'] = { status: 502, body: { error: 'CRM is down.' } };
    await connectCrm();
    expect($notification.get()?.description).toBe('CRM is down.');
    routes['POST /api/gohighlevel/connect/7'] = { network: true };
    await connectCrm();
    expect($notification.get()?.description).toBe(DASHBOARD_ERROR);
    expect($busy.get()).toBe(false);
  });

  it('opens the CRM dashboard only at a safe address', async () => {
    signedIn();
    await loadDashboard();
    routes['GET /api/gohighlevel/dashboard/7'] = {
      body: { dashboardUrl: 'https://app.gohighlevel.com/location/L1' },
    };
    await openCrmDashboard();
    routes['GET /api/gohighlevel/dashboard/7'] = { body: { dashboardUrl: 'javascript:alert(1)' } };
    await openCrmDashboard();
    expect(assigned).toEqual(['https://app.gohighlevel.com/location/L1', '/dashboard']);
    routes['GET /api/gohighlevel/dashboard/7'] = { status: 404, body: { error: 'x' } };
    await openCrmDashboard();
    expect($notification.get()?.description).toBe(DASHBOARD_ERROR);
  });
});

describe('billing and signing out', () => {
  it('opens the billing portal, or says why not', async () => {
    routes['POST /api/billing-portal'] = { body: { url: 'https://billing.stripe.com/p/1' } };
    expect(await openBillingPortal()).toBe(true);
    expect(assigned).toEqual(['https://billing.stripe.com/p/1']);
    routes['POST /api/billing-portal'] = { status: 409, body: { error: 'No billing account.' } };
    expect(await openBillingPortal()).toBe(false);
    expect($notification.get()?.description).toBe('No billing account.');
    routes['POST /api/billing-portal'] = { body: {} };
    expect(await openBillingPortal()).toBe(false);
    expect($notification.get()?.description).toBe(BILLING_ERROR);
  });

  it('signs out here or everywhere, and shows the signed-out dashboard even offline', async () => {
    routes['POST /api/auth/signout'] = { body: {} };
    await signOut();
    await signOut(true);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/auth/signout',
      'POST /api/auth/signout-everywhere',
    ]);
    expect(assigned).toEqual(['/dashboard', '/dashboard']);
  });

  it('forgets the session hint, so the signed-out page opens on the sign-in card', async () => {
    const storage = stubLocalStorage({ [SESSION_HINT_KEYS.client]: '1' });
    routes['POST /api/auth/signout'] = { body: {} };
    await signOut();
    expect(storage.has(SESSION_HINT_KEYS.client)).toBe(false);
  });

  it('leaves no onboarding draft (personal data) behind in the browser', async () => {
    const storage = stubLocalStorage({ unrelated: 'kept' });
    writeDraft('onboarding-draft:7', { businessName: 'Acme', phone: '555-0142' });
    writeDraft('client-onboarding-draft', { values: { email: 'ada@example.com' } });
    routes['POST /api/auth/signout-everywhere'] = { body: {} };
    await signOut(true);
    // Before: both drafts stayed in localStorage after signing out.
    expect([...storage.keys()]).toEqual(['unrelated']);
  });
});

describe('your data', () => {
  const pendingExport: PrivacyRequestView = {
    id: 3,
    kind: 'export',
    requestedAt: '2026-11-27T10:00:00.000Z',
    dueAt: '2026-12-27T10:00:00.000Z',
    completedAt: null,
    downloadUntil: null,
  };
  const erase: PrivacyRequestView = { ...pendingExport, id: 4, kind: 'erase' };

  it('loads the client’s requests, and says so in the section when it cannot', async () => {
    routes['GET /api/privacy/requests'] = { body: { requests: [pendingExport] } };
    await loadPrivacyRequests();
    expect($privacyRequests.get()).toEqual({ state: 'known', requests: [pendingExport] });

    routes['GET /api/privacy/requests'] = { status: 503, body: { error: 'down' } };
    await loadPrivacyRequests();
    expect($privacyRequests.get()).toEqual({ state: 'error' });
    expect($privacyNotice.get()).toEqual({ text: PRIVACY_LOAD_ERROR, error: true });
    // The rest of the page is not interrupted by a toast.
    expect($notification.get()).toBeNull();
  });

  it('asks for a copy and shows it pending with the date we answer by', async () => {
    routes['GET /api/privacy/requests'] = { body: { requests: [] } };
    await loadPrivacyRequests();
    routes['POST /api/privacy/requests'] = {
      status: 201,
      body: { request: pendingExport, created: true },
    };
    expect(await askForPrivacyAction('export')).toBe(true);
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/privacy/requests',
      body: { kind: 'export' },
    });
    expect($privacyRequests.get()).toEqual({ state: 'known', requests: [pendingExport] });
    expect($privacyNotice.get()).toEqual({
      text: 'Your request was sent. We will answer by December 27, 2026 and e-mail you when your data is ready.',
      error: false,
    });
    expect($privacyBusy.get()).toBe(false);

    // Asking again answers the open request: it is not listed twice.
    routes['POST /api/privacy/requests'] = { body: { request: pendingExport, created: false } };
    await askForPrivacyAction('export');
    expect($privacyRequests.get()).toEqual({ state: 'known', requests: [pendingExport] });
    expect($privacyNotice.get()?.text).toMatch(/^You have already asked\. We will answer by/);
  });

  it('deletes the account only through the confirmation step, which a refusal leaves open', async () => {
    routes['GET /api/privacy/requests'] = { body: { requests: [pendingExport] } };
    await loadPrivacyRequests();
    confirmErase(true);
    expect($confirmingErase.get()).toBe(true);
    confirmErase(false);
    expect($confirmingErase.get()).toBe(false);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    confirmErase(true);
    routes['POST /api/privacy/requests'] = {
      status: 403,
      body: { error: 'Please confirm your e-mail address with a sign-in link.' },
    };
    expect(await askForPrivacyAction('erase')).toBe(false);
    expect($confirmingErase.get()).toBe(true);
    expect($privacyNotice.get()).toEqual({
      text: 'Please confirm your e-mail address with a sign-in link.',
      error: true,
    });
    routes['POST /api/privacy/requests'] = { network: true };
    await askForPrivacyAction('erase');
    expect($privacyNotice.get()).toEqual({ text: PRIVACY_REQUEST_ERROR, error: true });

    routes['POST /api/privacy/requests'] = { status: 201, body: { request: erase, created: true } };
    expect(await askForPrivacyAction('erase')).toBe(true);
    expect($confirmingErase.get()).toBe(false);
    expect($privacyRequests.get()).toEqual({ state: 'known', requests: [erase, pendingExport] });
    expect($privacyNotice.get()?.text).toBe(
      'Your request was sent. We will answer by December 27, 2026 and e-mail you when your account is deleted.',
    );
  });
});
