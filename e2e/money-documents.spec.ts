/**
 * One purchase, the same money everywhere: the Starter package with SAVE10, at whatever tax rate
 * the server charges (SIMULATED_TAX_RATE: none under `npm test`; the issue's must-show runs it
 * at 8.25 with E2E_BASE_URL), read off the payment page (`save10Starter`, bought once per
 * worker) and found again, row for row, on the success page, the downloaded receipt, the
 * confirmation e-mail, the dashboard and the admin. A refund gets a purchase of its own.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pdfPages } from '../src/testing/pdf-text';
import { openedText } from '../src/testing/sent-mail';
import { openSection, signInAsNewAdmin } from './admin-accounts';
import { expect, newBuyer, test, type Save10Purchase } from './seeds/purchase';
import { query } from './whole-account';

const cents = (amount: string) =>
  Math.round(Number(amount.replace(/[$,\s]/g, '').replace(/^[−-]/, '-')) * 100);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Row = [label: string | RegExp, amount: string];

/** The payment's rows, as every document shows them: a tax row names its rate, and only when tax was charged. */
function rowsOf({ amounts }: Save10Purchase): Row[] {
  const { subtotal, discount, tax, total, taxed } = amounts;
  return [
    ['1 x Starter Website Package (One-time)', subtotal],
    ['Subtotal', subtotal],
    ['Discount (SAVE10)', discount],
    ...(taxed ? [[/Tax \([\d.]+%\)/, tax] as Row] : []),
    ['Total paid', total],
  ];
}

const asRow = ([label, amount]: Row) =>
  new RegExp(`^${typeof label === 'string' ? escape(label) : label.source}${escape(amount)}$`);

test('the payment page’s subtotal, discount and tax add up to its total', ({ save10Starter }) => {
  const { subtotal, discount, tax, total } = save10Starter.amounts;
  expect(cents(subtotal) + cents(discount) + cents(tax)).toBe(cents(total));
});

test('the success page shows the payment’s rows', async ({ page, save10Starter }) => {
  await page.context().addCookies(save10Starter.cookies);
  await page.goto(save10Starter.successPath);
  const { orderNumber } = save10Starter;
  await expect(
    page.getByRole('table', { name: `Payment summary of order ${orderNumber}` }).getByRole('row'),
  ).toHaveText(rowsOf(save10Starter).map(asRow));
});

test('the receipt PDF shows the payment’s rows', async ({ page, save10Starter }) => {
  await page.context().addCookies(save10Starter.cookies);
  await page.goto(save10Starter.successPath);
  const link = page.getByRole('link', { name: 'Download Files' });
  const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  // Kept beside the test's results, for `pdftotext` and a reader's eyes.
  await writeFile(test.info().outputPath('receipt.pdf'), await pdf.body());
  const lines = (await pdfPages(await pdf.body())).flat();
  // The receipt PDF gives the line a table row of its own (item, billing, quantity, amount).
  const [, ...totals] = rowsOf(save10Starter);
  const onPaper: Row[] = [
    [/Starter Website Package.*One-time.*1/, save10Starter.amounts.subtotal],
    ...totals,
  ];
  for (const [label, amount] of onPaper) {
    const pattern = typeof label === 'string' ? escape(label) : label.source;
    expect(lines, `${label} ${amount} in the receipt`).toContainEqual(
      // The total names its currency on paper ("Total paid $900.00 USD").
      expect.stringMatching(new RegExp(`${pattern}.*${escape(amount)}( [A-Z]{3})?$`)),
    );
  }
});

test('the confirmation e-mail shows the payment’s rows', async ({ save10Starter }) => {
  const [mail] = await query<{ text: string; secrets: Record<string, string> | null }>(
    `select text, secrets from email_outbox where "to" = $1 and kind = 'order-confirmation'`,
    [save10Starter.email],
  );
  const text = openedText(mail!);
  for (const [label, amount] of rowsOf(save10Starter)) {
    const pattern = typeof label === 'string' ? escape(label) : label.source;
    expect(text).toMatch(new RegExp(`${pattern}[^\\n]*${escape(amount)}`));
  }
});

