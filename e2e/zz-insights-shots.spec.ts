import { openDatabase } from '../src/server/db/client.ts';
import { seedInsightsYear } from '../src/testing/insights-bench-seed.ts';
import { createAdmin, enrolApp, signIn } from './admin-accounts';
import { expect, test } from './fixtures';

test('insights screenshots', async ({ page, request, baseURL }) => {
  test.setTimeout(600_000);
  const handle = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
  console.log('seeded', await seedInsightsYear(handle.db));
  const admin = await createAdmin('shots');
  const key = await enrolApp(request, admin, baseURL!);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, admin, key);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Insights', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
  for (const range of ['30 days', '12 months']) {
    await page.getByRole('radio', { name: range }).check();
    await expect(page.getByRole('status').filter({ hasText: /Showing the last/ })).toBeVisible();
    await page.waitForTimeout(1500);
    const section = page.getByRole('region', { name: 'Insights' }).or(page.locator('#insights'));
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.waitForTimeout(500);
      await section.first().screenshot({ path: `reports/screenshots/insights/${width}-${range.replace(' ', '')}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }
});
