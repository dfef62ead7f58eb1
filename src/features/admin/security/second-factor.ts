import { requiredText, z } from '../../../lib/zod-mini.ts';

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

const factorLabel = requiredText(
  1,
  60,
  'Please give this factor a name',
  'The name must be at most 60 characters',
);

const totpCode = z
  .string({ error: 'Please enter the 6-digit code from your app' })
  .check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, 'Please enter the 6-digit code from your app'));

/** A WebAuthn credential as @simplewebauthn/browser hands it over; the library checks the rest. */
const credential = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  rawId: z.string().check(z.maxLength(1024)),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(16_384)) }),
});

export const totpConfirmSchema = z.object({ code: totpCode, label: factorLabel });
export const passkeyRegisterSchema = z.object({ response: credential, label: factorLabel });

export const verifySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCode }),
  z.object({
    method: z.literal('recovery'),
    code: requiredText(1, 40, 'Please enter a recovery code', 'That is not a recovery code'),
  }),
  z.object({ method: z.literal('passkey'), response: credential }),
]);
export type VerifyInput = z.output<typeof verifySchema>;
