/**
 * Admin accounts for the e2e specs: made by the service `npm run admin:create` calls (the script
 * itself is proven by scripts/admin-create.test.ts), an authenticator app enrolled through the
 * API (as the enrolment screen does), and its codes.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequest, APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createOrResetUser } from '../src/server/auth/accounts';
import { openDatabase } from '../src/server/db/client';
import { expect, fromIp, randomIp } from './fixtures';

export const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

export type AdminAccount = { username: string; password: string };

/** A new admin in the server's database (E2E_DATABASE_URL, see playwright.config.ts). */
export async function createAdmin(prefix = 'e2e-admin'): Promise<AdminAccount> {
  const admin = {
    username: `${prefix}-${unique()}`,
    password: randomBytes(18).toString('base64url'),
  };
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL names the database of the server under test');
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    const created = await createOrResetUser(handle.db, admin.username, admin.password);
    expect(created.created).toBe(true);
  } finally {
    await handle.close();
  }
  return admin;
}

const PERIOD_MS = 30_000;
const lastSteps = new Map<string, number>();

/**
 * A code of the authenticator app with `key`, of a time step no earlier sign-in used (the
 * server takes each step once): this step or the next, else it waits for one.
 */
export async function nextCode(key: string): Promise<string> {
  const last = lastSteps.get(key) ?? 0;
  const now = Math.floor(Date.now() / PERIOD_MS);
  if (last > now) await new Promise((r) => setTimeout(r, (last - now) * PERIOD_MS));
  const step = Math.max(Math.floor(Date.now() / PERIOD_MS), last + 1);
  lastSteps.set(key, step);
  return new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: step * PERIOD_MS });
}

/** The headers the panel sends with its API calls (a same-origin fetch). */
export const adminHeaders = (origin: string) => ({ 'X-Requested-With': 'fetch', Origin: origin });

/** Signs `admin` in with the password alone (a session that may only enrol a first factor). */
export async function signInWithPasswordOnly(
  request: APIRequestContext,
  admin: AdminAccount,
  origin: string,
) {
  const res = await request.post('/api/admin/login', {
    headers: adminHeaders(origin),
    data: admin,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Enrols an authenticator app on the signed-in session of `request`; answers its key. */
export async function addApp(request: APIRequestContext, origin: string, label = 'Phone') {
  const headers = adminHeaders(origin);
  const started = await request.post('/api/admin/factors/totp', { headers });
  const { key } = (await started.json()) as { key: string };
  const confirmed = await request.post('/api/admin/factors/totp/confirm', {
    headers,
    data: { code: await nextCode(key), label },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return key;
}

/** Signs `admin` in with the password and enrols an authenticator app; answers its key. */
export async function enrolApp(request: APIRequestContext, admin: AdminAccount, origin: string) {
  await signInWithPasswordOnly(request, admin, origin);
  return addApp(request, origin);
}

/** Signs `admin` in through the panel: the password, then a code of the enrolled app. */
export async function signIn(page: Page, admin: AdminAccount, appKey: string) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
  await page.getByLabel('Code from your app, or a recovery code').fill(await nextCode(appKey));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Signed in as ${admin.username}`)).toBeVisible();
}

/** Opens a section of the panel filtered by `search`; answers its one row. */
export async function openSection(page: Page, name: string, search: string) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(search);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Showing 1–1 of 1 / })).toBeVisible();
  return page.getByRole('table').getByRole('row').nth(1);
}

/** A new admin, its app enrolled from a request context of its own, signed in on `page`. */
export async function signInAsNewAdmin(
  page: Page,
  requests: APIRequest,
  baseURL: string,
  prefix?: string,
): Promise<AdminAccount> {
  const admin = await createAdmin(prefix);
  const request = await requests.newContext({ baseURL, extraHTTPHeaders: fromIp(randomIp()) });
  const appKey = await enrolApp(request, admin, new URL(baseURL).origin);
  await request.dispose();
  await signIn(page, admin, appKey);
  return admin;
}
