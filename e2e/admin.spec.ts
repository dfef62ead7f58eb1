/**
 * The admin panel end to end, against the shared dev server: an admin created with
 * `npm run admin:create`, leads submitted through the real endpoints, an order paid through
 * the simulated checkout, then the panel's views, the meeting confirmation with its .ics in
 * the outbox, CSV export, sign-out and the sign-in rate limit.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { SESSION_HINT_KEYS } from '../src/page-runtime/session-hint';
import { siteSettings } from '../src/lib/site-settings';
import {
  createAdmin,
  enrolApp,
  openSection,
  signIn,
  unique,
  type AdminAccount,
} from './admin-accounts';
import { expect, isoDateInDays, randomIp, test } from './fixtures';

/** A 1×1 PNG, the smallest logo the upload endpoint accepts. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let admin: AdminAccount;
let appKey = '';

test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(180_000);
  admin = await createAdmin();
  const baseURL = info.project.use.baseURL!;
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': randomIp() },
  });
  appKey = await enrolApp(request, admin, new URL(baseURL).origin);
  await request.dispose();
});

async function post(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  ip: string,
  data: unknown,
) {
  const res = await request.post(path, {
    data,
    headers: { Origin: baseURL, 'X-Forwarded-For': ip },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

test('an admin signs in, sees the order, onboarding, message and meeting, confirms it with an .ics, exports CSV and signs out', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const ip = randomIp();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  const buyer = { name: `Buyer ${id}`, email: `buyer-${id}@example.com` };
  const visitor = { name: `Visitor ${id}`, email: `visitor-${id}@example.com` };

  await test.step('a customer pays through the simulated checkout', async () => {
    const { url } = await post(page.request, baseURL!, '/api/create-checkout-session', ip, {
      items: [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
      success_url: `${baseURL}/checkout/success`,
      cancel_url: `${baseURL}/checkout`,
    });
    // What the simulated payment page's "Pay" button submits (its own spec covers the page).
    const session = new URL(url).searchParams.get('session')!;
    const paid = await page.request.post('/api/simulated-checkout', {
      form: { session, name: buyer.name, email: buyer.email, action: 'pay' },
      headers: { Origin: baseURL!, 'X-Forwarded-For': ip },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    expect(paid.headers().location).toContain('/checkout/success');
  });

  await test.step('a visitor sends a contact message and a meeting request', async () => {
    await post(page.request, baseURL!, '/api/contact-form', ip, {
      name: visitor.name,
      email: visitor.email,
      phone: '',
      company: 'E2E Widgets',
      message: `Please call me about a new website (${id}).`,
      formType: 'contact',
    });
    const meeting = await post(page.request, baseURL!, '/api/schedule-meeting', ip, {
      name: visitor.name,
      email: visitor.email,
      phone: '',
      company: 'E2E Widgets',
      meetingType: 'consultation',
      preferredDate: isoDateInDays(9),
      preferredTime: '10:00 AM',
      timezone: 'EST',
      message: '',
    });
    expect(meeting.success).toBe(true);
  });

  const business = `Bakery ${id}`;
  await test.step('a customer starts onboarding and uploads a logo', async () => {
    const { orderId } = await post(page.request, baseURL!, '/api/test/create-mock-order', ip, {
      productId: 'starter',
      customerName: `Baker ${id}`,
      customerEmail: `baker-${id}@example.com`,
    });
    const upload = await page.request.post(`/api/onboarding/logo?orderId=${orderId}`, {
      data: Buffer.from(PNG_1PX, 'base64'),
      headers: { Origin: baseURL!, 'X-Forwarded-For': ip, 'Content-Type': 'image/png' },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { logoUrl } = await upload.json();
    await post(page.request, baseURL!, '/api/onboarding/business-info', ip, {
      orderId,
      data: {
        businessName: business,
        industry: 'Food and drink',
        contactName: 'Ada Baker',
        email: `baker-${id}@example.com`,
        phone: '555 010 0100',
        description: 'Fresh bread every morning, delivered.',
        logoUrl,
        logoFile: 'logo.png',
      },
    });
  });

  await test.step('the admin signs in with a secure session cookie', async () => {
    await signIn(page, admin, appKey);
    const cookie = (await page.context().cookies()).find((c) => c.name === '__Host-admin_session');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The next visit's first paint expects the panel, not the sign-in card (a hint only).
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_HINT_KEYS.admin)).toBe(
      '1',
    );
  });

  await test.step('the overview shows counts and the weekly net revenue chart', async () => {
    await expect(page.getByRole('list', { name: 'Key figures' })).toContainText('Net revenue');
    for (const figure of ['Charged', 'Tax collected', 'Refunds', 'Net revenue'])
      await expect(page.getByRole('term').filter({ hasText: figure })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Net revenue per week' })).toBeVisible();
    await page.getByText('Show net revenue per week as a table').click();
    const revenue = page.getByRole('table', { name: 'Net revenue per week' });
    await expect(revenue).toBeVisible();
    for (const header of ['Charged', 'Tax collected', 'Refunds', 'Net revenue'])
      await expect(revenue.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Leads per week' })).toBeVisible();
    await page.getByText('Show leads per week as a table').click();
    const leads = page.getByRole('table', { name: 'Leads per week' });
    await expect(leads.getByRole('columnheader', { name: 'Contact messages' })).toBeVisible();
    // This run's contact message and meeting request arrived this week: the last row.
    await expect(leads.getByRole('row').last().getByRole('cell').last()).not.toHaveText('0');
  });

  await test.step('the order appears with status, amount, items and onboarding progress', async () => {
    const row = await openSection(page, 'Orders', buyer.name);
    await expect(row).toContainText(buyer.email);
    await expect(row).toContainText('Starter Website Package');
    await expect(row).toContainText('$1,000.00');
    await expect(row).toContainText(/Paid|Completed/);
    await expect(row).toContainText('Not started');
    await expect(row).toContainText('Simulated payment');
    await expect(row).not.toContainText('Recovered');
    await expect(row.getByRole('link', { name: /View in Stripe/ })).toHaveCount(0);

    // Its payment, in the rows of the buyer's receipt.
    await row.getByRole('button', { name: /^Payment of / }).click();
    const payment = page.getByRole('dialog', { name: /^Payment of / });
    await expect(payment.getByRole('row')).toHaveText([
      '1 x Starter Website Package (One-time)$1,000.00',
      'Subtotal$1,000.00',
      'Total paid$1,000.00',
    ]);
    await expect(payment).toContainText('Simulated payment');
    await payment.getByRole('button', { name: 'Close' }).click();
    await expect(payment).toHaveCount(0);
  });

  await test.step('the orders list exports as CSV, prepared in the background', async () => {
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Export ready: 1 order\./ }),
    ).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain(
      'Order number,Created (UTC),Status,Subtotal (USD),Discount (USD),Discount codes,Tax (USD),Total (USD),Refunded (USD),Net (USD),Currency,Invoice number',
    );
    expect(csv).toContain(buyer.email);
    expect(csv.trim().split('\r\n')).toHaveLength(2);
  });

  await test.step('order onboarding shows every field and the uploaded logo', async () => {
    const row = await openSection(page, 'Order onboarding', business);
    await expect(row).toContainText('1 of 3 steps');
    const logo = row.getByRole('img', { name: `Logo of ${business}` });
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await row.getByRole('button', { name: /^View/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Onboarding for / });
    await expect(dialog.getByRole('img', { name: `Logo uploaded by ${business}` })).toBeVisible();
    for (const text of [
      'Business name',
      business,
      'Industry',
      'Food and drink',
      'Contact name',
      'Ada Baker',
      'Description',
    ]) {
      await expect(dialog).toContainText(text);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the contact message appears and can be marked handled', async () => {
    const row = await openSection(page, 'Contact messages', id);
    await expect(row).toContainText(visitor.name);
    await expect(row).toContainText('New');
    await row.getByRole('button', { name: /Mark handled/ }).click();
    await expect(row).toContainText('Handled');
  });

  await test.step('a long list pages by cursor: next, last, previous, first', async () => {
    const marker = `pager${unique()}`;
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO contact_messages (name, email, message, created_at)
         SELECT $1 || ' ' || g, 'pager@mail.test', 'Paging check', now() - g * interval '1 minute'
         FROM generate_series(1, 25) g`,
        [marker],
      );
    } finally {
      await db.end();
    }
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Contact messages', exact: true })
      .click();
    await page.getByLabel('Rows per page').selectOption('10');
    await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const status = page.getByRole('status').filter({ hasText: /^Showing/ });
    const pager = page.getByRole('navigation', { name: 'Contact messages pages' });
    const firstName = page.getByRole('table').getByRole('row').nth(1);
    await expect(status).toHaveText('Showing 1–10 of 25 messages');
    await expect(pager).toContainText('Page 1 of 3');
    await expect(firstName).toContainText(`${marker} 1`);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(status).toHaveText('Showing 11–20 of 25 messages');
    await expect(pager).toContainText('Page 2 of 3');
    await expect(firstName).toContainText(`${marker} 11`);
    await pager.getByRole('button', { name: 'Last' }).click();
    await expect(status).toHaveText('Showing 21–25 of 25 messages');
    await expect(pager).toContainText('Page 3 of 3');
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(status).toHaveText('Showing 11–20 of 25 messages');
    await pager.getByRole('button', { name: 'First' }).click();
    await expect(status).toHaveText('Showing 1–10 of 25 messages');
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  await test.step('the meeting request is confirmed, which e-mails the visitor', async () => {
    const row = await openSection(page, 'Meeting requests', visitor.email);
    await expect(row).toContainText('Free Consultation (30 min)');
    await expect(row).toContainText('Requested');
    await row.getByRole('button', { name: `Confirm meeting with ${visitor.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm meeting' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Send confirmation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Meeting confirmed', { exact: true })).toBeVisible();
    await expect(row).toContainText('Confirmed');
  });

  await test.step('the outbox holds the confirmation with its .ics invitation', async () => {
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'E-mail outbox' })
      .click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`${visitor.email} confirmed`);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Meeting confirmed: Free Consultation (30 min)' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(visitor.email);
    const downloading = page.waitForEvent('download');
    await row.getByRole('link', { name: 'meeting.ics' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('meeting.ics');
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toMatch(/^STATUS:CONFIRMED\r$/m);
    expect(ics).toContain(`mailto:${visitor.email}`);
  });

  await test.step('the person view finds, exports and erases the visitor’s data', async () => {
    // The address goes in POST bodies only: URLs end up in CDN and log-drain logs.
    const peopleRequests: { method: string; url: string }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/people'))
        peopleRequests.push({ method: request.method(), url: request.url() });
    });
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Personal data' })
      .click();
    await page.getByLabel('E-mail address').fill(visitor.email);
    await page.getByRole('button', { name: 'Find' }).click();
    const held = page.getByRole('table', { name: 'What is stored' });
    await expect(held.getByRole('row', { name: /meeting requests/ })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as JSON' }).click();
    const exported = JSON.parse(await readFile((await (await downloading).path())!, 'utf8'));
    expect(JSON.stringify(exported.tables)).toContain(visitor.email);
    await page.getByRole('button', { name: 'Erase everything' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this person’s data' });
    await dialog.getByLabel('Type the address again to confirm').fill(visitor.email);
    await dialog.getByRole('button', { name: 'Erase everything' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: /^Erased: / })).toBeVisible();
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText('Nothing is stored about this address.')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const posted = peopleRequests.filter((r) => r.method === 'POST');
    expect(posted.map((r) => new URL(r.url).pathname)).toEqual(
      expect.arrayContaining([
        '/api/admin/people',
        '/api/admin/people/export',
        '/api/admin/people/erase',
      ]),
    );
    for (const { url } of peopleRequests) {
      expect(url).not.toContain(encodeURIComponent(visitor.email));
      expect(url).not.toContain(visitor.email);
    }
  });

  await test.step('signing out ends the session', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await (await page.request.get('/api/admin/me')).json()).toEqual({ user: null });
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_HINT_KEYS.admin)).toBe(
      null,
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});

test('brute-force sign-in attempts are rate limited with a clear message', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() });
  await page.goto('/admin');
  const username = `victim-${unique()}`;
  const alert = page.locator('#admin-login-error');
  for (let i = 1; i <= 6; i++) {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(`guess number ${i}`);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/login'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const res = await answered;
    if (i <= 5) {
      expect(res.status()).toBe(401);
      await expect(alert).toHaveText('Invalid username or password.');
    } else {
      expect(res.status()).toBe(429);
      expect(Number(res.headers()['retry-after'])).toBeGreaterThan(0);
      await expect(alert).toHaveText(
        /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
      );
    }
  }
});

test('the sign-in form and the panel pass axe and fit a phone screen', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  // The company name stands apart in the introduction (it once read "for theNovaReach…").
  await expect(page.locator('.admin-intro')).toContainText(
    `e-mail for the ${siteSettings.name} team, in one place.`,
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await signIn(page, admin, appKey);
  for (const section of [
    'Overview',
    'Orders',
    'Meeting requests',
    'E-mail outbox',
    'Security log',
  ]) {
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: section, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${section} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
    expect((await new AxeBuilder({ page }).analyze()).violations, section).toEqual([]);
  }
});
