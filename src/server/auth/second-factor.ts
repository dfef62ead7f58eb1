/**
 * The admin's second factor (OWASP ASVS 5.0 §6.3.3, level 2): passkeys (WebAuthn, through
 * @simplewebauthn/server), an authenticator app (TOTP, RFC 6238, through otpauth) as the
 * fallback, and ten one-time recovery codes. What is stored: a passkey's public key, the app's
 * shared secret sealed with a key derived from SESSION_SECRET (a copy of the table produces no
 * codes), the recovery codes' SHA-256 only.
 *
 * Wrong answers are limited per address and per account and address like passwords (429 for
 * that address), and wrong app codes also per account from any address: past FACTOR_LIMITS'
 * account tiers the account's app codes are refused (429) for the rest of the window, while
 * passkeys and recovery codes (not guessable) still work. Only failures count.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { siteSettings } from '../../lib/site-settings.ts';
import type { Db } from '../db/client.ts';
import { derivedKeys } from '../key-ring.ts';
import { HttpError } from '../responses.ts';
import { openSecret, resealSecret, sealSecret, UnopenableSecret } from '../mail/sealed.ts';
import { hit, refund, type RateLimit } from '../rate-limit.ts';
import {
  acceptTotpStep,
  addPasskey,
  addTotp,
  factorsOfKind,
  listFactors,
  passkeyUsed,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  useRecoveryCode,
} from './factors.ts';
import type { AdminUser } from './session.ts';

const TOTP_PERIOD_SECONDS = 30;
/**
 * EdDSA, ES256 and RS256 (COSE ids), named rather than left to the library, whose default
 * probes Node's experimental post-quantum WebCrypto and prints a warning on every ceremony.
 */
