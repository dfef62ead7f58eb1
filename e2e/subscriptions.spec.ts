/**
 * A plan's life as the buyer sees it on the dashboard, in local mode: bought through the
 * simulated payment page, renewed, a renewal failed and recovered, canceled at period end, and
 * each state on the dashboard, with the simulated provider's buttons. Each state is a test of
 * its own, from a plan bought through the checkout endpoints.
 */
import type { Page } from '@playwright/test';
import { axeScan } from './fixtures';
import { expect, newBuyer, test, type CartLine, type SeededOrder } from './seeds/purchase';

/** Pays what the payment page asks: the plan's price, plus tax where the server charges it. */
async function payPlan(page: Page, name: string, email: string, price: string): Promise<string> {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await expect(page.getByTestId('pay-subtotal')).toHaveText(price);
  const total = ((await page.getByTestId('pay-total').textContent()) ?? '').trim();
  await page.getByRole('button', { name: `Pay ${total}`, exact: true }).click();
  return total;
}

const LILY: CartLine[] = [{ id: 'lily', billingCycle: 'monthly' }];
const LILY_PLAN = 'Lily AI Sales Agent (monthly)';

/** The dashboard's entry of plan `name`, and its simulated provider's buttons. */
async function openPlan(page: Page, name: string) {
  await page.goto('/dashboard');
  const plan = page
    .getByRole('list', { name: 'Your subscriptions' })
    .getByRole('listitem')
    .filter({ hasText: name });
  return { plan, actions: plan.getByRole('group', { name: /^Simulated billing for order / }) };
}

/** Presses a simulated provider's button through its endpoint, as the dashboard does. */
async function simulateBilling(page: Page, order: SeededOrder, action: string) {
  const res = await page.request.post('/api/test/simulate-billing', {
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
    data: { orderId: order.id, action },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a monthly plan bought on the payment page is active on the dashboard, renewing at its price', async ({
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

  const { plan } = await openPlan(page, LILY_PLAN);
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(plan.getByText(/^Renews on .+ for \$299\.00 per month\.$/)).toBeVisible();
  await expect(plan.getByText(`Last payment ${paid} on `, { exact: false })).toBeVisible();
});

test('a simulated renewal is paid and moves the renewal date', async ({ page, seed }) => {
  await seed.buy(LILY, { buyer: newBuyer('Katherine Johnson', 'renew') });
  const { plan, actions } = await openPlan(page, LILY_PLAN);
  const renewsOn = (await plan.getByText(/^Renews on /).textContent()) ?? '';
  await actions.getByRole('button', { name: 'Simulate renewal' }).click();
  await expect(page.getByText('The plan renewed and was paid.')).toBeVisible();
  await expect(plan.getByText(/^Renews on /)).not.toHaveText(renewsOn);
});

test('a failed renewal marks the plan past due', async ({ page, seed }) => {
  await seed.buy(LILY, { buyer: newBuyer('Katherine Johnson', 'failed') });
  const { plan, actions } = await openPlan(page, LILY_PLAN);
  await actions.getByRole('button', { name: 'Simulate failed renewal' }).click();
  await expect(plan.getByText('Past due', { exact: true })).toBeVisible();
  await expect(plan.getByText(/The last renewal payment failed/)).toBeVisible();
});

test('a renewal paid after a failed one makes the plan active again', async ({ page, seed }) => {
  const order = await seed.buy(LILY, { buyer: newBuyer('Katherine Johnson', 'recovered') });
  await simulateBilling(page, order, 'fail_renewal');
  const { plan, actions } = await openPlan(page, LILY_PLAN);
  await expect(plan.getByText('Past due', { exact: true })).toBeVisible();
  await actions.getByRole('button', { name: 'Simulate renewal' }).click();
  await expect(
    page.getByText('The failed renewal was paid; the plan is active again.'),
  ).toBeVisible();
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
});

test('a plan canceled at period end stays active until then and offers no second cancel', async ({
  page,
  seed,
}) => {
  await seed.buy(LILY, { buyer: newBuyer('Katherine Johnson', 'cancel') });
  const { plan, actions } = await openPlan(page, LILY_PLAN);
  await actions.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(plan.getByText('Canceling', { exact: true })).toBeVisible();
  await expect(
    plan.getByText(/^Canceled: stays active until .+ and will not renew\.$/),
  ).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Cancel at period end' })).toHaveCount(0);
});

test('the dashboard of a plan canceled at period end is accessible (WCAG 2.2 AA)', async ({
  page,
  seed,
}) => {
  const order = await seed.buy(LILY, { buyer: newBuyer('Katherine Johnson', 'a11y') });
  await simulateBilling(page, order, 'cancel_at_period_end');
  const { plan } = await openPlan(page, LILY_PLAN);
  await expect(plan.getByText('Canceling', { exact: true })).toBeVisible();
  const scan = await axeScan(page)
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(scan.violations.map((v) => v.id)).toEqual([]);
});

test('the Lily AI Starter plan’s payment page asks $198.00 a month', async ({ page }) => {
  await page.goto('/purchase/lily-starter');
  await page.getByRole('button', { name: 'Add to Cart & Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/simulated\?session=sim_cs_/);
  await expect(page.getByTestId('pay-subtotal')).toHaveText('$198.00');
});

test('a monthly Lily AI plan switched to yearly on the dashboard reads yearly', async ({
  page,
  seed,
}) => {
  await seed.buy([{ id: 'lily-starter', billingCycle: 'monthly' }], {
    buyer: newBuyer('Mary Jackson', 'switch'),
  });
  const { plan: monthly, actions } = await openPlan(page, 'Lily AI Starter (monthly)');
  await expect(monthly.getByText(/^Renews on .+ for \$198\.00 per month\.$/)).toBeVisible();
  await actions.getByRole('button', { name: 'Switch to yearly' }).click();
  await expect(page.getByText(/^Switched to yearly billing: \$1,900\.00 per year/)).toBeVisible();
  const yearly = page
    .getByRole('list', { name: 'Your subscriptions' })
    .getByRole('listitem')
    .filter({ hasText: 'Lily AI Starter (yearly)' });
  await expect(yearly.getByText(/^Renews on .+ for \$1,900\.00 per year\.$/)).toBeVisible();
  await expect(yearly.getByRole('button', { name: 'Switch to monthly' })).toBeVisible();
});
