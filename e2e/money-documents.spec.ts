/**
 * One purchase, the same money everywhere: the Starter package with SAVE10, at whatever tax rate
 * the server charges (SIMULATED_TAX_RATE: none under `npm test`; the issue's must-show runs it
 * at 8.25 with E2E_BASE_URL), read off the payment page and found again, row for row, on the
 * success page, the downloaded receipt, the confirmation e-mail, the dashboard and the admin.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pdfPages } from '../src/testing/pdf-text';
import { createAdmin, enrolApp, openSection, signIn } from './admin-accounts';
import { expect, payAs, randomIp, test } from './fixtures';
import { query } from './whole-account';
import { openedText } from '../src/testing/sent-mail';

const cents = (amount: string) =>
  Math.round(Number(amount.replace(/[$,\s]/g, '').replace(/^[−-]/, '-')) * 100);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a Starter purchase with SAVE10 reads the same, and adds up, on every document', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.goto('/checkout/starter');
  await page.getByLabel('Promotion code').fill('SAVE10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('rowheader', { name: 'Discount (SAVE10)' })).toBeVisible();
  const read = async (id: string) => (await page.getByTestId(id).textContent())?.trim() ?? '';
  const taxed = (await page.getByTestId('pay-tax').count()) > 0;
  const [subtotal, discount, tax, total] = [
    await read('pay-subtotal'),
    await read('pay-discount'),
    taxed ? await read('pay-tax') : '$0.00',
    await read('pay-total'),
  ];
  expect(cents(subtotal) + cents(discount) + cents(tax)).toBe(cents(total));

  // The receipt's rows: a tax row names its rate, and only when tax was charged.
  const rows: [string | RegExp, string][] = [
    ['1 x Starter Website Package (One-time)', subtotal],
    ['Subtotal', subtotal],
    ['Discount (SAVE10)', discount],
    ...(taxed ? [[/Tax \([\d.]+%\)/, tax] as [RegExp, string]] : []),
    ['Total paid', total],
  ];
  const asRow = ([label, amount]: [string | RegExp, string]) =>
    new RegExp(`^${typeof label === 'string' ? escape(label) : label.source}${escape(amount)}$`);
  // The receipt PDF gives the line a table row of its own (item, billing, quantity, amount).
  const onPaper: [string | RegExp, string][] = [
    [/Starter Website Package.*One-time.*1/, subtotal],
    ...rows.slice(1),
  ];
  const email = `money.${Date.now()}@example.com`;
  await payAs(page, 'Mary Jackson', email, total);

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=sim_cs_/);
  const details = page.getByRole('region', { name: 'Order details' });
  const orderNumber = ((await details.getByText(/^NR-/).textContent()) ?? '').trim();
  await expect(
    page.getByRole('table', { name: `Payment summary of order ${orderNumber}` }).getByRole('row'),
  ).toHaveText(rows.map(asRow));

  await test.step('the receipt PDF', async () => {
    const link = page.getByRole('link', { name: 'Download Files' });
    const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    // Kept beside the test's results, for `pdftotext` and a reader's eyes.
    await writeFile(test.info().outputPath('receipt.pdf'), await pdf.body());
    const lines = (await pdfPages(await pdf.body())).flat();
    for (const [label, amount] of onPaper) {
      const pattern = typeof label === 'string' ? escape(label) : label.source;
      expect(lines, `${label} ${amount} in the receipt`).toContainEqual(
        // The total names its currency on paper ("Total paid $900.00 USD").
        expect.stringMatching(new RegExp(`${pattern}.*${escape(amount)}( [A-Z]{3})?$`)),
      );
    }
  });

  await test.step('the confirmation e-mail', async () => {
    const [mail] = await query<{ text: string; secrets: Record<string, string> | null }>(
      `select text, secrets from email_outbox where "to" = $1 and kind = 'order-confirmation'`,
      [email],
    );
    const text = openedText(mail!);
    for (const [label, amount] of rows) {
      const pattern = typeof label === 'string' ? escape(label) : label.source;
      expect(text).toMatch(new RegExp(`${pattern}[^\\n]*${escape(amount)}`));
    }
  });

  await test.step('the dashboard', async () => {
    await page.goto('/dashboard');
    await expect(
      page.getByRole('table', { name: `Payment of order ${orderNumber}` }).getByRole('row'),
    ).toHaveText(rows.map(asRow));
  });

  await test.step('the admin', async () => {
    const admin = await createAdmin('e2e-money');
    const request = await playwright.request.newContext({
      baseURL: baseURL!,
      extraHTTPHeaders: { 'X-Forwarded-For': randomIp() },
    });
    const appKey = await enrolApp(request, admin, new URL(baseURL!).origin);
    await request.dispose();
    await signIn(page, admin, appKey);
    const week = await thisWeek(page);
    expect(week.net).toBe(week.charged - week.tax - week.refunds);

    const row = await openSection(page, 'Orders', email);
    const payment = page.getByRole('dialog', { name: `Payment of ${orderNumber}` });
    await row.getByRole('button', { name: `Payment of ${orderNumber}` }).click();
    await expect(payment.getByRole('row')).toHaveText(rows.map(asRow));
    await payment.getByRole('button', { name: 'Close' }).click();

    // A partial refund: on the payment's rows, and out of this week's net revenue.
    await row
      .getByRole('group', { name: `Simulated billing for ${orderNumber}` })
      .getByRole('button', { name: 'Refund half of last payment' })
      .click();
    await row.getByRole('button', { name: `Payment of ${orderNumber}` }).click();
    const refundRow = payment.getByRole('row').filter({ hasText: /^Refunded on / });
    await expect(refundRow).toHaveText(/^Refunded on .+-\$[\d,]+\.\d\d$/);
    const half = -cents(/-\$[\d,.]+$/.exec((await refundRow.textContent()) ?? '')![0]);
    expect(Math.abs(half - cents(total) / 2)).toBeLessThanOrEqual(0.5);
    await expect(payment.getByRole('row')).toHaveText([
      ...rows.map(asRow),
      new RegExp(`^Refunded on .+${escape(`-${dollars(half)}`)}$`),
      asRow(['Remaining after refunds', dollars(cents(total) - half)]),
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