const PASSKEY_ALGORITHMS = [-8, -7, -257];
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Failures of second-factor answers (fixed windows, src/server/rate-limit.ts). */
export const FACTOR_LIMITS = {
  /** Per address (an IPv6 /64 is one), the same hard limits as passwords. */
  address: { limit: 20, windowSeconds: 15 * 60 },
  accountAddress: { limit: 5, windowSeconds: 15 * 60 },
  /** Wrong app codes for one account from anywhere: past these, its app codes are paused. */
  account: { limit: 10, windowSeconds: 15 * 60 },
  accountDay: { limit: 30, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, RateLimit>;

/** Wrong answers one session may give: the next ends it, and the password is needed again. */
export const SESSION_FACTOR_FAILURES = 5;

export const FACTOR_REFUSED = 'That did not work. Please check the code and try again.';
/** "7 minutes", or "5 hours" for a wait past 90 minutes (the day tier). */
export function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}
const TOO_MANY = (seconds: number) =>
  new HttpError(429, `Too many attempts. Please wait ${waitText(seconds)} and try again.`, {
    'Retry-After': String(seconds),
  });
const CODES_PAUSED = (seconds: number) =>
  new HttpError(
    429,
    `Codes from the authenticator app are paused for this account after too many wrong ones. ` +
      `Use your passkey or a recovery code, or wait ${waitText(seconds)}.`,
    { 'Retry-After': String(seconds) },
  );

function sealingKeys(secrets?: string[]): Buffer[] {
  return derivedKeys('admin-factors', 'totp secrets v1', secrets);
}

/**
 * An app's stored secret sealed with the current key (`npm run secrets:rotate`), or null when it
 * already is. Throws UnopenableSecret when neither secret opens it.
 */
export function resealTotpSecret(sealed: string, secrets?: string[]): string | null {
  return resealSecret(sealed, { key: sealingKeys(secrets) });
}

/** Where the ceremonies run: the site's own origin, as the browser saw it. */
export type RelyingParty = { origin: string; rpID: string };

export function relyingParty(req: Request): RelyingParty {
  const { origin, hostname } = new URL(req.url);
  return { origin, rpID: hostname };
}

/* Rate limit ------------------------------------------------------------------------ */

/** An account's app codes were just paused: the first refusal of its window. */
export type CodesPaused = { failures: number; windowSeconds: number; until: Date };

type AttemptOptions = {
  /** An app code: also counted per account, and refused while the account's codes are paused. */
  accountWide?: boolean;
  /** Called once per window, when an account tier refuses for the first time. */
  onPaused?: (paused: CodesPaused) => Promise<void>;
  now?: Date;
};

/**
 * Counts an attempt before it is checked (atomic against parallel guesses) and refuses it past
 * a limit; `succeeded` gives the counts back, so only failures use up the budget. A refusal
 * by an account tier stays counted, so exactly one request sees its first refusal.
 */
export async function startFactorAttempt(
  db: Db,
  userId: number,
  ip: string,
  { accountWide = false, onPaused, now = new Date() }: AttemptOptions = {},
) {
  const keys: [string, RateLimit, 'address' | 'account'][] = [
    [`admin-factor:ip:${ip}`, FACTOR_LIMITS.address, 'address'],
    [
      `admin-factor:user-ip:${userId}@${encodeURIComponent(ip)}`,
      FACTOR_LIMITS.accountAddress,
      'address',
    ],
  ];
  if (accountWide)
    keys.push(
      [`admin-factor:user:${userId}`, FACTOR_LIMITS.account, 'account'],
      [`admin-factor:user-day:${userId}`, FACTOR_LIMITS.accountDay, 'account'],
    );
  const counted: { key: string; windowStart: Date }[] = [];
  const giveBack = async () => {
    for (const c of counted) await refund(db, c.key, c.windowStart);
  };
  for (const [key, rule, scope] of keys) {
    const result = await hit(db, key, rule, now);
    if (result.allowed) {
      counted.push({ key, windowStart: result.windowStart });
      continue;
    }
    if (scope === 'address') await refund(db, key, result.windowStart);
    await giveBack();
    if (scope === 'address') throw TOO_MANY(result.retryAfterSeconds);
    if (result.count === rule.limit + 1)
      await onPaused?.({
        failures: rule.limit,
        windowSeconds: rule.windowSeconds,
        until: new Date(result.windowStart.getTime() + rule.windowSeconds * 1000),
      });
    throw CODES_PAUSED(result.retryAfterSeconds);
  }
  return { succeeded: giveBack };
}

/* Authenticator app (TOTP) ------------------------------------------------------------ */

function totpFor(user: Pick<AdminUser, 'username'>, secret: Secret): TOTP {
  return new TOTP({
    issuer: siteSettings.name,
    label: user.username,
    secret,
    period: TOTP_PERIOD_SECONDS,
  });
}

/**
 * A new secret for an authenticator app: what the enrolment screen shows (the key, its
 * otpauth:// URI and that URI as a QR code) and the sealed secret the session keeps meanwhile.
 */
export function newTotpEnrolment(user: Pick<AdminUser, 'username'>) {
  const secret = new Secret({ size: 20 });
  const uri = totpFor(user, secret).toString();
  return {
    key: secret.base32,
    uri,
    qrSvg: renderSVG(uri, { border: 2 }),
    sealed: sealSecret(secret.base32, sealingKeys()),
  };
}

/** The app's secret, or null when no SESSION_SECRET in use sealed it (the app must be enrolled again). */
function openedTotpSecret(sealed: string): Secret | null {
  try {
    return Secret.fromBase32(openSecret(sealed, { key: sealingKeys() }));
  } catch (error) {
    if (!(error instanceof UnopenableSecret)) throw error;
    console.warn('An authenticator app secret cannot be opened with SESSION_SECRET(_PREVIOUS)');
    return null;
  }
}

/** The time step a code belongs to (this, the previous or the next), or null. */
function totpStep(
  user: Pick<AdminUser, 'username'>,
  sealed: string,
  code: string,
  now: Date,
): number | null {
  const secret = openedTotpSecret(sealed);
  if (!secret) return null;
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(user, secret).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Finishes an app's enrolment: the first code proves the app holds the secret. */
export async function confirmTotpEnrolment(
  db: Db,
  user: AdminUser,
  input: { sealed: string; code: string; label: string },
  now = new Date(),
): Promise<boolean> {
  const step = totpStep(user, input.sealed, input.code, now);
  if (step === null) return false;
  await addTotp(db, user.id, { label: input.label, sealedSecret: input.sealed, step });
  return true;
}

async function verifyTotp(db: Db, user: AdminUser, code: string, now: Date) {
  for (const factor of await factorsOfKind(db, user.id, 'totp')) {
    const step = factor.totpSecret ? totpStep(user, factor.totpSecret, code, now) : null;
    // Accepted once: a code seen on the way (or typed twice) never works again.
    if (step !== null && (await acceptTotpStep(db, factor.id, step, now))) return true;
  }
  return false;
}

/* Passkeys (WebAuthn) ------------------------------------------------------------------ */

export async function passkeyRegistrationOptions(
  db: Db,
  user: AdminUser,
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await factorsOfKind(db, user.id, 'passkey');
  return generateRegistrationOptions({
    rpName: `${siteSettings.name} admin`,
    rpID: rp.rpID,
    userName: user.username,
    userID: new TextEncoder().encode(`admin-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId! })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
}

export async function confirmPasskeyRegistration(
  db: Db,
  user: AdminUser,
  input: { response: RegistrationResponseJSON; challenge: string; label: string },
  rp: RelyingParty,
): Promise<boolean> {
  const result = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: input.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  }).catch(() => null);
  if (!result?.verified) return false;
  const { credential } = result.registrationInfo;
  await addPasskey(db, user.id, {
    label: input.label,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    signCount: credential.counter,
    transports: credential.transports ?? [],
  });
  return true;
}

export async function passkeyAuthenticationOptions(
  db: Db,
  user: AdminUser,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await factorsOfKind(db, user.id, 'passkey');
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId! })),
  });
}

async function verifyPasskey(
  db: Db,
  user: AdminUser,
  input: { response: AuthenticationResponseJSON; challenge: string | null },
  rp: RelyingParty,
  now: Date,
): Promise<boolean> {
  if (!input.challenge) return false;
  const passkey = (await factorsOfKind(db, user.id, 'passkey')).find(
    (p) => p.credentialId === input.response.id,
  );
  if (!passkey?.publicKey) return false;
  const result = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: input.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId!,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.signCount,
    },
  }).catch(() => null);
  if (!result?.verified) return false;
  await passkeyUsed(db, passkey.id, result.authenticationInfo.newCounter, now);
  return true;
}

/* Recovery codes ------------------------------------------------------------------------ */

const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest('hex');

/** Ten new codes (80 random bits each), replacing the old ones; shown once, stored hashed. */
export async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(16);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
    return chars.join('').match(/.{4}/g)!.join('-');
  });
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

/* Verification ---------------------------------------------------------------------------- */

export type FactorProof =
  | { method: 'totp'; code: string }
  | { method: 'recovery'; code: string }
  | { method: 'passkey'; response: AuthenticationResponseJSON; challenge: string | null };

/** Whether the proof is one of the user's factors (each TOTP step and recovery code once). */
export async function verifyFactor(
  db: Db,
  user: AdminUser,
  proof: FactorProof,
  rp: RelyingParty,
  now = new Date(),
): Promise<boolean> {
  if (proof.method === 'totp') return verifyTotp(db, user, proof.code, now);
  if (proof.method === 'recovery')
    return useRecoveryCode(db, user.id, hashRecoveryCode(proof.code), now);
  return verifyPasskey(db, user, proof, rp, now);
}

/** What the sign-in screen may offer this user. */
export async function factorSummary(db: Db, userId: number) {
  const factors = await listFactors(db, userId);
  return {
    factors,
    passkey: factors.some((f) => f.kind === 'passkey'),
    totp: factors.some((f) => f.kind === 'totp'),
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
  };
}
