/**
 * The client dashboard: the public shell and e-mailed sign-in for visitors without a session,
 * and for a signed-in client their own orders, the GoHighLevel connection (Demo Mode; only
 * once a sign-in link proved the address), billing for subscriptions, the spec's error notices
 * and signing out.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectAccessibleMain, createOrderInPage, fromOwnAddress } from './fixtures';
import {
  CONFIRM_TO_CONNECT,
  LINK_EMAIL_NEEDED,
  LINK_EMAIL_WRONG,
  linkEmailHint,
} from '../src/features/clients/clients-texts';
import { confirmWithSignInLink } from './whole-account';

/** Creates a paid test order in the browser, which signs this browser in as its buyer. */
async function signInWithOrder(page: Page, productId: string) {
  await page.goto('/dashboard');
  return createOrderInPage(page, {
    productId,
    customerName: 'Mary Jackson',
    customerEmail: `dashboard.${productId}.${Date.now()}@example.com`,
  });
}

test.describe('client dashboard without a session', () => {
  test('shows the dashboard shell and e-mails a sign-in link', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your Client Dashboard' }),
    ).toBeVisible();
    const integration = page.getByRole('region', { name: 'GoHighLevel integration' });
    await expect(integration.getByText('Not Connected')).toBeVisible();
    await expect(integration.getByRole('button', { name: 'Connect to GoHighLevel' })).toBeEnabled();
    const features = page.getByRole('region', { name: 'Marketing platform features' });
    for (const feature of [
      'Campaign management',
      'CRM',
      'Email and SMS campaigns',
      'Analytics',
      'Automated workflows',
    ]) {
      await expect(features.getByText(feature, { exact: true })).toBeVisible();
    }
    await expect(
      page
        .getByRole('region', { name: 'Project Status' })
        .getByRole('button', { name: 'View Project' }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Support' })
        .getByRole('button', { name: 'Contact Support' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    await expectAccessibleMain(page, 'dashboard without a session');

    // Connect and View Project lead to the sign-in form.
    await integration.getByRole('button', { name: 'Connect to GoHighLevel' }).click();
    const email = page.getByLabel('Email address');
    await expect(email).toBeFocused();

    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await email.fill(`nobody.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByText(/a sign-in link is on its way/)).toBeVisible();

    // Contact Support leads to the contact page (stubbed: that page is another spec's subject).
    await page.route('**/contact', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Contact</title>' }),
    );
    await page.getByRole('button', { name: 'Contact Support' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('opening a sign-in link uses nothing up; an invalid link is explained before any button', async ({
    page,
  }) => {
    // A link planted elsewhere (login CSRF) or fetched by a mail scanner signs nobody in.
    await page.goto('/api/auth/magic?token=not-a-real-token');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(/This sign-in link is invalid, used or expired/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Email address')).toBeVisible();
  });

  test('an order e-mail’s link in another browser asks for the full address first', async ({
    page,
  }) => {
    // The server's rules are in netlify/tests/identity.test.mts; here, what the page asks.
    await page.route('**/api/auth/magic/preview', (route) =>
      route.fulfill({ json: { state: 'ready', account: 'm•••@example.com', askEmail: true } }),
    );
    const sent: unknown[] = [];
    await page.route('**/api/auth/magic', (route) => {
      const body = route.request().postDataJSON() as { email?: string };
      sent.push(body);
      return body.email === 'mary@example.com'
        ? route.fulfill({ json: { success: true } })
        : route.fulfill({ status: 403, json: { error: LINK_EMAIL_WRONG } });
    });
    await page.goto('/dashboard?token=order-link');
    const card = page.getByRole('region', { name: 'Sign in as m•••@example.com?' });
    const address = card.getByRole('textbox', { name: 'Your e-mail address' });
    await expect(address).toHaveAccessibleDescription(linkEmailHint('m•••@example.com'));
    await expectAccessibleMain(page, 'an order link asking for its address');

    await card.getByRole('button', { name: 'Sign in' }).click();
    await expect(card.getByRole('alert')).toHaveText(LINK_EMAIL_NEEDED);
    expect(sent).toEqual([]);
    await address.fill('mary@example.co');
    await card.getByRole('button', { name: 'Sign in' }).click();
    await expect(card.getByRole('alert')).toHaveText(LINK_EMAIL_WRONG);
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await address.fill('mary@example.com');
    await card.getByRole('button', { name: 'Sign in' }).click();
    await expect(card).toBeHidden();
    expect(sent).toEqual([
      { token: 'order-link', email: 'mary@example.co' },
      { token: 'order-link', email: 'mary@example.com' },
    ]);
  });
});

test.describe('client dashboard with a session', () => {
  test('lists the client’s own orders, connects GoHighLevel once the address is proven, and signs out', async ({
    page,
  }) => {
    await fromOwnAddress(page.context());
    const email = `dashboard.connect.${Date.now()}@example.com`;
    await page.goto('/dashboard');
    const { orderId, orderNumber, clientId } = await createOrderInPage(page, {
      productId: 'starter',
      customerName: 'Mary Jackson',
      customerEmail: email,
    });
    await page.goto('/dashboard');
    await expect(page.getByText(/Welcome back, Mary Jackson/)).toBeVisible();
    const order = page.locator(`[data-order-id="${orderId}"]`);
    await expect(order.locator('p', { hasText: `Order ${orderNumber}` })).toBeVisible();
    await expect(order.getByText('Onboarding not started')).toBeVisible();
    await expect(order.getByRole('link', { name: /Start onboarding/ })).toHaveAttribute(
      'href',
      `/onboarding-starter/${orderId}`,
    );
    await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);

    // View Project takes the visitor to their orders.
    await page.getByRole('button', { name: 'View Project' }).click();
    await expect(page.getByRole('heading', { name: 'Your orders' })).toBeFocused();

    // A browser that only paid makes no CRM account: Connect leads to confirming the address,
    // and the server refuses a request made anyway.
    const integration = page.getByRole('region', { name: 'GoHighLevel integration' });
    await expect(integration.getByText('Not Connected')).toBeVisible();
    await expect(
      integration.getByText(
        'Confirm your e-mail address with a sign-in link to connect your marketing platform account.',
      ),
    ).toBeVisible();
    await integration.getByRole('button', { name: 'Connect to GoHighLevel' }).click();
    const confirm = page.getByRole('region', { name: 'Confirm your e-mail address' });
    await expect(confirm.getByLabel('Email address')).toBeFocused();
    const refused = await page.evaluate(async (id) => {
      const res = await fetch(`/api/gohighlevel/connect/${id}`, { method: 'POST' });
      return { status: res.status, body: await res.json() };
    }, clientId);
    expect(refused).toEqual({ status: 403, body: { error: CONFIRM_TO_CONNECT } });

    // Signed in with the e-mailed link: not linked yet → connect (Demo Mode) → linked → the
    // dashboard link opens the demo portal.
    await confirmWithSignInLink(page, email);
    await expect(integration.getByText('Not Connected')).toBeVisible();
    await integration.getByRole('button', { name: 'Connect to GoHighLevel' }).click();
    await expect(integration.getByText('Connected', { exact: true })).toBeVisible();
    await expectAccessibleMain(page, 'signed-in dashboard');
    await integration.getByRole('button', { name: 'Access GoHighLevel Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/demo-portal\?location=demo-/);
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Client Portal' })).toBeVisible();
    await expect(page.getByText('Demo Mode', { exact: true })).toBeVisible();
    await expectAccessibleMain(page, 'demo portal');
    await page.getByRole('link', { name: 'Go to Your Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Your Client Dashboard' })).toBeVisible();

    // The status and link endpoints answer only for the client's own id.
    const statuses = await page.evaluate(async (own) => {
      const other = own + 100000;
      return [
        (await fetch(`/api/gohighlevel/status/${own}`)).status,
        (await fetch(`/api/gohighlevel/status/${other}`)).status,
        (await fetch(`/api/gohighlevel/dashboard/${other}`)).status,
        (await fetch('/api/gohighlevel/status/1')).status,
      ];
    }, clientId);
    expect(statuses.slice(0, 3)).toEqual([200, 403, 403]);
    expect(statuses[3]).toBe(clientId === 1 ? 200 : 403);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to see your orders' })).toBeVisible();
    await expect(page.locator(`[data-order-id="${orderId}"]`)).toHaveCount(0);
  });

  test('shows the spec notices when GoHighLevel cannot be reached', async ({ page }) => {
    await signInWithOrder(page, 'advanced');
    await page.route('**/api/gohighlevel/status/**', (route) =>
      route.fulfill({ status: 502, json: { error: 'down' } }),
    );
    await page.goto('/dashboard');
    await expect(page.getByText('Unable to verify your GoHighLevel account status.')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'GoHighLevel integration' }).getByText('Not Connected'),
    ).toBeVisible();

    await page.unroute('**/api/gohighlevel/status/**');
    await page.route('**/api/gohighlevel/status/**', (route) =>
      route.fulfill({
        json: { isLinked: true, simulated: true, locationId: 'demo-0000000000000000' },
      }),
    );
    await page.route('**/api/gohighlevel/dashboard/**', (route) =>
      route.fulfill({ status: 500, json: { error: 'down' } }),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Access GoHighLevel Dashboard' }).click();
    await expect(
      page.getByText('Unable to access your GoHighLevel dashboard. Please try again later.'),
    ).toBeVisible();
  });

  test('explains billing for a subscription when payments are simulated', async ({ page }) => {
    await signInWithOrder(page, 'lily-ai');
    await page.goto('/dashboard');
    const billing = page.getByRole('button', { name: 'Manage billing' });
    await expect(billing).toHaveAttribute('aria-disabled', 'true');
    await expect(billing).toHaveAccessibleDescription(/Payments are simulated in this environment/);
  });
});
