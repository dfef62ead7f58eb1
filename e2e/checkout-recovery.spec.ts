/**
 * An abandoned checkout won back, with the simulated provider: the buyer ticks the promotional
 * e-mail box (unticked by default, as on Stripe) and lets the session expire; the one reminder
 * waits in the outbox for its hour (read from the server's database, its sealed links opened
 * with the local run's key, as the outbox does when it sends it); its recovery link opens the
 * same order in a new session, paid once, marked recovered, with its onboarding; the expired
 * page then refuses a second payment; the admin's order list marks it recovered. Without the
 * tick there is no reminder. Past the first claim, checkouts are abandoned (and recovered)
 * through the payment page's endpoints.
 */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { chooseDatabase } from '../scripts/lib/database-choice';
import { loadLocalEnv } from '../src/server/local-env';
import { openedText } from '../src/testing/sent-mail';
import { openSection, signInAsNewAdmin } from './admin-accounts';
import { fromOwnAddress } from './fixtures';
import {
  expect,
  payAndLookUp,
  sessionOf,
  simulatedAction,
  startCheckout as checkoutOf,
  test,
  type SeededOrder,
} from './seeds/purchase';

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

type Abandoned = {
  email: string;
  /** The expired session's payment page. */
  expiredUrl: string;
  reminder: Reminder;
  /** The reminder's recovery link. */
  recovery: URL;
};

/** The reminder to `email` once it is queued. */
async function pendingReminder(email: string): Promise<Reminder> {
  let reminder: Reminder | undefined;
  await expect
    .poll(async () => ((reminder = (await remindersTo(email))[0]), reminder?.status), {
      message: 'the reminder in the outbox',
    })
    .toBe('pending');
  return reminder!;
}

/** A Starter checkout left to expire with the box ticked, through the payment page's endpoints. */
async function abandonWithConsent(page: Page, prefix: string): Promise<Abandoned> {
  await fromOwnAddress(page.context());
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const email = `${prefix}.${Date.now()}@example.com`;
  const expiredUrl = await checkoutOf(page.request, origin, [
    { id: 'starter', billingCycle: 'oneTime' },
  ]);
  await simulatedAction(page.request, origin, {
    action: 'expire',
    session: sessionOf(expiredUrl),
    name: 'Grace Hopper',
    email,
    promotions: 'opt_in',
  });
  const reminder = await pendingReminder(email);
  const link = /Complete your order: (\S+)/.exec(openedText(reminder))![1]!;
  return { email, expiredUrl, reminder, recovery: new URL(link) };
}

/** An abandoned checkout paid through its recovery link, as its success page looks it up. */
async function recoverAndPay(page: Page, abandoned: Abandoned): Promise<SeededOrder> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const { recovery, email } = abandoned;
  const opened = await page.request.get(recovery.pathname + recovery.search, { maxRedirects: 0 });
  expect(opened.status()).toBe(303);
  const session = sessionOf(opened.headers().location!);
  return payAndLookUp(page.request, origin, session, { name: 'Grace Hopper', email });
}

const goTo = (page: Page, url: URL | string) => {
  const target = new URL(url, 'http://x');
  return page.goto(target.pathname + target.search);
};

test.describe('an abandoned checkout', () => {
  test('with consent: one reminder waits an hour with the order, its link and an unsubscribe line', async ({
    page,
  }) => {
    const email = `recover.${Date.now()}@example.com`;
    await startCheckout(page);
    await letItExpire(page, email, true);

    const reminder = await pendingReminder(email);
    const delay = Date.parse(reminder.due) - Date.parse(reminder.created);
    expect(Math.round(delay / 60_000)).toBe(60);
    const text = openedText(reminder);
    expect(text).toContain('Your order is still waiting');
    expect(text).toContain('1 x Starter Website Package (One-time): $1,000.00');
    expect(text).toMatch(/Unsubscribe: https?:\/\/\S+\/api\/unsubscribe\?token=/);
    const link = /Complete your order: (\S+)/.exec(text)![1]!;
    expect(link).toMatch(/\/api\/checkout-recover\?session=sim_cs_/);
  });

  test('the expiry reported again (a replay) still leaves one reminder', async ({ page }) => {
    const { email, expiredUrl } = await abandonWithConsent(page, 'replay');
    const replay = await page.request.post('/api/simulated-checkout', {
      headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
      form: {
        session: sessionOf(expiredUrl),
        action: 'expire',
        email,
        promotions: 'opt_in',
      },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(303);
    expect(await remindersTo(email)).toHaveLength(1);
  });

  test('the recovery link opens the same order in a new session with the details kept, again until paid', async ({
    page,
  }) => {
    const { email, expiredUrl, recovery } = await abandonWithConsent(page, 'reopen');
    await goTo(page, recovery);
    await expect(page).toHaveURL(PAY_PAGE);
    expect(sessionOf(page.url())).not.toBe(sessionOf(expiredUrl));
    await expect(page.getByRole('cell', { name: 'Starter Website Package' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked();
    // The link is reusable until paid: it opens the same new session again.
    const recoveredUrl = page.url();
    await goTo(page, recovery);
    await expect(page).toHaveURL(recoveredUrl);
  });

  test('paid through its recovery link: one order, marked recovered, its reminder withdrawn', async ({
    page,
  }) => {
    const { email, recovery } = await abandonWithConsent(page, 'paid');
    await goTo(page, recovery);
    await page.getByRole('button', { name: 'Pay $1,000.00', exact: true }).click();

    await expect(page).toHaveURL(/\/checkout\/success\?session_id=sim_cs_/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
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
  });

  test('once recovered and paid, the recovery link and the expired page refuse a second payment', async ({
    page,
  }) => {
    const abandoned = await abandonWithConsent(page, 'again');
    await recoverAndPay(page, abandoned);
    await goTo(page, abandoned.recovery);
    await expect(page.getByRole('heading', { name: 'Already recovered and paid' })).toBeVisible();
    await goTo(page, abandoned.expiredUrl);
    await expect(page.getByRole('heading', { name: 'Already recovered and paid' })).toBeVisible();
  });

  test('the reminder’s unsubscribe line leads to a page whose one button stops every future reminder', async ({
    page,
  }) => {
    const { reminder } = await abandonWithConsent(page, 'unsubscribe');
    const unsubscribe = new URL(/Unsubscribe: (\S+)/.exec(openedText(reminder))![1]!);
    await goTo(page, unsubscribe);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    const hash = unsubscribe.searchParams.get('token')!.split('.')[0];
    const optOuts = await query<{ address_hash: string }>(
      'select address_hash from reminder_opt_outs where address_hash = $1',
      [hash],
    );
    expect(optOuts).toEqual([{ address_hash: hash }]);
  });

  test('a recovered order has its onboarding, as for any purchase', async ({ page }) => {
    const order = await recoverAndPay(page, await abandonWithConsent(page, 'onboard'));
    await page.goto(order.successPath);
    const items = page.getByRole('region', { name: 'Your digital items' });
    await items.getByRole('link', { name: 'Start Setup' }).click();
    await expect(page).toHaveURL(new RegExp(`/onboarding-starter/${order.id}$`));
  });

  test('the admin’s order list marks a recovered order Recovered', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const abandoned = await abandonWithConsent(page, 'admin');
    await recoverAndPay(page, abandoned);
    await page.context().clearCookies();
    await signInAsNewAdmin(page, playwright.request, baseURL!, 'e2e-recovery');
    const row = await openSection(page, 'Orders', abandoned.email);
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
