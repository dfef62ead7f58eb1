/**
 * Passkeys in Chromium's virtual authenticator (through CDP), enrolled through the panel's API
 * as its enrolment screen does, for the specs whose claim is not the enrolment screen.
 */
import type { Page } from '@playwright/test';
import { adminHeaders, signInWithPasswordOnly, type AdminAccount } from '../admin-accounts';
import { expect } from '../fixtures';

/** A platform authenticator with user verification, as a laptop's fingerprint reader. */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * Signs `admin` in with the password in `page`'s browser and enrols a passkey of its virtual
 * authenticator as the first factor: the browser is then signed in, factor verified.
 */
export async function enrolPasskey(page: Page, admin: AdminAccount, label = 'Laptop') {
  // Any page of the site will do: the passkey's relying party is its host.
  await page.goto('/robots.txt');
  const origin = new URL(page.url()).origin;
  const headers = adminHeaders(origin);
  await signInWithPasswordOnly(page.request, admin, origin);
  const options = await page.request.post('/api/admin/factors/passkey/options', { headers });
  expect(options.status(), await options.text()).toBe(200);
  const response = await page.evaluate(
    async (json) => {
      const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(json);
      const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
      return credential.toJSON();
    },
    await options.json(),
  );
  const enrolled = await page.request.post('/api/admin/factors/passkey', {
    headers,
    data: { response, label },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
}
