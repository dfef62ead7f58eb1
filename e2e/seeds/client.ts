/**
 * Fixtures of the client-dashboard specs: a client signed in to the whole account (a paid
 * mock order and the e-mailed sign-in link, through their endpoints: e2e/whole-account.ts), and privacy requests asked
 * through the endpoint the dashboard's buttons call.
 */
import type { Page } from '@playwright/test';
import { unique } from '../admin-accounts';
import { expect, test as base } from '../fixtures';
import { seedWholeAccount } from '../whole-account';

type Client = { email: string };

/** Asks for a copy of the data (`export`) or the account's deletion (`erase`) as `page`'s client. */
export async function askForPrivacyAction(page: Page, kind: 'export' | 'erase') {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/privacy/requests', {
    data: { kind },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export const test = base.extend<{ wholeAccountClient: Client }>({
  /** `page` on the dashboard of a client signed in to the whole account. */
  wholeAccountClient: async ({ page }, use) => {
    const email = `privacy.${unique()}@example.com`;
    await seedWholeAccount(page, email);
    await use({ email });
  },
});

export { expect };
