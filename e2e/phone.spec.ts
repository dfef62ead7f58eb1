/**
 * Every form on a slow phone (the `phone` project of playwright.config.ts): CPU throttled 4×
 * and 6× through the DevTools protocol and every island script held back, so the island
 * hydrates while the visitor is already typing or pressing. Two visitors per form:
 *
 * - "fill and press": fills every field as soon as it is on screen and presses submit at once;
 * - "type through hydration": types key by key from the moment the form is on screen, with
 *   the island's scripts arriving in the middle of it, then presses submit.
 *
 * Each run passes only when every field still shows what was typed and exactly one request
 * carried all of it. The script delay changes with each repetition (`repeatEach`), so the
 * moment of hydration moves through the typing; a race that loses a field shows in a few runs.
 */
import type { Locator, Page, Request, TestInfo } from '@playwright/test';
import { createOrderInPage, expect, fromOwnAddress, test } from './fixtures';

const RATES = [4, 6] as const;
/** How long island scripts are held back, by repetition: hydration lands at a new moment each time. */
const SCRIPT_DELAYS_MS = [150, 600, 1100, 1600, 2200];
/** Between two keystrokes: a quick thumb on a phone keyboard. */
const KEY_DELAY_MS = 25;

type Visitor = 'fill and press' | 'type through hydration';
const VISITORS: Visitor[] = ['fill and press', 'type through hydration'];

test.describe.configure({ mode: 'parallel' });
test.use({ actionTimeout: 20_000 });

/** A delay per run: the repetition moves it, and so do the form and the visitor, so even two
 * repetitions put hydration at several moments across the matrix. */
function scriptDelay(info: TestInfo): number {
  const spread = [...info.title, ...info.titlePath.join('')].reduce(
    (n, c) => n + c.charCodeAt(0),
    0,
  );
  return SCRIPT_DELAYS_MS[(info.repeatEachIndex + spread) % SCRIPT_DELAYS_MS.length]!;
}

/**
 * A phone `rate` times slower than this machine, whose island scripts arrive `delay` ms after
 * the page was asked for (all at once then: a fixed delay per request would add up along
 * each import chain). Answers a function that gives the phone its full speed back, for the
 * checks after the press.
 */
async function slowPhone(page: Page, rate: number, delay: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const releaseAt = Date.now() + delay;
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, async (route) => {
    await new Promise((r) => setTimeout(r, Math.max(0, releaseAt - Date.now())));
    await route.continue();
  });
  await fromOwnAddress(page.context());
  return () => cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}

/** The bodies of the POSTs to `path` (JSON from an island, URL-encoded from the browser itself). */
function posts(page: Page, path: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === path) {
      bodies.push((req.postDataJSON() ?? {}) as Record<string, unknown>);
    }
  });
  return bodies;
}

/**
 * Types into a control the way a visitor does: a tap, then keys. Nothing waits for the
 * control to be enabled or for the island: a control that ignores the keys fails the run.
 */
async function enter(page: Page, control: Locator, text: string, visitor: Visitor) {
  if (visitor === 'fill and press') {
    await control.fill(text, { force: true });
    return;
  }
  await control.click({ force: true });
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
}

async function choose(control: Locator, value: string) {
  await control.selectOption(value, { force: true });
}

/** Every field still shows what was typed, exactly one request carried it, and nothing else was sent. */
async function expectKeptAndSentOnce(
  fullSpeed: () => Promise<unknown>,
  sent: Record<string, unknown>[],
  fields: [Locator, string][],
  expected: Record<string, unknown>,
) {
  await expect.poll(() => sent.length, { timeout: 30_000 }).toBeGreaterThan(0);
  // The race is over once the request has left: the checks need no slow phone.
  await fullSpeed();
  expect(sent[0], 'the request carries every field').toMatchObject(expected);
  for (const [control, value] of fields) await expect(control).toHaveValue(value);
  // A second request for the same press would come within moments.
  await new Promise((r) => setTimeout(r, 1000));
  expect(sent.length, 'one press, one request').toBe(1);
}

