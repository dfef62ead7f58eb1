/**
 * Order onboarding wizard end to end: a simulated purchase, the three steps with validation,
 * a logo upload, a draft that survives a reload, resuming at the first unsaved step, a failed
 * save, completion and the redirect to the dashboard showing the order as onboarded (and no
 * CRM account until a sign-in link proves the address). A second browser without the
 * purchaser's session can neither read nor write the order.
 */
import type { Page } from '@playwright/test';
import { test, expect, createOrderInPage } from './fixtures';

/** A real 1×1 PNG, so the uploaded logo actually renders. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Buys the Starter package with the simulated provider and follows "Start Setup". */
async function buyStarterAndStartSetup(page: Page, email: string): Promise<number> {
  await page.goto('/checkout/starter');
  await expect(page).toHaveURL(/\/pay\/simulated\?session=sim_cs_/, { timeout: 30_000 });
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Pay $1,000.00', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
    timeout: 30_000,
  });
  await page
    .getByRole('region', { name: 'Your digital items' })
    .getByRole('link', { name: 'Start Setup' })
    .click();
  await expect(page).toHaveURL(/\/onboarding-starter\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test.describe('order onboarding wizard', () => {
  test('simulated purchase → three steps with a logo → dashboard shows the order onboarded', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = `wizard.${Date.now()}@example.com`;
    const orderId = await buyStarterAndStartSetup(page, email);

    // Header: product, description, progress and the step title.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Starter Website Package' }),
    ).toBeVisible();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Business Information' }),
    ).toBeVisible();
    await expect(
      page.getByRole('progressbar', { name: 'Step 1 of 3: Business Information' }),
    ).toBeVisible();

    // The purchaser's name and e-mail are prefilled; the rest is validated with the spec messages.
    await expect(page.getByLabel('Contact name')).toHaveValue('Grace Hopper');
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await page.getByRole('button', { name: 'Continue to Project Details' }).click();
    await expect(page.getByText('Business name is required')).toBeVisible();
    await expect(page.getByText('Industry is required')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(
      page.getByText('Please provide a brief description of your business'),
    ).toBeVisible();
    await expect(page.getByLabel('Business name')).toBeFocused();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();

    await page.getByLabel('Business name').fill('Hopper Compilers');
    await page.getByLabel('Industry').fill('Software');
    await page.getByLabel('Phone number').fill('+1 555 010 0142');
    await page
      .getByLabel('Business description')
      .fill('We build friendly compilers for small teams.');

    // The typed draft survives a reload.
    await page.reload();
    await expect(page.getByLabel('Business name')).toHaveValue('Hopper Compilers');
    await expect(page.getByLabel('Business description')).toHaveValue(
      'We build friendly compilers for small teams.',
    );

    // Logo upload: stored on the server, previewed from its URL.
    await page
      .getByLabel('Logo')
      .setInputFiles({ name: 'hopper-logo.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.getByRole('img', { name: /Uploaded logo/ });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute(
      'src',
      new RegExp(`^/api/onboarding/logo/${orderId}/[\\w-]+$`),
    );
    // Visible is not yet loaded: wait until the image has decoded from its URL.
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    const logoUrl = (await preview.getAttribute('src')) ?? '';

    await page.getByRole('button', { name: 'Continue to Project Details' }).click();
    await expect(page.getByText('Information Saved')).toBeVisible();
    await expect(
      page.getByText('Your business information has been saved successfully.'),
    ).toBeVisible();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Website Requirements' }),
    ).toBeFocused();

    // A returning client resumes at the first unsaved step.
    await page.reload();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Website Requirements' }),
    ).toBeVisible();

    await page.getByLabel('Project goals').fill('Win more compiler consulting work online.');
    await page.getByLabel('Target audience').fill('CTOs of small software teams');
    await page.getByLabel('Key features').fill('Case studies, booking form, blog');
    await page.getByLabel('Timeline').fill('Within six weeks');

    // A failed save shows the spec's error and stays on the step.
    let failNext = true;
    await page.route('**/api/onboarding/project-details', (route) => {
      if (!failNext) return route.continue();
      failNext = false;
      return route.fulfill({ status: 500, json: { error: 'down' } });
    });
    await page.getByRole('button', { name: 'Continue to Design Preferences' }).click();
    await expect(
      page.getByText('There was a problem saving your information. Please try again.'),
    ).toBeVisible();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();

    await page.getByRole('button', { name: 'Continue to Design Preferences' }).click();
    await expect(
      page.getByText('Your project details have been saved successfully.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Design Preferences' })).toBeVisible();

    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect(page.getByText('Style preferences are required')).toBeVisible();
    await page.getByLabel('Style preferences').fill('Clean, technical, lots of white space');
    await expect(page.getByLabel('Use my logo in the design')).toBeChecked();
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();

    await expect(page.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible();
    await expect(page.getByText('Redirecting you to your dashboard…')).toBeVisible();
    // This browser only paid: no CRM account is made for an address nobody proved, so the
    // wizard leads to the dashboard, which asks for the sign-in link before connecting.
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '', {
      timeout: 15_000,
    });

    await expect(
      page.getByRole('heading', { level: 1, name: 'Your Client Dashboard' }),
    ).toBeVisible();
    await expect(page.getByText('Demo Mode').first()).toBeVisible();
    const integration = page.getByRole('region', { name: 'GoHighLevel integration' });
    await expect(integration.getByText('Not Connected')).toBeVisible();
    await expect(
      integration.getByText(
        'Confirm your e-mail address with a sign-in link to connect your marketing platform account.',
      ),
    ).toBeVisible();
    const order = page.locator(`[data-order-id="${orderId}"]`);
    await expect(order.getByRole('heading', { name: 'Starter Website Package' })).toBeVisible();
    await expect(order.getByText('Onboarding complete')).toBeVisible();
    expect(
      await page.evaluate((id) => localStorage.getItem(`onboarding-draft:${id}`), orderId),
    ).toBeNull();

    // Another browser without the purchaser's session: Invalid Order, and 403 for reads and writes.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(`/onboarding-starter/${orderId}`);
    await expect(other.getByRole('heading', { name: 'Invalid Order' })).toBeVisible();
    await expect(
      other.getByText("The onboarding session you're trying to access is invalid."),
    ).toBeVisible();
    const results = await other.evaluate(
      async ({ id, logo }) => {
        const post = (path: string, data: unknown) =>
          fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ orderId: id, data }),
          });
        return [
          (await fetch(`/api/onboarding/state/${id}`)).status,
          (await post('/api/onboarding/business-info', { businessName: 'Hijack' })).status,
          (await post('/api/onboarding/design-preferences', { stylePreferences: 'Hijacked style' }))
            .status,
          (await fetch(logo)).status,
        ];
      },
      { id: orderId, logo: logoUrl },
    );
    expect(results).toEqual([403, 403, 403, 403]);
    await other.getByRole('button', { name: 'View Products' }).click();
    await expect(other).toHaveURL(/\/products$/);
    await stranger.close();
  });

  test('an order opened under another product’s route moves to its own wizard', async ({
    page,
  }) => {
    const orderId = await buyStarterAndStartSetup(page, `misrouted-${Date.now()}@example.com`);
    await page.goto(`/onboarding-social-media/${orderId}`);
    await expect(page).toHaveURL(new RegExp(`/onboarding-starter/${orderId}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Starter Website Package' }),
    ).toBeVisible();
    await expect(page.getByText('Social Media Empire')).toHaveCount(0);
  });

  test('shows Invalid Order without an order id or for an unknown order', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { name: 'Invalid Order' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Products' })).toHaveAttribute(
      'href',
      '/products',
    );
    await page.goto('/onboarding-ai-agent/987654321');
    await expect(page.getByRole('heading', { name: 'Invalid Order' })).toBeVisible();
  });

  test('uses the product’s step titles and falls back to /dashboard when no link comes back', async ({
    page,
  }) => {
    // Orders created through the test endpoint (simulated mode) sign the buyer in.
    await page.goto('/dashboard');
    const mockOrder = async (productId: string) =>
      (
        await createOrderInPage(page, {
          productId,
          customerName: 'Ada Lovelace',
          customerEmail: `lily.${Date.now()}@example.com`,
        })
      ).orderId;

    const lilyOrder = await mockOrder('lily-ai');
    await page.goto(`/onboarding-ai-agent/${lilyOrder}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Lily AI Customer Service Agent' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Business Information' }),
    ).toBeVisible();

    // A Social Media Empire order opened on the AI agent route moves to its own wizard and
    // asks the social agent's questions.
    const orderId = await mockOrder('social-media-empire');
    await page.goto(`/onboarding-ai-agent/${orderId}`);
    await expect(page).toHaveURL(new RegExp(`/onboarding-social-media/${orderId}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Social Media Empire Digital Agent' }),
    ).toBeVisible();

    await page.getByLabel('Business name').fill('Lovelace Labs');
    await page.getByLabel('Industry').fill('Research');
    await page.getByLabel('Phone number').fill('5550100199');
    await page.getByLabel('Business description').fill('Analytical engines for everyone.');
    await page.getByRole('button', { name: 'Continue to Project Details' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Social Media Goals' })).toBeVisible();
    await page.getByLabel('Project goals').fill('Post three videos a day without effort.');
    await page.getByLabel('Target audience').fill('Curious engineers');
    await page.getByLabel('Key features').fill('Instagram reels and YouTube Shorts');
    await page.getByLabel('Timeline').fill('Start next month');
    await page.getByRole('button', { name: 'Continue to Design Preferences' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Content Preferences' }),
    ).toBeVisible();
    await page.getByLabel('Style preferences').fill('Playful and educational');

    await page.route('**/api/gohighlevel/dashboard/**', (route) =>
      route.fulfill({ status: 500, json: { error: 'down' } }),
    );
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect(page.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '', {
      timeout: 15_000,
    });
  });
});
