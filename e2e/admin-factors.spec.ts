/**
 * The admin's second factor in a real browser, one claim per test, each on a new admin (as
 * `npm run admin:create` makes one): the password alone opens only the enrolment screen; a passkey
 * (Chromium's virtual authenticator through CDP) and an authenticator app are enrolled, other
 * sessions signed out, the security log read, each factor signs in, and a CSV export asks for
 * the factor again once the last one is over 10 minutes old.
 */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { addApp, enrolApp, nextCode, type AdminAccount } from './admin-accounts';
import { axeScan, randomIp } from './fixtures';
import { expect, openPanelAs, test } from './seeds/admin';
import { enrolPasskey, virtualAuthenticator } from './seeds/passkey';

async function signInWithPassword(page: Page, admin: AdminAccount) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const signedIn = (page: Page, admin: AdminAccount) =>
  expect(page.getByText(`Signed in as ${admin.username}`)).toBeVisible();

const goToSection = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name, exact: true })
    .click();

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() });
});

test('the password alone opens the enrolment screen, never data', async ({ page, newAdmin }) => {
  await signInWithPassword(page, newAdmin);
  await expect(page.getByRole('heading', { name: 'Add a second factor' })).toBeVisible();
  const orders = await page.request.get('/api/admin/orders');
  expect(orders.status()).toBe(401);
  expect(await orders.json()).toEqual({
    error: 'Please confirm it’s you with your second factor.',
  });
  expect((await axeScan(page).analyze()).violations).toEqual([]);
});

test('a passkey is enrolled on the enrolment screen, with ten recovery codes shown once', async ({
  page,
  newAdmin,
}) => {
  const authenticator = await virtualAuthenticator(page);
  await signInWithPassword(page, newAdmin);
  await page.getByLabel('Name of this passkey').fill('Laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  expect(await authenticator.credentials()).toHaveLength(1);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await signedIn(page, newAdmin);
  expect((await page.request.get('/api/admin/orders')).status()).toBe(200);
});

test('an authenticator app is added in the Security view', async ({ page, newAdmin }) => {
  await virtualAuthenticator(page);
  await enrolPasskey(page, newAdmin);
  await page.goto('/admin');
  await goToSection(page, 'Security');
  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  // Shown in groups of four, as apps take it typed.
  const key = (await page.locator('.admin-factor__key').textContent())!.replace(/\s+/g, '');
  await page.getByLabel('Code from your app').fill(await nextCode(key));
  await page.getByRole('button', { name: 'Add the app' }).click();
  await expect(page.getByText('Authenticator app', { exact: false }).first()).toBeVisible();
  // The passkey and the app.
  await expect(page.locator('.admin-security__factor')).toHaveCount(2);
  expect((await axeScan(page).analyze()).violations).toEqual([]);
});

test('the Security view signs out the admin’s other sessions', async ({ page, ownAdmin }) => {
  await openPanelAs(page, ownAdmin);
  await goToSection(page, 'Security');
  await page.getByRole('button', { name: 'Sign out my other sessions' }).click();
  await expect(page.getByText('Other sessions signed out', { exact: true })).toBeVisible();
});

test('the security log lists each factor added to an account', async ({ page, newAdmin }) => {
  await virtualAuthenticator(page);
  await enrolPasskey(page, newAdmin);
  await addApp(page.request, new URL(page.url()).origin);
  await page.goto('/admin');
  await goToSection(page, 'Security log');
  await expect(page.getByRole('heading', { level: 2, name: 'Security log' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Account' }).fill(newAdmin.username);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByLabel('Event').selectOption('admin.factor-enrolled');
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: 'Factor added' });
  // The passkey and the app.
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(newAdmin.username);
  expect((await axeScan(page).analyze()).violations).toEqual([]);
});

test('a passkey signs in after the password', async ({ page, newAdmin }) => {
  await virtualAuthenticator(page);
  await enrolPasskey(page, newAdmin);
  await page.context().clearCookies();
  await signInWithPassword(page, newAdmin);
  await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await signedIn(page, newAdmin);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('an authenticator app signs in after the password', async ({
  page,
  request,
  baseURL,
  newAdmin,
}) => {
  // Enrolled from another client (`request`): the page starts signed out.
  const key = await enrolApp(request, newAdmin, new URL(baseURL!).origin);
  await signInWithPassword(page, newAdmin);
  await page.getByLabel('Code from your app, or a recovery code').fill(await nextCode(key));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await signedIn(page, newAdmin);
});

test('a CSV export asks for the factor again once it is over 10 minutes old', async ({
  page,
  newAdmin,
}) => {
  await virtualAuthenticator(page);
  await enrolPasskey(page, newAdmin);
  // Ten minutes pass: the session's factor is made older in the database.
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  const aged = await db.query(
    `update admin_sessions set factor_verified_at = now() - interval '11 minutes'
       where user_id = (select id from users where username = $1)`,
    [newAdmin.username],
  );
  await db.end();
  expect(aged.rowCount).toBe(1);
  await page.goto('/admin');
  await goToSection(page, 'Orders');
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
