/**
 * The admin's second factor in a real browser: a new admin (from `npm run admin:create`) whose
 * password opens only the enrolment screen, enrols a passkey (Chromium's virtual authenticator
 * through CDP) and an authenticator app, signs out its other sessions and finds both in the
 * security log, signs in with each, and is asked for the factor again before a CSV export once
 * the last one is over 10 minutes old.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { createAdmin, nextCode, type AdminAccount } from './admin-accounts';
import { expect, randomIp, test } from './fixtures';

/** A platform authenticator with user verification, as a laptop's fingerprint reader. */
async function virtualAuthenticator(page: Page) {
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

async function signInWithPassword(page: Page, admin: AdminAccount) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

const signedIn = (page: Page, admin: AdminAccount) =>
  expect(page.getByText(`Signed in as ${admin.username}`)).toBeVisible();

test('a new admin enrols a passkey and an authenticator app, signs in with each, and steps up before an export', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() });
  const admin = await createAdmin('e2e-factors');
  const authenticator = await virtualAuthenticator(page);

  await test.step('the password alone opens the enrolment screen, never data', async () => {
    await signInWithPassword(page, admin);
    await expect(page.getByRole('heading', { name: 'Add a second factor' })).toBeVisible();
    const orders = await page.request.get('/api/admin/orders');
    expect(orders.status()).toBe(401);
    expect(await orders.json()).toEqual({
      error: 'Please confirm it’s you with your second factor.',
    });
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  await test.step('a passkey is enrolled, with ten recovery codes shown once', async () => {
    await page.getByLabel('Name of this passkey').fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await signedIn(page, admin);
    expect((await page.request.get('/api/admin/orders')).status()).toBe(200);
  });

  let key = '';
  await test.step('an authenticator app is added in the Security view', async () => {
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Security', exact: true })
      .click();
    await page.getByRole('button', { name: 'Use an authenticator app' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    // Shown in groups of four, as apps take it typed.
    key = (await page.locator('.admin-factor__key').textContent())!.replace(/\s+/g, '');
    await page.getByLabel('Code from your app').fill(await nextCode(key));
    await page.getByRole('button', { name: 'Add the app' }).click();
    await expect(page.getByText('Authenticator app', { exact: false }).first()).toBeVisible();
    await expect(page.locator('.admin-security__factor')).toHaveCount(2);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  await test.step('other sessions are signed out, and the security log lists the changes', async () => {
    await page.getByRole('button', { name: 'Sign out my other sessions' }).click();
    await expect(page.getByText('Other sessions signed out', { exact: true })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Security log', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Security log' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Account' }).fill(admin.username);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByLabel('Event').selectOption('admin.factor-enrolled');
    const rows = page.getByRole('table').getByRole('row').filter({ hasText: 'Factor added' });
    // The passkey and the app.
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(admin.username);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await signOut(page);
  });

  await test.step('the passkey signs in', async () => {
    await signInWithPassword(page, admin);
    await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await signedIn(page, admin);
    await signOut(page);
  });

  await test.step('the app signs in', async () => {
    await signInWithPassword(page, admin);
    await page.getByLabel('Code from your app, or a recovery code').fill(await nextCode(key));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await signedIn(page, admin);
  });

  await test.step('a CSV export asks for the factor again after 10 minutes', async () => {
    // Ten minutes pass: the session's factor is made older in the database.
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    const aged = await db.query(
      `update admin_sessions set factor_verified_at = now() - interval '11 minutes'
         where user_id = (select id from users where username = $1)`,
      [admin.username],
    );
    await db.end();
    expect(aged.rowCount).toBe(1);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Orders', exact: true })
      .click();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Use your passkey' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Export ready/ })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(dialog).toBeHidden();
  });
});