test('the dashboard shows the payment’s rows', async ({ page, save10Starter }) => {
  await page.context().addCookies(save10Starter.cookies);
  await page.goto('/dashboard');
  await expect(
    page
      .getByRole('table', { name: `Payment of order ${save10Starter.orderNumber}` })
      .getByRole('row'),
  ).toHaveText(rowsOf(save10Starter).map(asRow));
});

test('the admin’s payment dialog shows the payment’s rows', async ({
  page,
  playwright,
  baseURL,
  save10Starter,
}) => {
  await signInAsNewAdmin(page, playwright.request, baseURL!, 'e2e-money');
  const { orderNumber } = save10Starter;
  const row = await openSection(page, 'Orders', save10Starter.email);
  const payment = page.getByRole('dialog', { name: `Payment of ${orderNumber}` });
  await row.getByRole('button', { name: `Payment of ${orderNumber}` }).click();
  await expect(payment.getByRole('row')).toHaveText(rowsOf(save10Starter).map(asRow));
});

test('a partial refund shows on the payment’s rows and comes off this week’s net revenue', async ({
  page,
  playwright,
  baseURL,
  seed,
}) => {
  const buyer = newBuyer('Mary Jackson', 'refund');
  const { orderNumber, charge } = await seed.buy([{ id: 'starter', billingCycle: 'oneTime' }], {
    buyer,
    code: 'SAVE10',
  });
  await page.context().clearCookies();
  await signInAsNewAdmin(page, playwright.request, baseURL!, 'e2e-money');
  const week = await thisWeek(page);
  expect(week.net).toBe(week.charged - week.tax - week.refunds);

  const row = await openSection(page, 'Orders', buyer.email);
  const payment = page.getByRole('dialog', { name: `Payment of ${orderNumber}` });
  await row.getByRole('button', { name: `Payment of ${orderNumber}` }).click();
  await expect(payment.getByRole('row').last()).toHaveText(/^Total paid/);
  const paid = await payment.getByRole('row').allTextContents();
  await payment.getByRole('button', { name: 'Close' }).click();

  await row
    .getByRole('group', { name: `Simulated billing for ${orderNumber}` })
    .getByRole('button', { name: 'Refund half of last payment' })
    .click();
  await row.getByRole('button', { name: `Payment of ${orderNumber}` }).click();
  const refundRow = payment.getByRole('row').filter({ hasText: /^Refunded on / });
  await expect(refundRow).toHaveText(/^Refunded on .+-\$[\d,]+\.\d\d$/);
  const half = -cents(/-\$[\d,.]+$/.exec((await refundRow.textContent()) ?? '')![0]);
  expect(Math.abs(half - charge.totalCents / 2)).toBeLessThanOrEqual(0.5);
  await expect(payment.getByRole('row')).toHaveText([
    ...paid,
    new RegExp(`^Refunded on .+${escape(`-${dollars(half)}`)}$`),
    asRow(['Remaining after refunds', dollars(charge.totalCents - half)]),
  ]);
  await payment.getByRole('button', { name: 'Close' }).click();

  const after = await thisWeek(page);
  expect(after.net).toBe(after.charged - after.tax - after.refunds);
  // Other specs may pay or refund this week meanwhile: at least this refund came off.
  expect(after.refunds - week.refunds).toBeGreaterThanOrEqual(half);
  test.info().annotations.push({
    type: 'this week in the admin',
    description: `before the refund ${JSON.stringify(week)}, after ${JSON.stringify(after)} (cents)`,
  });
});

const dollars = (amount: number) =>
  `$${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** This week's row of the overview's "Net revenue per week" table, in cents. */
async function thisWeek(page: Page) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Overview', exact: true })
    .click();
  const table = page.getByRole('table', { name: 'Net revenue per week' });
  if (!(await table.isVisible()))
    await page.getByText('Show net revenue per week as a table').click();
  const cells = table.getByRole('row').last().getByRole('cell');
  const money = async (i: number) => cents((await cells.nth(i).textContent()) ?? '');
  // Week, Orders, Renewals, Charged, Tax collected ("$x (n unknown)"), Refunds, Net revenue.
  return {
    charged: await money(3),
    tax: cents(((await cells.nth(4).textContent()) ?? '').split(' ')[0]!),
    refunds: Math.abs(await money(5)),
    net: await money(6),
  };
}