function unique(stem: string): string {
  return `${stem}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The island is still server HTML (Astro removes `ssr` once it has hydrated). */
async function notHydrated(island: Locator): Promise<boolean> {
  return island.evaluate((el) => el.closest('astro-island')?.hasAttribute('ssr') ?? false);
}

for (const rate of RATES) {
  for (const visitor of VISITORS) {
    test.describe(`${rate}× slower phone, ${visitor}`, () => {
      test(`contact form keeps every field and sends once`, async ({ page }, info) => {
        const fullSpeed = await slowPhone(page, rate, scriptDelay(info));
        const sent = posts(page, '/api/contact-form');
        await page.goto('/contact', { waitUntil: 'commit' });
        const form = page.getByRole('form', { name: 'Contact form' });
        await form.waitFor();
        info.annotations.push({
          type: 'typed before hydration',
          description: String(await notHydrated(form)),
        });
        const email = unique('phone.contact');
        const fields: [Locator, string][] = [
          [form.getByRole('textbox', { name: /^Name/ }), 'Ada Lovelace'],
          [form.getByRole('textbox', { name: /^Email/ }), email],
          [form.getByRole('textbox', { name: /^Phone/ }), '+1 555 010 0100'],
          [form.getByRole('textbox', { name: /^Company/ }), 'Analytical Engines'],
          [form.getByRole('textbox', { name: /^Message/ }), 'A booking site for our bakery.'],
        ];
        for (const [control, value] of fields) await enter(page, control, value, visitor);
        await form.getByRole('button', { name: 'Send Message' }).click({ force: true });
        await expectKeptAndSentOnce(fullSpeed, sent, [], {
          name: 'Ada Lovelace',
          email,
          phone: '+1 555 010 0100',
          company: 'Analytical Engines',
          message: 'A booking site for our bakery.',
        });
        await expect(page.getByText('Message Sent!')).toBeVisible({ timeout: 30_000 });
      });

      test(`meeting form keeps every field and choice and sends once`, async ({ page }, info) => {
        const fullSpeed = await slowPhone(page, rate, scriptDelay(info));
        const sent = posts(page, '/api/schedule-meeting');
        await page.goto('/schedule-meeting', { waitUntil: 'commit' });
        const form = page.getByRole('form', { name: 'Meeting request form' });
        await form.waitFor();
        info.annotations.push({
          type: 'typed before hydration',
          description: String(await notHydrated(form)),
        });
        const date = await page.evaluate(() => {
          const t = new Date();
          t.setDate(t.getDate() + 3);
          return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
        });
        const email = unique('phone.meeting');
        await enter(
          page,
          form.getByRole('textbox', { name: /^Full Name/ }),
          'Grace Hopper',
          visitor,
        );
        await enter(page, form.getByRole('textbox', { name: /^Email Address/ }), email, visitor);
        await choose(form.getByRole('combobox', { name: /^Meeting Type/ }), 'consultation');
        await form.getByLabel(/^Preferred Date/).fill(date, { force: true });
        await choose(form.getByRole('combobox', { name: /^Preferred Time/ }), '10:30 AM');
        await choose(form.getByRole('combobox', { name: /^Timezone/ }), 'UTC');
        await enter(page, form.getByRole('textbox', { name: /^Company/ }), 'Navy Labs', visitor);
        await form.getByRole('button', { name: 'Schedule Meeting' }).click({ force: true });
        await expectKeptAndSentOnce(fullSpeed, sent, [], {
          name: 'Grace Hopper',
          email,
          company: 'Navy Labs',
          meetingType: 'consultation',
          preferredDate: date,
          preferredTime: '10:30 AM',
          timezone: 'UTC',
        });
        await expect(page.getByText('Meeting Request Sent!')).toBeVisible({ timeout: 30_000 });
      });

      test(`client onboarding keeps stage 1 and sends once`, async ({ page }, info) => {
        test.setTimeout(120_000);
        const fullSpeed = await slowPhone(page, rate, scriptDelay(info));
        const sent = posts(page, '/api/clients/onboarding');
        await page.goto('/client-onboarding', { waitUntil: 'commit' });
        const fullName = page.getByRole('textbox', { name: 'Full name' });
        await fullName.waitFor();
        const email = unique('phone.onboarding');
        const fields: [Locator, string][] = [
          [fullName, 'Katherine Johnson'],
          [page.getByRole('textbox', { name: 'Email address' }), email],
          [page.getByRole('textbox', { name: 'Business name' }), 'Orbital Bakery'],
          [page.getByRole('textbox', { name: 'Phone number' }), '+1 555 010 0123'],
        ];
        for (const [control, value] of fields) await enter(page, control, value, visitor);
        await choose(page.getByRole('combobox', { name: 'Business type' }), 'restaurant');
        for (const [control, value] of fields) await expect(control).toHaveValue(value);
        await page.getByRole('button', { name: 'Next' }).click({ force: true });
        await expect(page.getByText('Step 2 of 3')).toBeVisible({ timeout: 30_000 });
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(page.getByText('Step 3 of 3')).toBeVisible();
        await page.getByLabel(/I confirm that the information provided is accurate/).check();
        await page.getByRole('button', { name: 'Submit' }).click();
        await expectKeptAndSentOnce(fullSpeed, sent, [], {
          fullName: 'Katherine Johnson',
          email,
          businessName: 'Orbital Bakery',
          phone: '+1 555 010 0123',
          businessType: 'restaurant',
        });
      });

      test(`subscribe box keeps the address and sends once`, async ({ page }, info) => {
        const fullSpeed = await slowPhone(page, rate, scriptDelay(info));
        const sent = posts(page, '/api/subscribe');
        await page.goto('/airbnb-automation', { waitUntil: 'commit' });
        const address = page.getByRole('textbox', { name: 'Email address' });
        await address.waitFor();
        const email = unique('phone.subscribe');
        await enter(page, address, email, visitor);
        await page.getByRole('button', { name: 'Subscribe' }).click({ force: true });
        await expectKeptAndSentOnce(fullSpeed, sent, [], { email });
      });

      test(`sign-in link form keeps the address and sends once`, async ({ page }, info) => {
        const fullSpeed = await slowPhone(page, rate, scriptDelay(info));
        const sent = posts(page, '/api/auth/magic-link');
        await page.goto('/dashboard', { waitUntil: 'commit' });
        const address = page.getByRole('textbox', { name: 'Email address' });
        await address.waitFor({ timeout: 30_000 });
        const email = unique('phone.signin');
        await enter(page, address, email, visitor);
        await page.getByRole('button', { name: 'Email me a sign-in link' }).click({ force: true });
        await expectKeptAndSentOnce(fullSpeed, sent, [[address, email]], { email });
      });

      test(`admin sign-in keeps both fields and sends once`, async ({ page }, info) => {
        const fullSpeed = await slowPhone(page, rate, scriptDelay(info));
        const sent = posts(page, '/api/admin/login');
        await page.goto('/admin', { waitUntil: 'commit' });
        const username = page.getByRole('textbox', { name: 'Username' });
        await username.waitFor({ timeout: 30_000 });
        const password = page.getByLabel('Password');
        await enter(page, username, 'phone-admin', visitor);
        await enter(page, password, 'not the real passphrase', visitor);
        await page.getByRole('button', { name: 'Sign in' }).click({ force: true });
        await expectKeptAndSentOnce(fullSpeed, sent, [[username, 'phone-admin']], {
          username: 'phone-admin',
          password: 'not the real passphrase',
        });
      });

      test(`order onboarding wizard keeps step 1 and saves it once`, async ({ page }, info) => {
        test.setTimeout(120_000);
        // A paid order signs this browser in as its buyer (before the phone slows down).
        await page.goto('/robots.txt');
        const { orderId } = await createOrderInPage(page, {
          productId: 'starter',
          customerName: 'Mary Jackson',
          customerEmail: unique('phone.wizard'),
        });
        const fullSpeed = await slowPhone(page, rate, scriptDelay(info));
        const sent = posts(page, '/api/onboarding/business-info');
        await page.goto(`/onboarding-starter/${orderId}`, { waitUntil: 'commit' });
        const business = page.getByRole('textbox', { name: 'Business name' });
        await business.waitFor({ timeout: 30_000 });
        const fields: [Locator, string][] = [
          [business, 'Jackson Aeronautics'],
          [page.getByRole('textbox', { name: 'Industry' }), 'Engineering'],
          [page.getByRole('textbox', { name: 'Phone number' }), '+1 555 010 0142'],
          [
            page.getByRole('textbox', { name: 'Business description' }),
            'Wind tunnel studies for small aircraft makers.',
          ],
        ];
        for (const [control, value] of fields) await enter(page, control, value, visitor);
        await page
          .getByRole('button', { name: 'Continue to Project Details' })
          .click({ force: true });
        await expectKeptAndSentOnce(fullSpeed, sent, [], {
          orderId,
          data: expect.objectContaining({
            businessName: 'Jackson Aeronautics',
            industry: 'Engineering',
            phone: '+1 555 010 0142',
            description: 'Wind tunnel studies for small aircraft makers.',
          }),
        });
        await expect(page.getByRole('heading', { name: 'Website Requirements' })).toBeVisible({
          timeout: 30_000,
        });
      });
    });
  }
}
