/**
 * Signing a buyer in to the whole account the honest way, for the specs that need a proven
 * address: the order signs the browser in to that order only; the dashboard's "Confirm your
 * e-mail address" card e-mails a sign-in link bound to this browser, read from the outbox as the
 * recipient would get it, and using it opens the whole account.
 *
 * Reads the preview server's database (E2E_DATABASE_URL, see playwright.config.ts) and opens the
 * sign-in link's secret with the local run's key, as the outbox does when it sends it.
 */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { loadLocalEnv } from '../src/server/local-env';
import { openedText } from '../src/testing/sent-mail';
import { expect, fromOwnAddress, test, type MockOrder } from './fixtures';

// The same configuration as the preview server (scripts/local-netlify/serve.ts): its .env, and
// the local run's development SESSION_SECRET when .env sets none.
process.env.NOVAREACH_LOCAL_RUN ??= 'preview';
loadLocalEnv();

/** Rows of the preview server's database. */
export async function query<T>(text: string, values: unknown[]): Promise<T[]> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    return (await db.query(text, values)).rows as T[];
  } finally {
    await db.end();
  }
}

/** The sign-in link last e-mailed to `email`, read from the outbox (it is queued after the answer). */
async function sentSignInLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const [mail] = await query<{ text: string; secrets: Record<string, string> | null }>(
          `select text, secrets from email_outbox where "to" = $1 and kind = 'dashboard.sign-in'
             order by id desc limit 1`,
          [email],
        );
        link = mail ? (/https?:\/\/\S*token=[\w-]+/.exec(openedText(mail))?.[0] ?? '') : '';
        return link;
      },
      { message: 'the sign-in e-mail in the outbox' },
    )
    .not.toBe('');
  return link;
}

/**
 * On a dashboard showing an order session of `email`: e-mails the sign-in link from the
 * "Confirm your e-mail address" card and uses it in this browser.
 */
export async function confirmWithSignInLink(page: Page, email: string): Promise<void> {
  const confirm = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(confirm.getByLabel('Email address')).toHaveValue(email);
  await confirm.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText(/a sign-in link is on its way/)).toBeVisible();

  const url = new URL(await sentSignInLink(email));
  await page.goto(url.pathname + url.search);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
}

/**
 * The same whole-account session through the endpoints the dashboard's card and the link's
 * "Sign in" button call, for specs about what a signed-in client sees; `page` ends on /dashboard.
 */
export async function seedWholeAccount(page: Page, email: string): Promise<MockOrder> {
  await fromOwnAddress(page.context());
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const headers = { Origin: origin };
  const created = await page.request.post('/api/test/create-mock-order', {
    headers,
    data: { productId: 'starter', customerName: 'Katherine Johnson', customerEmail: email },
  });
  expect(created.status(), await created.text()).toBe(201);
  const asked = await page.request.post('/api/auth/magic-link', { headers, data: { email } });
  expect(asked.status(), await asked.text()).toBe(200);
  const token = new URL(await sentSignInLink(email)).searchParams.get('token');
  const signedIn = await page.request.post('/api/auth/magic', { headers, data: { token } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
  return (await created.json()) as MockOrder;
}
