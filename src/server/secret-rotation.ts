// Digests are not re-keyed: those that outlive a rotation use stored keys, and rate-limit counters
// under the old key end with their window.
import { resealTotpSecrets } from './auth/factors.ts';
import { resealTotpSecret } from './auth/second-factor.ts';
import { resealPendingTotpSecrets } from './auth/session.ts';
import type { Db } from './db/client.ts';
import { sessionSecrets } from './key-ring.ts';
import { resealUnsent } from './mail/outbox.ts';
import { sealingKeys, UnopenableSecret } from './mail/sealed.ts';
import { resealStoredKeys } from './stored-keys.ts';

export type Resealed = { resealed: number; unopenable: number };

export type RotationReport = {
  authenticatorApps: Resealed;
  appsBeingEnrolled: Resealed;
  unsentEmails: Resealed;
  storedKeys: Resealed;
};

function counting(reseal: (sealed: string) => string | null) {
  let unopenable = 0;
  const each = (sealed: string) => {
    try {
      return reseal(sealed);
    } catch (error) {
      if (!(error instanceof UnopenableSecret)) throw error;
      unopenable++;
      return null;
    }
  };
  return { each, unopenable: () => unopenable };
}

export async function rotateSessionSecret(
  db: Db,
  secrets: string[] = sessionSecrets(),
): Promise<RotationReport> {
  return db.transaction(async (tx) => {
    const apps = counting((sealed) => resealTotpSecret(sealed, secrets));
    const enrolling = counting((sealed) => resealTotpSecret(sealed, secrets));
    const authenticatorApps = {
      resealed: await resealTotpSecrets(tx, apps.each),
      unopenable: apps.unopenable(),
    };
    const appsBeingEnrolled = {
      resealed: await resealPendingTotpSecrets(tx, enrolling.each),
      unopenable: enrolling.unopenable(),
    };
    return {
      authenticatorApps,
      appsBeingEnrolled,
      unsentEmails: await resealUnsent(tx, sealingKeys(secrets)),
      storedKeys: await resealStoredKeys(tx, secrets),
    };
  });
}
