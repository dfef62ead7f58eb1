/**
 * /admin before its island has run. A visitor without the hint of an admin session gets the
 * sign-in card in the page's own HTML (what is typed is kept, a press is held for the island
 * and sent once); a browser that had a session gets "Checking your session..." instead, so a
 * signed-in operator never sees a sign-in form flash before the panel.
 */
import type { Page } from '@playwright/test';
import { SESSION_HINT_KEYS } from '../src/page-runtime/session-hint';
import { unique } from './admin-accounts';
import { test, expect, holdScriptFiles, randomIp } from './fixtures';

const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in' });
const checking = (page: Page) => page.getByText('Checking your session...');

test('without a session: the sign-in card before any script file; a press then is sent once', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/admin/login')) sent.push(r.postData() ?? '');
  });
  const release = await holdScriptFiles(page);
  await page.goto('/admin', { waitUntil: 'domcontentloaded' });
  await expect(signInHeading(page)).toBeVisible();
  await expect(checking(page)).toBeHidden();
  const username = `early-${unique()}`;
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Held for the island: the page did not go anywhere, nothing was sent yet.
  expect(new URL(page.url()).search).toBe('');
  expect(sent).toEqual([]);

  release();
  await expect(page.locator('#admin-login-error')).toHaveText('Invalid username or password.');
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!)).toMatchObject({ username });
  expect(new URL(page.url()).search).toBe('');
});

test('a browser that had a session gets "Checking your session...", then what the server says', async ({
  page,
}) => {
  await page.addInitScript((key) => localStorage.setItem(key, '1'), SESSION_HINT_KEYS.admin);
  const release = await holdScriptFiles(page);
  await page.goto('/admin', { waitUntil: 'domcontentloaded' });
  await expect(checking(page)).toBeVisible();
  await expect(signInHeading(page)).toBeHidden();

  // Its session has ended meanwhile: the sign-in card, and the hint is gone.
  release();
  await expect(signInHeading(page)).toBeVisible();
  await expect(checking(page)).toBeHidden();
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), SESSION_HINT_KEYS.admin))
    .toBeNull();
});
