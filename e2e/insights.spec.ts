/**
 * Insights on the production build: a scripted visit (home → products → cart → checkout →
 * simulated payment → onboarding) shows in each funnel step of the admin's Insights, and a
 * visit sending Sec-GPC: 1 is not counted. Every other spec runs headless Chromium, which the
 * insights never count; this one browses as a plain Chrome from an address of its own and
 * compares the counts before and after its visit. The funnel stays one visit: what it proves is
 * that one visitor's way through is counted at every step.
 */
import type { Page } from '@playwright/test';
import { signInAsNewAdmin } from './admin-accounts';
import { expect, fromIp, fromOwnAddress, payAs, randomIp, test } from './fixtures';
import {
  BUSINESS_INFO,
  DESIGN_PREFERENCES,
  PROJECT_DETAILS,
} from '../src/testing/onboarding-fixtures';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const STEPS = [
  'Visited',
  'Viewed a product or package',
  'Added to cart',
  'Started checkout',
  'Paid',
  'Completed onboarding',
] as const;

/** The admin's Insights section over the last 7 days. */
async function openInsights(page: Page) {
  // A new load each time (a second goto to the same #insights would only move to the anchor).
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Insights', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
  await page.getByRole('radio', { name: '7 days' }).check();
  await expect(
    page.getByRole('status').filter({ hasText: /Showing the last 7 days/ }),
  ).toBeVisible();
}

/** The funnel's counts as the Insights section's table shows them (7 days). */
async function funnelCounts(page: Page): Promise<Record<string, number>> {
  await openInsights(page);
  const section = page.getByRole('region', { name: 'Funnel' });
  await section.getByText('Show funnel steps as a table').click();
  const table = section.getByRole('table', { name: 'Funnel steps' });
  const counts: Record<string, number> = {};
  for (const step of STEPS) {
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: step, exact: true }) });
    counts[step] = Number(
      ((await row.getByRole('cell').nth(1).textContent()) ?? '').replace(/,/g, ''),
    );
  }
  return counts;
}

/** Opens `path` and waits for its page-view beacon to be answered. */
async function visit(page: Page, path: string) {
  const beacon = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/insights') && r.request().postData()?.includes('"k":"view"') === true,
  );
  await page.goto(path);
  expect((await beacon).status()).toBe(204);
}

test.describe('insights', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a visit through to onboarding shows in every funnel step', async ({
    browser,
    page: adminPage,
    playwright,
    baseURL,
  }) => {
    await signInAsNewAdmin(adminPage, playwright.request, baseURL!, 'e2e-insights');
    const before = await funnelCounts(adminPage);

    const context = await browser.newContext({ userAgent: CHROME });
    await fromOwnAddress(context);
    const page = await context.newPage();
    const countedSource = `counted-${Date.now()}`;
    await visit(page, `/?utm_source=${countedSource}`);
    await visit(page, '/products');
    const added = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/insights') && r.request().postData()?.includes('cartAdds') === true,
    );
    await page
      .getByRole('article', { name: 'Starter Website Package' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    expect((await added).status()).toBe(204);
    await page
      .getByRole('dialog', { name: 'Shopping Cart' })
      .getByRole('button', { name: 'Proceed to Checkout' })
      .click();
    await payAs(page, 'Ada Lovelace', `insights.${Date.now()}@example.com`, '$1,000.00');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
      timeout: 30_000,
    });
    await page
      .getByRole('region', { name: 'Your digital items' })
      .getByRole('link', { name: 'Start Setup' })
      .click();
    await expect(page).toHaveURL(/\/onboarding-starter\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    const origin = new URL(page.url()).origin;
    for (const [step, data] of [
      ['business-info', BUSINESS_INFO],
      ['project-details', PROJECT_DETAILS],
      ['design-preferences', DESIGN_PREFERENCES],
    ] as const) {
      const res = await page.request.post(`/api/onboarding/${step}`, {
        headers: { Origin: origin },
        data: { orderId, data },
      });
      expect(res.status(), step).toBe(200);
    }
    await context.close();

    const after = await funnelCounts(adminPage);
    const sources = adminPage.getByRole('table', { name: 'Top sources by visitors' });
    await expect(sources.getByText(countedSource)).toBeVisible();
    // Other workers' visits and checkouts land in the same days: each step grows by at least ours
    // (the exact counting of one visitor is src/features/insights/insights.server.test.ts).
    for (const step of STEPS) expect(after[step]! - before[step]!, step).toBeGreaterThanOrEqual(1);
  });

  test('a visit sending Sec-GPC: 1 is answered but never counted', async ({
    browser,
    page: adminPage,
    playwright,
    baseURL,
  }) => {
    // The same visit without the header, from another visitor, shows the sources have caught up.
    const plain = await browser.newContext({ userAgent: CHROME });
    await fromOwnAddress(plain);
    const plainSource = `plain-${Date.now()}`;
    await visit(await plain.newPage(), `/?utm_source=${plainSource}`);
    await plain.close();

    // A visitor whose browser sends Global Privacy Control: answered, never counted.
    const private_ = await browser.newContext({
      userAgent: CHROME,
      extraHTTPHeaders: { 'Sec-GPC': '1', ...fromIp(randomIp()) },
    });
    const privatePage = await private_.newPage();
    const privateSource = `gpc-${Date.now()}`;
    await visit(privatePage, `/?utm_source=${privateSource}`);
    await visit(privatePage, '/products');
    await private_.close();

    await signInAsNewAdmin(adminPage, playwright.request, baseURL!, 'e2e-insights');
    await openInsights(adminPage);
    const sources = adminPage.getByRole('table', { name: 'Top sources by visitors' });
    await expect(sources.getByText(plainSource)).toBeVisible();
    await expect(sources.getByText(privateSource)).toHaveCount(0);
  });
});
