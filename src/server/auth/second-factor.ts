// OWASP ASVS 5.0 §6.3.3, level 2. Past an account's limit of wrong app codes from any address,
// passkeys and recovery codes (not guessable) still work.
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
// Named rather than left to the library, whose default probes Node's experimental post-quantum
// WebCrypto and prints a warning on every ceremony.
const PASSKEY_ALGORITHMS = [-8, -7, -257];
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const FACTOR_LIMITS = {
  address: { limit: 20, windowSeconds: 15 * 60 },
  accountAddress: { limit: 5, windowSeconds: 15 * 60 },
  account: { limit: 10, windowSeconds: 15 * 60 },
  accountDay: { limit: 30, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, RateLimit>;

export const SESSION_FACTOR_FAILURES = 5;

export const FACTOR_REFUSED = 'That did not work. Please check the code and try again.';
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

export function resealTotpSecret(sealed: string, secrets?: string[]): string | null {
  return resealSecret(sealed, { key: sealingKeys(secrets) });
}

export type RelyingParty = { origin: string; rpID: string };

export function relyingParty(req: Request): RelyingParty {
  const { origin, hostname } = new URL(req.url);
  return { origin, rpID: hostname };
}

export type CodesPaused = { failures: number; windowSeconds: number; until: Date };

type AttemptOptions = {
  accountWide?: boolean;
  onPaused?: (paused: CodesPaused) => Promise<void>;
  now?: Date;
};

// Counted before it is checked (atomic against parallel guesses); `succeeded` gives the counts
// back, so only failures use up the budget.
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

function totpFor(user: Pick<AdminUser, 'username'>, secret: Secret): TOTP {
  return new TOTP({
    issuer: siteSettings.name,
    label: user.username,
    secret,
    period: TOTP_PERIOD_SECONDS,
  });
}

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

function openedTotpSecret(sealed: string): Secret | null {
  try {
    return Secret.fromBase32(openSecret(sealed, { key: sealingKeys() }));
  } catch (error) {
    if (!(error instanceof UnopenableSecret)) throw error;
    console.warn('An authenticator app secret cannot be opened with SESSION_SECRET(_PREVIOUS)');
    return null;
  }
}

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
    // A code seen on the way (or typed twice) never works again.
    if (step !== null && (await acceptTotpStep(db, factor.id, step, now))) return true;
  }
  return false;
}

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

const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest('hex');

export async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(16);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
    return chars.join('').match(/.{4}/g)!.join('-');
  });
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

export type FactorProof =
  | { method: 'totp'; code: string }
  | { method: 'recovery'; code: string }
  | { method: 'passkey'; response: AuthenticationResponseJSON; challenge: string | null };

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

export async function factorSummary(db: Db, userId: number) {
  const factors = await listFactors(db, userId);
  return {
    factors,
    passkey: factors.some((f) => f.kind === 'passkey'),
    totp: factors.some((f) => f.kind === 'totp'),
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
  };
}
