/**
 * A plan's life as the buyer sees it on the dashboard, in local mode: bought through the
 * simulated payment page, renewed, a renewal failed and recovered, canceled at period end, and
 * each state on the dashboard, with the simulated provider's buttons.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/** Pays what the payment page asks: the plan's price, plus tax where the server charges it. */
async function payPlan(page: Page, name: string, email: string, price: string): Promise<string> {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await expect(page.getByTestId('pay-subtotal')).toHaveText(price);
  const total = ((await page.getByTestId('pay-total').textContent()) ?? '').trim();
  await page.getByRole('button', { name: `Pay ${total}`, exact: true }).click();
  return total;
}

test('a monthly plan bought, renewed, failed, recovered and canceled at period end', async ({
  page,
}) => {
  await page.goto('/purchase/lily');
  await page.getByRole('button', { name: 'Add to Cart & Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/simulated\?session=sim_cs_/);
  const paid = await payPlan(
    page,
    'Katherine Johnson',
    `plan.${Date.now()}@example.com`,
    '$299.00',
  );
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/dashboard');
  const plans = page.getByRole('list', { name: 'Your subscriptions' });
  const plan = plans.getByRole('listitem').filter({ hasText: 'Lily AI Sales Agent (monthly)' });
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(plan.getByText(/^Renews on .+ for \$299\.00 per month\.$/)).toBeVisible();
  await expect(plan.getByText(`Last payment ${paid} on `, { exact: false })).toBeVisible();
  const renewsOn = (await plan.getByText(/^Renews on /).textContent()) ?? '';

  const actions = plan.getByRole('group', { name: /^Simulated billing for order / });
  await actions.getByRole('button', { name: 'Simulate renewal' }).click();
  await expect(page.getByText('The plan renewed and was paid.')).toBeVisible();
  await expect(plan.getByText(/^Renews on /)).not.toHaveText(renewsOn);

  await actions.getByRole('button', { name: 'Simulate failed renewal' }).click();
  await expect(plan.getByText('Past due', { exact: true })).toBeVisible();
  await expect(plan.getByText(/The last renewal payment failed/)).toBeVisible();

  await actions.getByRole('button', { name: 'Simulate renewal' }).click();
  await expect(
    page.getByText('The failed renewal was paid; the plan is active again.'),
  ).toBeVisible();
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();

  await actions.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(plan.getByText('Canceling', { exact: true })).toBeVisible();
  await expect(
    plan.getByText(/^Canceled: stays active until .+ and will not renew\.$/),
  ).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Cancel at period end' })).toHaveCount(0);

  const scan = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(scan.violations.map((v) => v.id)).toEqual([]);
});

test('a monthly Lily AI plan switched to yearly on the dashboard reads yearly', async ({
  page,
}) => {
  await page.goto('/purchase/lily-starter');
  await page.getByRole('button', { name: 'Add to Cart & Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/simulated\?session=sim_cs_/);
  await payPlan(page, 'Mary Jackson', `switch.${Date.now()}@example.com`, '$198.00');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/dashboard');
  const plans = page.getByRole('list', { name: 'Your subscriptions' });
  const monthly = plans.getByRole('listitem').filter({ hasText: 'Lily AI Starter (monthly)' });
  await expect(monthly.getByText(/^Renews on .+ for \$198\.00 per month\.$/)).toBeVisible();
  await monthly
    .getByRole('group', { name: /^Simulated billing for order / })
    .getByRole('button', { name: 'Switch to yearly' })
    .click();
  await expect(page.getByText(/^Switched to yearly billing: \$1,900\.00 per year/)).toBeVisible();
  const yearly = plans.getByRole('listitem').filter({ hasText: 'Lily AI Starter (yearly)' });
  await expect(yearly.getByText(/^Renews on .+ for \$1,900\.00 per year\.$/)).toBeVisible();
  await expect(yearly.getByRole('button', { name: 'Switch to monthly' })).toBeVisible();
});
