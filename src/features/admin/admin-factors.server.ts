/**
 * The admin's second factor on the server: enrolment (an authenticator app or a passkey),
 * verification at sign-in and for step-up, recovery codes, and the security log of each.
 *
 * Who may enrol: a session opened by the password alone only while the account has no factor
 * at all (a new admin from `npm run admin:create`, or one whose factors were reset from the
 * command line); otherwise only a session whose factor was verified in the last 10 minutes
 * (adding or removing a factor is an admin-account change).
 */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { requireRecentFactor } from '../../server/auth/guard.ts';
import { removeFactor as removeStoredFactor } from '../../server/auth/factors.ts';
import {
  confirmPasskeyRegistration,
  confirmTotpEnrolment,
  factorSummary,
  FACTOR_REFUSED,
  newRecoveryCodes,
  newTotpEnrolment,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  startFactorAttempt,
  verifyFactor,
  type FactorProof,
  type RelyingParty,
} from '../../server/auth/second-factor.ts';
import { recordSecurityEvent, type SecurityEventName } from '../../server/auth/security-log.ts';
import {
  setPending,
  takePending,
  verifySessionFactor,
  type AdminSession,
} from '../../server/auth/session.ts';
import type { Db } from '../../server/db/client.ts';
import { HttpError } from '../../server/responses.ts';
import type {
  EnrolAnswer,
  FactorStage,
  FactorStatus,
  TotpEnrolment,
  VerifyInput,
} from './second-factor.ts';

/** The signed-in admin as the factor functions see it (partial sessions included). */
export type FactorSession = AdminSession & { token: string; ip: string };

const NO_PENDING = 'This step has expired. Please start again.';

/** A security-log entry about this admin's own account, from this session's address. */
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

/** How far a session is: enrol a first factor, verify one, or ready. */
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

/** Refuses an enrolment this session may not make (see the header). */
async function assertMayEnrol(db: Db, session: FactorSession): Promise<{ first: boolean }> {
  const { factors } = await factorSummary(db, session.id);
  if (factors.length === 0) return { first: true };
  requireRecentFactor(session);
  return { first: false };
}

/**
 * A factor was added: a first one also brings recovery codes and completes the sign-in (the
 * session is verified under a new token). Answers the codes and the new token, if any.
 */
async function enrolled(
  db: Db,
  session: FactorSession,
  kind: 'passkey' | 'totp',
  first: boolean,
): Promise<EnrolAnswer & { token: string | null }> {
  await logEvent(db, session, 'admin.factor-enrolled', { kind });
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
  return enrolled(db, session, 'totp', first);
}

/**
 * A passkey ceremony's options, its challenge kept with the session for the answer that
 * finishes it (a registration or a sign-in).
 */
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
  return enrolled(db, session, 'passkey', first);
}

export async function startPasskeyVerification(db: Db, session: FactorSession, rp: RelyingParty) {
  return withPendingChallenge(db, session, await passkeyAuthenticationOptions(db, session, rp));
}

/**
 * A factor presented at sign-in or for step-up. Success verifies the session under a new
 * token (answered); failure is counted like a wrong password and logged.
 */
export async function verifySecondFactor(
  db: Db,
  session: FactorSession,
  input: VerifyInput,
  rp: RelyingParty,
): Promise<string> {
  const attempt = await startFactorAttempt(db, session.id, session.ip);
  const proof: FactorProof =
    input.method === 'passkey'
      ? {
          method: 'passkey',
          response: input.response as never,
          challenge: (await takePending(db, session.token)).challenge,
        }
      : input;
  if (!(await verifyFactor(db, session, proof, rp))) {
    await logEvent(db, session, 'admin.factor-refused', { method: input.method });
    throw new HttpError(400, FACTOR_REFUSED);
  }
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
}

/** New recovery codes (step-up), the old ones void. */
export async function renewRecoveryCodes(db: Db, session: FactorSession): Promise<string[]> {
  requireRecentFactor(session);
  const codes = await newRecoveryCodes(db, session.id);
  await logEvent(db, session, 'admin.recovery-codes-renewed');
  return codes;
}
