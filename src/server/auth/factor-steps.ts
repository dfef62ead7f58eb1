// Enrolling needs only the password while the account has no factor at all (a new admin, or one
// reset from the command line); otherwise a factor verified in the last 10 minutes.
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { resetFactors } from './accounts.ts';
import { requireRecentFactor } from './guard.ts';
import { removeFactor as removeStoredFactor } from './factors.ts';
import {
  confirmPasskeyRegistration,
  confirmTotpEnrolment,
  factorSummary,
  FACTOR_REFUSED,
  newRecoveryCodes,
  newTotpEnrolment,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  SESSION_FACTOR_FAILURES,
  startFactorAttempt,
  verifyFactor,
  waitText,
  type CodesPaused,
  type FactorProof,
  type RelyingParty,
} from './second-factor.ts';
import { recordSecurityEvent, type SecurityEventName } from './security-log.ts';
import {
  clearedSessionCookie,
  countFactorFailure,
  destroySession,
  setPending,
  takePending,
  verifySessionFactor,
  type AdminSession,
} from './session.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../responses.ts';
import { noticeAccountChange, noticeCodesPaused, type AccountChange } from './account-notices.ts';

/** What the admin's browser is shown about its factors (src/features/admin/security). */
export type FactorStage = 'enrol' | 'verify' | 'ready';

export type FactorView = {
  id: number;
  kind: 'passkey' | 'totp';
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
};

export type FactorStatus = {
  stage: FactorStage;
  passkey: boolean;
  totp: boolean;
  recoveryCodesLeft: number;
  factors: FactorView[];
};

export type EnrolAnswer = { recoveryCodes: string[] | null };

export type TotpEnrolment = { key: string; uri: string; qrSvg: string };

/** A parsed answer (`verifySchema`); the passkey's challenge comes from the session. */
type FactorAnswer =
  Exclude<FactorProof, { method: 'passkey' }> | { method: 'passkey'; response: unknown };

type FactorSession = AdminSession & { token: string; ip: string };

const NO_PENDING = 'This step has expired. Please start again.';

function logEvent(
  db: Db,
  session: FactorSession,
  event: SecurityEventName,
  detail?: Record<string, unknown>,
) {
  return recordSecurityEvent(db, {
    event,
    userId: session.id,
    username: session.username,
    ip: session.ip,
    ...(detail ? { detail } : {}),
  });
}
const LAST_FACTOR = 'This is your only second factor. Add another one before removing it.';
const SESSION_ENDED_AFTER_FAILURES =
  'Too many wrong answers: this sign-in has ended. Please sign in again with your password.';

function notice(db: Db, session: FactorSession, change: AccountChange) {
  return noticeAccountChange(db, { username: session.username, change, ip: session.ip });
}

export async function signInStage(
  db: Db,
  session: Pick<AdminSession, 'id' | 'factorVerifiedAt'>,
): Promise<FactorStage> {
  if (session.factorVerifiedAt) return 'ready';
  return (await factorSummary(db, session.id)).factors.length ? 'verify' : 'enrol';
}

