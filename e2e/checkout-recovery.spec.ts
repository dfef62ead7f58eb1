/**
 * An abandoned checkout won back, with the simulated provider: the buyer ticks the promotional
 * e-mail box (unticked by default, as on Stripe) and lets the session expire; the one reminder
 * waits in the outbox for its hour (read from the server's database, its sealed links opened
 * with the local run's key, as the outbox does when it sends it); its recovery link opens the
 * same order in a new session, paid once, marked recovered, with its onboarding; the expired
 * page then refuses a second payment; the admin's order list marks it recovered. Without the
 * tick there is no reminder.
 */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { chooseDatabase } from '../scripts/lib/database-choice';
import { loadLocalEnv } from '../src/server/local-env';
import { openedText } from '../src/testing/sent-mail';
import { createAdmin, enrolApp, openSection, signIn } from './admin-accounts';
import { test, expect, fromOwnAddress } from './fixtures';

process.env.NOVAREACH_LOCAL_RUN ??= 'preview';
loadLocalEnv();

const PAY_PAGE = /\/pay\/simulated\?session=sim_cs_/;
const CONSENT = 'Keep me updated with news and personalized offers';

/** The server's database: the preview's (E2E_DATABASE_URL), or the running dev server's. */
async function query<T>(text: string, values: unknown[]): Promise<T[]> {
  const { url } = await chooseDatabase({
    ...process.env,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL,
  });
  // The dev server's state file names no user; its emulated server takes any.
  const target = new URL(url);
  target.username ||= 'postgres';
  const db = new pg.Client({ connectionString: target.toString() });
  await db.connect();
  try {
    return (await db.query(text, values)).rows as T[];
  } finally {
    await db.end();
  }
}

type Reminder = {
  id: number;
  text: string;
  secrets: Record<string, string> | null;
  status: string;
  due: string;
  created: string;
};

const remindersTo = (email: string) =>
  query<Reminder>(
    `select id, text, secrets, status, next_attempt_at::text as due, created_at::text as created
       from email_outbox where "to" = $1 and kind = 'checkout.reminder' order by id`,
    [email],
  );

/** A cart with the Starter package, handed to the test payment page. */
async function startCheckout(page: Page) {
  await fromOwnAddress(page.context());
  await page.goto('/products');
  const starter = page.getByRole('article', { name: 'Starter Website Package' });
  await starter.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(starter.getByRole('button', { name: 'In Cart' })).toBeDisabled();
  // /checkout hands a cart with items to the payment page on its own (the cart's own dialog is
  // cart.spec.ts's; under `astro dev` it may open after the press is long done).
  await page.goto('/checkout');
  await expect(page).toHaveURL(PAY_PAGE);
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
}

/** Types the buyer's details, ticks (or not) the box, and lets the session expire. */
async function letItExpire(page: Page, email: string, consent: boolean) {
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  const box = page.getByRole('checkbox', { name: CONSENT });
  await expect(box).not.toBeChecked();
  if (consent) await box.check();
  await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.getByRole('button', { name: 'Let it expire' }).click();
  await expect(page.getByRole('heading', { name: 'Payment session expired' })).toBeVisible();
}

