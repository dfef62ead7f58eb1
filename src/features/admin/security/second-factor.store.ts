import { atom } from 'nanostores';
import { STEP_UP_REQUIRED } from '../../../lib/admin-auth';
import { notify } from '../../../lib/notifications';
import { ADMIN_REQUEST_HEADERS } from '../admin';
import { $adminUser, AdminApiError, adminFetch, downloadedFile, saveFile } from '../shell/api';
import type { EnrolAnswer, FactorStatus, TotpEnrolment } from '../../../server/auth/factor-steps';
import { sessionEnded } from '../shell/session.store';

export const $totpEnrolment = atom<TotpEnrolment | null>(null);
export const $recoveryCodes = atom<string[] | null>(null);
export const $factorError = atom('');
export const $factorBusy = atom(false);
export const $factorStatus = atom<FactorStatus | null>(null);
/** Step-up: the dialog asking for the factor again is open while this is set. */
export const $stepUp = atom<{ resolve: (verified: boolean) => void } | null>(null);

async function busy<T>(work: () => Promise<T>): Promise<T | undefined> {
  $factorBusy.set(true);
  $factorError.set('');
  try {
    return await work();
  } catch (error) {
    // The session has ended (api.ts shows the sign-in form): that form says why.
    if (error instanceof AdminApiError && error.status === 401) {
      sessionEnded(error.message);
      $stepUp.get()?.resolve(false);
      $stepUp.set(null);
      return undefined;
    }
    $factorError.set(
      error instanceof AdminApiError
        ? error.message
        : error instanceof Error && error.name === 'NotAllowedError'
          ? 'The passkey request was cancelled or timed out. Please try again.'
          : 'That did not work. Please try again.',
    );
    return undefined;
  } finally {
    $factorBusy.set(false);
  }
}

const webauthn = () => import('@simplewebauthn/browser');

function verified() {
  const user = $adminUser.get();
  if (user) $adminUser.set({ ...user, stage: 'ready' });
  const step = $stepUp.get();
  $stepUp.set(null);
  step?.resolve(true);
}

function enrolled(answer: EnrolAnswer | undefined) {
  if (!answer) return;
  $totpEnrolment.set(null);
  if (answer.recoveryCodes) $recoveryCodes.set(answer.recoveryCodes);
  void loadFactors();
}

export async function startTotpEnrolment(): Promise<void> {
  const enrolment = await busy(() =>
    adminFetch<TotpEnrolment>('/api/admin/factors/totp', { method: 'POST' }),
  );
  if (enrolment) $totpEnrolment.set(enrolment);
}

export async function confirmTotpEnrolment(code: string, label: string): Promise<void> {
  enrolled(
    await busy(() =>
      adminFetch<EnrolAnswer>('/api/admin/factors/totp/confirm', {
        method: 'POST',
        body: { code, label },
      }),
    ),
  );
}

export function cancelTotpEnrolment(): void {
  $totpEnrolment.set(null);
  $factorError.set('');
}

export async function enrolPasskey(label: string): Promise<void> {
  enrolled(
    await busy(async () => {
      const { startRegistration } = await webauthn();
      const optionsJSON = await adminFetch<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        '/api/admin/factors/passkey/options',
        { method: 'POST' },
      );
      const response = await startRegistration({ optionsJSON });
      return adminFetch<EnrolAnswer>('/api/admin/factors/passkey', {
        method: 'POST',
        body: { response, label },
      });
    }),
  );
}

export function recoveryCodesSaved(): void {
  $recoveryCodes.set(null);
  const user = $adminUser.get();
  if (user?.stage === 'enrol') verified();
}

export async function verifyWithPasskey(): Promise<void> {
  const ok = await busy(async () => {
    const { startAuthentication } = await webauthn();
    const optionsJSON = await adminFetch<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
      '/api/admin/verify/options',
      { method: 'POST' },
    );
    const response = await startAuthentication({ optionsJSON });
    return adminFetch<{ ok: boolean }>('/api/admin/verify', {
      method: 'POST',
      body: { method: 'passkey', response },
    });
  });
  if (ok) verified();
}

/** A code typed at sign-in: six digits are the app's, anything else a recovery code. */
export async function verifyWithCode(code: string): Promise<void> {
  const typed = code.trim();
  const method = /^\d{3}\s?\d{3}$/.test(typed) ? 'totp' : 'recovery';
  const ok = await busy(() =>
    adminFetch<{ ok: boolean }>('/api/admin/verify', {
      method: 'POST',
      body: { method, code: typed },
    }),
  );
  if (ok) verified();
}

/** Runs `action` again after a step-up if the server asks; undefined if the dialog was closed. */
export async function withStepUp<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    if (!(
      error instanceof AdminApiError &&
      error.status === 403 &&
      error.message === STEP_UP_REQUIRED
    ))
      throw error;
  }
  $factorError.set('');
  const confirmed = await new Promise<boolean>((resolve) => $stepUp.set({ resolve }));
  return confirmed ? action() : undefined;
}

export function cancelStepUp(): void {
  const step = $stepUp.get();
  $stepUp.set(null);
  step?.resolve(false);
}

/** Fetched rather than linked, so a step-up can come first. */
export async function downloadExport(href: string): Promise<void> {
  const file = await withStepUp(async () => {
    const res = await fetch(href, { credentials: 'same-origin', headers: ADMIN_REQUEST_HEADERS });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      throw new AdminApiError(res.status, body.error ?? `Export failed (${res.status}).`);
    }
    return downloadedFile(res, 'export.csv');
  }).catch((error: unknown) => {
    $factorError.set(error instanceof AdminApiError ? error.message : 'The export failed.');
    return undefined;
  });
  if (file) saveFile(file);
}

export async function loadFactors(): Promise<void> {
  const status = await busy(() => adminFetch<FactorStatus>('/api/admin/factors'));
  if (status) $factorStatus.set(status);
}

export async function removeFactor(id: number): Promise<void> {
  await busy(() => withStepUp(() => adminFetch(`/api/admin/factors/${id}`, { method: 'DELETE' })));
  await loadFactors();
}

export async function renewRecoveryCodes(): Promise<void> {
  const answer = await busy(() =>
    withStepUp(() =>
      adminFetch<{ recoveryCodes: string[] }>('/api/admin/factors/recovery-codes', {
        method: 'POST',
      }),
    ),
  );
  if (answer) $recoveryCodes.set(answer.recoveryCodes);
  await loadFactors();
}

export async function signOutOtherSessions(): Promise<void> {
  const answer = await busy(() =>
    withStepUp(() => adminFetch<{ ended: number }>('/api/admin/logout/others', { method: 'POST' })),
  );
  if (!answer) return;
  notify({
    title: 'Other sessions signed out',
    description:
      answer.ended === 0
        ? 'No other browser was signed in as you.'
        : `${answer.ended} other session${answer.ended === 1 ? ' was' : 's were'} signed out.`,
  });
}

/** Adding a factor to an account that has one is an account change: step-up first. */
export async function addTotpFactor(): Promise<void> {
  const enrolment = await busy(() =>
    withStepUp(() => adminFetch<TotpEnrolment>('/api/admin/factors/totp', { method: 'POST' })),
  );
  if (enrolment) $totpEnrolment.set(enrolment);
}

export async function addPasskeyFactor(label: string): Promise<void> {
  const fresh = await busy(() =>
    withStepUp(() => adminFetch('/api/admin/factors/passkey/options', { method: 'POST' })),
  );
  if (fresh !== undefined) await enrolPasskey(label);
}
