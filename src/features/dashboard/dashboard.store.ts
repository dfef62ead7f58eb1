import { atom } from 'nanostores';
import { notify } from '../../lib/notifications';
import { RequestError, requestJson, sendRequest } from '../../lib/request-json';
import {
  DASHBOARD_ERROR,
  LINK_EMAIL_NEEDED,
  LINK_EMAIL_WRONG,
  LINK_OTHER_BROWSER,
  MAGIC_LINK_INVALID,
  SIGN_IN_TOKEN_PARAM,
  STATUS_ERROR,
} from '../clients/clients';
import { rememberSession } from '../../page-runtime/session-hint';
import { clearAllDrafts } from '../../components/form/draft';
import { safeRedirect } from '../order-onboarding/order-onboarding';
import {
  longDate,
  PRIVACY_LOAD_ERROR,
  PRIVACY_REQUEST_ERROR,
  requestSent,
  type DashboardResponse,
  type DashboardView,
  type PrivacyRequestAnswer,
  type PrivacyRequestKind,
  type PrivacyRequestsResponse,
  type PrivacyRequestView,
  type SimulatedBillingAction,
} from './dashboard';

type DashboardSession =
  { state: 'loading' } | { state: 'anonymous' } | { state: 'signed-in'; view: DashboardView };
export type Integration =
  { state: 'checking' } | { state: 'known'; isLinked: boolean; simulated: boolean };

export const $session = atom<DashboardSession>({ state: 'loading' });
export const $integration = atom<Integration>({ state: 'checking' });
/** A sign-in link's token waiting for the visitor to press "Sign in" (opening a link uses nothing up). */
export const $pendingToken = atom<string | null>(null);
// `ready`: the account the link opens (`current`: another one this browser is in); `askEmail`: an
// order e-mail's link needs the full address; `error`: why the last try was refused.
type PendingLink =
  | { state: 'checking' }
  | { state: 'ready'; account: string; current?: string; askEmail?: boolean; error?: string }
  | { state: 'other-browser' };
export const $pendingLink = atom<PendingLink | null>(null);
export const $linkNotice = atom('');
export const $busy = atom(false);

export const LOAD_ERROR = 'Your dashboard could not be loaded. Please reload the page.';
export const BILLING_ERROR = 'The billing portal could not be opened. Please try again.';

const NOT_LINKED: Integration = { state: 'known', isLinked: false, simulated: false };

/** Where the browser goes next (a seam for tests). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  replaceUrl: (url: string) => window.history.replaceState(null, '', url),
};

function showError(description: string) {
  notify({ title: 'Error', description, variant: 'destructive' });
}

/** The client the browser may act for in the CRM; null until the address is confirmed. */
export function actingClientId(): number | null {
  const session = $session.get();
  return session.state === 'signed-in' ? session.view.client.id : null;
}

async function loadIntegration(clientId: number): Promise<void> {
  $integration.set({ state: 'checking' });
  try {
    const body = await requestJson<{ isLinked?: boolean; simulated?: boolean }>(
      'GET',
      `/api/gohighlevel/status/${clientId}`,
    );
    if (typeof body.isLinked !== 'boolean') throw new Error('status');
    $integration.set({
      state: 'known',
      isLinked: body.isLinked,
      simulated: Boolean(body.simulated),
    });
  } catch {
    showError(STATUS_ERROR);
    $integration.set(NOT_LINKED);
  }
}

export async function loadDashboard(): Promise<void> {
  try {
    const body = await requestJson<DashboardResponse>('GET', '/api/dashboard');
    rememberSession('client', Boolean(body.client));
    if (body.client) {
      $session.set({ state: 'signed-in', view: body });
      if (body.client.id !== null) await loadIntegration(body.client.id);
      else $integration.set(NOT_LINKED);
      return;
    }
  } catch {
    showError(LOAD_ERROR);
  }
  $session.set({ state: 'anonymous' });
  $integration.set(NOT_LINKED);
}

/** Where Demo Mode's portal lives (links sent before it had a page of its own used ?portal=demo). */
const DEMO_PORTAL_PATH = '/dashboard/demo-portal';

