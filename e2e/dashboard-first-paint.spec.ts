/**
 * /dashboard before its island has run. A visitor without a session gets the sign-in card in
 * the page's own HTML: it is the page's largest content, and when the island drew it after
 * asking the server, Lighthouse put the LCP at 2.7 s on a 4× phone. A browser that had a
 * session (or opens a sign-in link) gets "Loading your dashboard…" instead, so a returning
 * client never sees a sign-in form flash. What is typed in the card meanwhile is kept, and a
 * press is held for the island.
 */
import type { Page } from '@playwright/test';
import { test, expect, holdScriptFiles, AWAITS_ISLAND } from './fixtures';
import { SESSION_HINT_KEYS } from '../src/page-runtime/session-hint';
import { SIGN_IN_SENT } from '../src/features/clients/clients-texts';

const signInHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Sign in to see your orders' });
const loading = (page: Page) => page.getByText('Loading your dashboard…');

test('a visitor without a session gets the sign-in card before any script file', async ({
  page,
}) => {
  const release = await holdScriptFiles(page);
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  await expect(signInHeading(page)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeEditable();
  await expect(loading(page)).toBeHidden();

  // The server's answer ("signed out") keeps the same card: nothing moves or flashes.
  release();
  await expect(page.getByRole('region', { name: 'GoHighLevel integration' })).toContainText(
    'Not Connected',
  );
  await expect(signInHeading(page)).toBeVisible();
  await expect(loading(page)).toBeHidden();
});

test('a browser that had a session gets the loading stand-in, then what the server says', async ({
  page,
}) => {
  await page.addInitScript((key) => localStorage.setItem(key, '1'), SESSION_HINT_KEYS.client);
  const release = await holdScriptFiles(page);
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  await expect(loading(page)).toBeVisible();
  await expect(signInHeading(page)).toBeHidden();

  // Its session has ended meanwhile: the sign-in card, and the hint is gone.
  release();
  await expect(signInHeading(page)).toBeVisible();
  await expect(loading(page)).toBeHidden();
  expect(
    await page.evaluate((key) => localStorage.getItem(key), SESSION_HINT_KEYS.client),
  ).toBeNull();
});

test('a sign-in link shows no sign-in form before it is checked', async ({ page }) => {
  await holdScriptFiles(page);
  await page.goto('/dashboard?token=not-a-real-token', { waitUntil: 'domcontentloaded' });
  await expect(loading(page)).toBeVisible();
  await expect(signInHeading(page)).toBeHidden();
});

test('an address typed and sent before the island runs is kept and sent once', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/magic-link')) sent.push(r.postData() ?? '');
  });
  const release = await holdScriptFiles(page);
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  const address = page.getByRole('textbox', { name: 'Email address' });
  await address.fill('early.bird@example.com');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  // Held for the island: the browser did not submit the form itself.
  await expect(page.locator('form[data-awaits-island="submitted"]')).toHaveCount(1);
  expect(new URL(page.url()).search).toBe('');

  release();
  await expect(page.getByText(SIGN_IN_SENT)).toBeVisible();
  await expect(address).toHaveValue('early.bird@example.com');
  expect(sent.map((body) => JSON.parse(body) as unknown)).toEqual([
    { email: 'early.bird@example.com' },
  ]);
});

test('a press on a button before the island runs is held, then replayed by the island', async ({
  page,
}) => {
  await page.route('**/contact', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Contact</title>' }),
  );
  const release = await holdScriptFiles(page);
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  const contact = page
    .getByRole('region', { name: 'Support' })
    .getByRole('button', { name: 'Contact Support' });
  await contact.click();
  await expect(contact).toHaveAttribute(AWAITS_ISLAND, 'pressed');
  expect(new URL(page.url()).pathname).toBe('/dashboard');

  release();
  await expect(page).toHaveURL(/\/contact$/);
});
