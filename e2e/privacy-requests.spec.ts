/**
 * "Your data" on the client dashboard, one claim per test, each for a client signed in to the
 * whole account (e2e/seeds/client.ts): asking for a copy of their data shows it pending with the
 * date we answer by, and the team's e-mail is in the outbox; "Delete my account" asks for
 * confirmation first. The admin's completion is not part of this spec (the service tests cover
 * it: src/features/privacy/privacy-requests.server.test.ts).
 *
 * Reads the preview server's database (E2E_DATABASE_URL, see playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import { siteSettings } from '../src/lib/site-settings';
import { expectAccessibleMain } from './fixtures';
import { askForPrivacyAction, expect, test } from './seeds/client';
import { query } from './whole-account';

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });
const pendingRequests = (page: Page) =>
  yourData(page).getByRole('list', { name: 'Your pending requests' });

test('"Your data" with nothing asked yet passes axe', async ({ page, wholeAccountClient: _ }) => {
  await expect(yourData(page)).toBeVisible();
  await expectAccessibleMain(page, 'your data, nothing asked yet');
});

test('"Download my data" sends the request and shows when we answer', async ({
  page,
  wholeAccountClient: _,
}) => {
  const section = yourData(page);
  await section.getByRole('button', { name: 'Download my data' }).click();
  const status = section.getByRole('status');
  await expect(status).toContainText(
    /^Your request was sent\. We will answer by \w+ \d{1,2}, \d{4}/,
  );
  const pending = pendingRequests(page);
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await expect(pending).toContainText('A copy of your data, asked for on');
  await expect(pending).toContainText(/We will answer by \w+ \d{1,2}, \d{4}\./);
  // The request is open: no second button to press, and no download before the team answers.
  await expect(section.getByRole('button', { name: 'Download my data' })).toHaveCount(0);
  await expect(section.getByRole('link', { name: 'Download my data' })).toHaveCount(0);
});

test('a data request e-mails the team, naming the request, the address and the due date', async ({
  page,
  wholeAccountClient: { email },
}) => {
  await askForPrivacyAction(page, 'export');
  const [team] = await query<{ to: string; subject: string; text: string }>(
    `select "to", subject, text from email_outbox where kind = 'privacy.team' and text like $1`,
    [`%<${email}>%`],
  );
  expect(team?.to).toBe(process.env.TEAM_EMAIL || siteSettings.salesEmail);
  expect(team?.subject).toMatch(/^Privacy request #\d+: data export, due \w+ \d{1,2}, \d{4}$/);
  expect(team?.text).toContain('Due: ');
});

test('a pending request is listed after a reload', async ({ page, wholeAccountClient: _ }) => {
  await askForPrivacyAction(page, 'export');
  await page.reload();
  await expect(pendingRequests(page).getByRole('listitem')).toHaveCount(1);
});

test('"Delete my account" asks for confirmation; "Keep my account" goes back', async ({
  page,
  wholeAccountClient: { email },
}) => {
  const section = yourData(page);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = section.getByRole('group', { name: 'Delete your account and your data?' });
  await expect(confirm).toBeVisible();
  await expect(
    confirm.getByRole('heading', { name: 'Delete your account and your data?' }),
  ).toBeFocused();
  await expectAccessibleMain(page, 'your data, the deletion asked to confirm');
  await confirm.getByRole('button', { name: 'Keep my account' }).click();
  await expect(confirm).toBeHidden();
  await expect(section.getByRole('button', { name: 'Delete my account' })).toBeFocused();
  const [erasures] = await query<{ n: number }>(
    `select count(*)::int as n from privacy_requests where email = $1 and kind = 'erase'`,
    [email],
  );
  expect(erasures?.n).toBe(0);
});

test('confirming the deletion sends the request, pending with its date beside a data request', async ({
  page,
  wholeAccountClient: _,
}) => {
  await askForPrivacyAction(page, 'export');
  await page.reload();
  const section = yourData(page);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await section.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(section.getByRole('status')).toContainText(
    /e-mail you when your account is deleted\.$/,
  );
  const pending = pendingRequests(page);
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await expect(pending).toContainText('Deleting your account, asked for on');
  await expect(section.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);
  await expectAccessibleMain(page, 'your data, two requests pending');
});