/** The single-use token leaves the address bar and history at once. */
export async function startDashboard(href: string): Promise<void> {
  const url = new URL(href);
  const token = url.searchParams.get(SIGN_IN_TOKEN_PARAM);
  if (url.searchParams.get('portal') === 'demo') {
    const location = url.searchParams.get('location');
    browser.assign(
      location ? `${DEMO_PORTAL_PATH}?location=${encodeURIComponent(location)}` : DEMO_PORTAL_PATH,
    );
    return;
  }
  if (url.searchParams.get('signin') === 'invalid') $linkNotice.set(MAGIC_LINK_INVALID);
  if (token) {
    url.searchParams.delete(SIGN_IN_TOKEN_PARAM);
    browser.replaceUrl(url.pathname + url.search + url.hash);
    $pendingToken.set(token);
    $pendingLink.set({ state: 'checking' });
    await Promise.all([previewPendingLink(token), loadDashboard()]);
    return;
  }
  await loadDashboard();
}

/** Asks which account the link opens (nothing is used up); an unusable link is explained. */
async function previewPendingLink(token: string): Promise<void> {
  try {
    const preview = await requestJson<{
      state?: string;
      account?: string;
      current?: string;
      askEmail?: boolean;
    }>('POST', '/api/auth/magic/preview', { token });
    if (preview.state === 'ready' && preview.account) {
      $pendingLink.set({
        state: 'ready',
        account: preview.account,
        ...(preview.current ? { current: preview.current } : {}),
        ...(preview.askEmail ? { askEmail: true } : {}),
      });
      return;
    }
    if (preview.state === 'other-browser') {
      $pendingLink.set({ state: 'other-browser' });
      return;
    }
  } catch {
    // Without the account's name the link is not offered: the visitor can ask for a new one.
  }
  $pendingToken.set(null);
  $pendingLink.set(null);
  $linkNotice.set(MAGIC_LINK_INVALID);
}

export async function signInWithPendingLink(email?: string): Promise<void> {
  const token = $pendingToken.get();
  const pending = $pendingLink.get();
  if (!token || pending?.state !== 'ready') return;
  const typed = email?.trim() ?? '';
  if (pending.askEmail && !typed) {
    $pendingLink.set({ ...pending, error: LINK_EMAIL_NEEDED });
    return;
  }
  // The press on "Switch to …?" is the consent the server asks for.
  const switchAccount = Boolean(pending.current);
  $busy.set(true);
  try {
    await sendRequest('POST', '/api/auth/magic', {
      token,
      ...(switchAccount ? { switchAccount } : {}),
      ...(pending.askEmail ? { email: typed } : {}),
    });
  } catch (error) {
    $busy.set(false);
    if (error instanceof RequestError && error.detail === LINK_EMAIL_WRONG) {
      $pendingLink.set({ ...pending, error: LINK_EMAIL_WRONG });
      return;
    }
    $linkNotice.set(
      error instanceof RequestError && error.status === 403
        ? LINK_OTHER_BROWSER
        : MAGIC_LINK_INVALID,
    );
  }
  $pendingToken.set(null);
  $pendingLink.set(null);
  $busy.set(false);
  await loadDashboard();
}

export function dismissPendingLink(): void {
  $pendingToken.set(null);
  $pendingLink.set(null);
}

export async function openCrmDashboard(): Promise<boolean> {
  const clientId = actingClientId();
  if (clientId === null) return false;
  $busy.set(true);
  try {
    const { dashboardUrl } = await requestJson<{ dashboardUrl?: string }>(
      'GET',
      `/api/gohighlevel/dashboard/${clientId}`,
    );
    if (!dashboardUrl) throw new Error('link');
    browser.assign(safeRedirect(dashboardUrl));
  } catch {
    showError(DASHBOARD_ERROR);
  } finally {
    $busy.set(false);
  }
  return true;
}

export function canConnectCrm(): boolean {
  const session = $session.get();
  return session.state === 'signed-in' && session.view.wholeAccount && actingClientId() !== null;
}