export async function factorStatus(db: Db, session: FactorSession): Promise<FactorStatus> {
  const summary = await factorSummary(db, session.id);
  return {
    stage: await signInStage(db, session),
    passkey: summary.passkey,
    totp: summary.totp,
    recoveryCodesLeft: summary.recoveryCodesLeft,
    factors: summary.factors.map((f) => ({
      ...f,
      createdAt: f.createdAt.toISOString(),
      lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

async function assertMayEnrol(db: Db, session: FactorSession): Promise<{ first: boolean }> {
  const { factors } = await factorSummary(db, session.id);
  if (factors.length === 0) return { first: true };
  requireRecentFactor(session);
  return { first: false };
}

/** A first factor also brings recovery codes and completes the sign-in under a new token. */
async function enrolled(
  db: Db,
  session: FactorSession,
  factor: { kind: 'passkey' | 'totp'; label: string },
  first: boolean,
): Promise<EnrolAnswer & { token: string | null }> {
  await logEvent(db, session, 'admin.factor-enrolled', { kind: factor.kind });
  await notice(db, session, { what: 'factor-added', ...factor, first });
  if (!first) return { recoveryCodes: null, token: null };
  const recoveryCodes = await newRecoveryCodes(db, session.id);
  return { recoveryCodes, token: await verifySessionFactor(db, session.token) };
}

export async function startTotpEnrolment(db: Db, session: FactorSession): Promise<TotpEnrolment> {
  await assertMayEnrol(db, session);
  const { sealed, ...shown } = newTotpEnrolment(session);
  await setPending(db, session.token, { totpSecret: sealed });
  return shown;
}

export async function finishTotpEnrolment(
  db: Db,
  session: FactorSession,
  input: { code: string; label: string },
) {
  const { first } = await assertMayEnrol(db, session);
  const { totpSecret } = await takePending(db, session.token);
  if (!totpSecret) throw new HttpError(409, NO_PENDING);
  const attempt = await startFactorAttempt(db, session.id, session.ip);
  if (!(await confirmTotpEnrolment(db, session, { sealed: totpSecret, ...input })))
    throw new HttpError(400, FACTOR_REFUSED);
  await attempt.succeeded();
  await setPending(db, session.token, { totpSecret: null });
  return enrolled(db, session, { kind: 'totp', label: input.label }, first);
}

async function withPendingChallenge<Options extends { challenge: string }>(
  db: Db,
  session: FactorSession,
  options: Options,
): Promise<Options> {
  await setPending(db, session.token, { challenge: options.challenge });
  return options;
}

export async function startPasskeyEnrolment(db: Db, session: FactorSession, rp: RelyingParty) {
  await assertMayEnrol(db, session);
  return withPendingChallenge(db, session, await passkeyRegistrationOptions(db, session, rp));
}

export async function finishPasskeyEnrolment(
  db: Db,
  session: FactorSession,
  input: { response: unknown; label: string },
  rp: RelyingParty,
) {
  const { first } = await assertMayEnrol(db, session);
  const { challenge } = await takePending(db, session.token);
  if (!challenge) throw new HttpError(409, NO_PENDING);
  const ok = await confirmPasskeyRegistration(
    db,
    session,
    { response: input.response as RegistrationResponseJSON, challenge, label: input.label },
    rp,
  );
  if (!ok) throw new HttpError(400, 'This passkey could not be registered. Please try again.');
  return enrolled(db, session, { kind: 'passkey', label: input.label }, first);
}

export async function startPasskeyVerification(db: Db, session: FactorSession, rp: RelyingParty) {
  return withPendingChallenge(db, session, await passkeyAuthenticationOptions(db, session, rp));
}

async function codesPaused(db: Db, session: FactorSession, paused: CodesPaused) {
  await logEvent(db, session, 'admin.factor-codes-paused', {
    failures: paused.failures,
    until: paused.until.toISOString(),
  });
  await noticeCodesPaused(db, {
    username: session.username,
    failures: paused.failures,
    within: waitText(paused.windowSeconds),
    until: paused.until,
    ip: session.ip,
  });
}

async function refused(db: Db, session: FactorSession, method: FactorAnswer['method']) {
  await logEvent(db, session, 'admin.factor-refused', { method });
  const failures = await countFactorFailure(db, session.token);
  if (failures === null || failures < SESSION_FACTOR_FAILURES)
    return new HttpError(400, FACTOR_REFUSED);
  await destroySession(db, session.token);
  await logEvent(db, session, 'admin.session-ended', { failures });
  return new HttpError(401, SESSION_ENDED_AFTER_FAILURES, {
    'Set-Cookie': clearedSessionCookie(),
  });
}

async function proofOf(db: Db, session: FactorSession, input: FactorAnswer): Promise<FactorProof> {
  if (input.method !== 'passkey') return input;
  const { challenge } = await takePending(db, session.token);
  // No ceremony under way, or one older than 5 minutes: nothing was guessed, nothing counts.
  if (!challenge) throw new HttpError(409, NO_PENDING);
  return { method: 'passkey', response: input.response as never, challenge };
}

/** Success verifies the session under a new token (answered); a wrong one is counted and logged. */
export async function verifySecondFactor(
  db: Db,
  session: FactorSession,
  input: FactorAnswer,
  rp: RelyingParty,
): Promise<string> {
  const proof = await proofOf(db, session, input);
  const attempt = await startFactorAttempt(db, session.id, session.ip, {
    accountWide: input.method === 'totp',
    onPaused: (paused) => codesPaused(db, session, paused),
  });
  if (!(await verifyFactor(db, session, proof, rp))) throw await refused(db, session, input.method);
  await attempt.succeeded();
  const token = await verifySessionFactor(db, session.token);
  if (!token) throw new HttpError(401, 'Please sign in to continue.');
  await logEvent(
    db,
    session,
    input.method === 'recovery' ? 'admin.recovery-code-used' : 'admin.factor-verified',
    { method: input.method, stepUp: Boolean(session.factorVerifiedAt) },
  );
  return token;
}

/** Removes a factor (step-up); the last one stays, so an account always has one. */
export async function removeSecondFactor(db: Db, session: FactorSession, id: number) {
  requireRecentFactor(session);
  const { factors } = await factorSummary(db, session.id);
  const factor = factors.find((f) => f.id === id);
  if (!factor) throw new HttpError(404, 'Not found');
  if (factors.length === 1) throw new HttpError(409, LAST_FACTOR);
  await removeStoredFactor(db, session.id, id);
  await logEvent(db, session, 'admin.factor-removed', { kind: factor.kind });
  await notice(db, session, { what: 'factor-removed', kind: factor.kind, label: factor.label });
}

/** New recovery codes (step-up), the old ones void. */
export async function renewRecoveryCodes(db: Db, session: FactorSession): Promise<string[]> {
  requireRecentFactor(session);
  const codes = await newRecoveryCodes(db, session.id);
  await logEvent(db, session, 'admin.recovery-codes-renewed');
  await notice(db, session, { what: 'recovery-codes' });
  return codes;
}

/** For `npm run admin:reset-factor`; the team is told. Null for no such account. */
export async function resetAdminFactors(db: Db, username: string, newPassword: string) {
  const reset = await resetFactors(db, username, newPassword);
  if (reset)
    await noticeAccountChange(db, {
      username: reset.username,
      change: { what: 'factors-reset', removed: reset.removed },
      ip: null,
    });
  return reset;
}