test.describe('an abandoned checkout', () => {
  test('with consent: one reminder, its link, paid once, the order recovered', async ({ page }) => {
    test.setTimeout(180_000); // an admin is created from the command line at the end
    const email = `recover.${Date.now()}@example.com`;
    await startCheckout(page);
    const expiredUrl = page.url();
    await letItExpire(page, email, true);

    // The reminder waits in the outbox for its hour: what was bought, the price, the button's
    // link and the unsubscribe line.
    let reminder: Reminder | undefined;
    await expect
      .poll(async () => ((reminder = (await remindersTo(email))[0]), reminder?.status), {
        message: 'the reminder in the outbox',
      })
      .toBe('pending');
    const delay = Date.parse(reminder!.due) - Date.parse(reminder!.created);
    expect(Math.round(delay / 60_000)).toBe(60);
    // The expiry reported again (a replay): still one reminder.
    const replay = await page.request.post('/api/simulated-checkout', {
      headers: { Origin: new URL(page.url()).origin },
      form: {
        session: new URL(expiredUrl).searchParams.get('session') ?? '',
        action: 'expire',
        email,
        promotions: 'opt_in',
      },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(303);
    expect(await remindersTo(email)).toHaveLength(1);
    const text = openedText(reminder!);
    expect(text).toContain('Your order is still waiting');
    expect(text).toContain('1 x Starter Website Package (One-time): $1,000.00');
    expect(text).toMatch(/Unsubscribe: https?:\/\/\S+\/api\/unsubscribe\?token=/);
    const link = /Complete your order: (\S+)/.exec(text)![1]!;
    expect(link).toMatch(/\/api\/checkout-recover\?session=sim_cs_/);

    // The recovery link opens the same order in a new session, with the details kept.
    const recovery = new URL(link);
    await page.goto(recovery.pathname + recovery.search);
    await expect(page).toHaveURL(PAY_PAGE);
    expect(page.url()).not.toBe(expiredUrl);
    await expect(page.getByRole('cell', { name: 'Starter Website Package' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked();
    // The link is reusable until paid: it opens the same new session again.
    const recoveredUrl = page.url();
    await page.goto(recovery.pathname + recovery.search);
    await expect(page).toHaveURL(recoveredUrl);
    await page.getByRole('button', { name: 'Pay $1,000.00', exact: true }).click();

    await expect(page).toHaveURL(/\/checkout\/success\?session_id=sim_cs_/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    const successUrl = page.url();
    const details = page.getByRole('region', { name: 'Order details' });
    await expect(details.getByText(email)).toBeVisible();
    const orderId = ((await details.getByText(/^#\d+$/).textContent()) ?? '').slice(1);

    // Exactly one order, marked recovered, and the reminder withdrawn before it left.
    const placed = await query<{ id: number; recovered_from: string | null; status: string }>(
      `select id, recovered_from, status from orders where customer_email = $1`,
      [email],
    );
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ id: Number(orderId), status: 'paid' });
    expect(placed[0]!.recovered_from).toMatch(/^sim_cs_/);
    expect((await remindersTo(email)).map((r) => r.status)).toEqual(['canceled']);

    // The recovery link now refuses a second payment, and so does the expired session's page.
    await page.goto(recovery.pathname + recovery.search);
    await expect(page.getByRole('heading', { name: 'Already recovered and paid' })).toBeVisible();

    await page.goto(expiredUrl);
    await expect(page.getByRole('heading', { name: 'Already recovered and paid' })).toBeVisible();

    // The unsubscribe line: a page whose one button stops every future reminder.
    const unsubscribe = new URL(/Unsubscribe: (\S+)/.exec(text)![1]!);
    await page.goto(unsubscribe.pathname + unsubscribe.search);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    const hash = unsubscribe.searchParams.get('token')!.split('.')[0];
    const optOuts = await query<{ address_hash: string }>(
      'select address_hash from reminder_opt_outs where address_hash = $1',
      [hash],
    );
    expect(optOuts).toEqual([{ address_hash: hash }]);

    // The order's onboarding, as for any purchase.
    await page.goto(successUrl);
    const items = page.getByRole('region', { name: 'Your digital items' });
    await items.getByRole('link', { name: 'Start Setup' }).click();
    await expect(page).toHaveURL(new RegExp(`/onboarding-starter/${orderId}$`));

    // The admin's order list marks the order recovered.
    const admin = await createAdmin('e2e-recovery');
    const appKey = await enrolApp(page.request, admin, new URL(page.url()).origin);
    await page.context().clearCookies();
    await signIn(page, admin, appKey);
    const row = await openSection(page, 'Orders', email);
    await expect(row).toContainText('Recovered');
  });

  test('without consent: no reminder', async ({ page }) => {
    const email = `noconsent.${Date.now()}@example.com`;
    await startCheckout(page);
    await letItExpire(page, email, false);
    // The expiry is recorded; nothing is queued for this address.
    await expect
      .poll(async () =>
        (
          await query<{ status: string }>(
            `select status from checkout_sessions where customer_email = $1`,
            [email],
          )
        ).map((r) => r.status),
      )
      .toEqual(['expired']);
    expect(await remindersTo(email)).toEqual([]);
  });
});