export async function connectCrm(): Promise<boolean> {
  const clientId = actingClientId();
  if (clientId === null || !canConnectCrm()) return false;
  $busy.set(true);
  try {
    const body = await requestJson<{ isLinked?: boolean }>(
      'POST',
      `/api/gohighlevel/connect/${clientId}`,
    );
    if (!body.isLinked) throw new Error(DASHBOARD_ERROR);
    notify({ title: 'Account linked', description: 'Your GoHighLevel account is ready to use.' });
    await loadIntegration(clientId);
  } catch (error) {
    showError((error instanceof RequestError && error.detail) || DASHBOARD_ERROR);
  } finally {
    $busy.set(false);
  }
  return true;
}

export async function openBillingPortal(): Promise<boolean> {
  try {
    const { url } = await requestJson<{ url?: string }>('POST', '/api/billing-portal');
    if (!url) throw new Error('portal');
    browser.assign(url);
    return true;
  } catch (error) {
    showError((error instanceof RequestError && error.detail) || BILLING_ERROR);
    return false;
  }
}

const SIMULATION_ERROR = 'The simulation could not be run. Please try again.';

export async function simulateBilling(
  orderId: number,
  action: SimulatedBillingAction,
): Promise<string | null> {
  $busy.set(true);
  try {
    const { message } = await requestJson<{ message?: string }>(
      'POST',
      '/api/test/simulate-billing',
      { orderId, action },
    );
    await loadDashboard();
    const done = message ?? 'Done.';
    notify({ title: 'Simulated', description: done });
    return done;
  } catch (error) {
    showError((error instanceof RequestError && error.detail) || SIMULATION_ERROR);
    return null;
  } finally {
    $busy.set(false);
  }
}

export async function signOut(everywhere = false): Promise<void> {
  await sendRequest(
    'POST',
    everywhere ? '/api/auth/signout-everywhere' : '/api/auth/signout',
  ).catch(() => undefined);
  // The page that follows shows the sign-in card at once, not "Loading…" for a session just
  // ended; and no onboarding answers stay behind in this browser.
  rememberSession('client', false);
  clearAllDrafts();
  browser.assign('/dashboard');
}

type PrivacyRequests =
  { state: 'loading' } | { state: 'error' } | { state: 'known'; requests: PrivacyRequestView[] };
export const $privacyRequests = atom<PrivacyRequests>({ state: 'loading' });
export const $privacyNotice = atom<{ text: string; error: boolean } | null>(null);
export const $confirmingErase = atom(false);
export const $privacyBusy = atom(false);

/** Loads the client's requests; a failure is said in the section (the rest of the page works). */
export async function loadPrivacyRequests(): Promise<void> {
  try {
    const body = await requestJson<PrivacyRequestsResponse>('GET', '/api/privacy/requests');
    if (!Array.isArray(body.requests)) throw new Error('requests');
    $privacyRequests.set({ state: 'known', requests: body.requests });
  } catch {
    $privacyRequests.set({ state: 'error' });
    $privacyNotice.set({ text: PRIVACY_LOAD_ERROR, error: true });
  }
}

export function confirmErase(open: boolean): void {
  $confirmingErase.set(open);
  $privacyNotice.set(null);
}

/** A refusal keeps the confirmation step open and says why. */
export async function askForPrivacyAction(kind: PrivacyRequestKind): Promise<boolean> {
  $privacyBusy.set(true);
  $privacyNotice.set(null);
  try {
    const { request, created } = await requestJson<PrivacyRequestAnswer>(
      'POST',
      '/api/privacy/requests',
      { kind },
    );
    if (!request?.dueAt) throw new Error('request');
    const current = $privacyRequests.get();
    const others = current.state === 'known' ? current.requests : [];
    $privacyRequests.set({
      state: 'known',
      requests: [request, ...others.filter((r) => r.id !== request.id)],
    });
    $confirmingErase.set(false);
    $privacyNotice.set({ text: requestSent(kind, longDate(request.dueAt), created), error: false });
    return true;
  } catch (error) {
    $privacyNotice.set({
      text: (error instanceof RequestError && error.detail) || PRIVACY_REQUEST_ERROR,
      error: true,
    });
    return false;
  } finally {
    $privacyBusy.set(false);
  }
}
