/**
 * Order onboarding wizard end to end: a simulated purchase leads to it; the three steps with
 * validation, a logo upload, a draft that survives a reload, resuming at the first unsaved step,
 * a failed save, completion and the redirect to the dashboard showing the order as onboarded (and
 * no CRM account until a sign-in link proves the address). A second browser without the
 * purchaser's session can neither read nor write the order. Past the first test, each claim
 * starts from a test order (/api/test/create-mock-order) with the steps before it saved through
 * the wizard's endpoints.
 */
import type { Page } from '@playwright/test';
import {
  BUSINESS_INFO,
  DESIGN_PREFERENCES,
  PROJECT_DETAILS,
} from '../src/testing/onboarding-fixtures';
import { expect, newBuyer, test } from './seeds/purchase';

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

const STEP_DATA = {
  'business-info': BUSINESS_INFO,
  'project-details': PROJECT_DETAILS,
  'design-preferences': DESIGN_PREFERENCES,
};

/** Saves wizard steps of `orderId` through their endpoints, as the wizard's buttons do. */
async function saveSteps(
  page: Page,
  orderId: number,
  steps: (keyof typeof STEP_DATA)[],
  extra: Record<string, string> = {},
) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  for (const step of steps) {
    const res = await page.request.post(`/api/onboarding/${step}`, {
      headers: { Origin: origin },
      data: { orderId, data: { ...STEP_DATA[step], ...(step === 'business-info' ? extra : {}) } },
    });
    expect(res.status(), step).toBe(200);
  }
}

/** Uploads the PNG as the order's logo through the wizard's endpoint; answers its URL. */
async function uploadLogo(page: Page, orderId: number): Promise<string> {
  const res = await page.request.post(`/api/onboarding/logo?orderId=${orderId}`, {
    headers: {
      Origin: new URL(test.info().project.use.baseURL!).origin,
      'Content-Type': 'image/png',
    },
    data: PNG,
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { logoUrl: string }).logoUrl;
}

const BUYER = { name: 'Grace Hopper', prefix: 'wizard' };

/** The business information the first step is filled with in the browser. */
async function fillBusinessInfo(page: Page) {
  await page.getByLabel('Business name').fill('Hopper Compilers');
  await page.getByLabel('Industry').fill('Software');
  await page.getByLabel('Phone number').fill('+1 555 010 0142');
  await page
    .getByLabel('Business description')
    .fill('We build friendly compilers for small teams.');
}

test.describe('order onboarding wizard', () => {
  test('a Starter bought on the payment page leads by Start Setup to its wizard, the buyer filled in', async ({
    page,
  }) => {
    const email = `wizard.${Date.now()}@example.com`;
    await buyStarterAndStartSetup(page, email);

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
    // The purchaser's name and e-mail are prefilled.
    await expect(page.getByLabel('Contact name')).toHaveValue('Grace Hopper');
    await expect(page.getByLabel('Email address')).toHaveValue(email);
  });

  test('an empty first step shows the spec’s messages and focuses Business name', async ({
    page,
    seed,
  }) => {
    const { orderId } = await seed.mockOrder('starter', newBuyer(BUYER.name, BUYER.prefix));
    await page.goto(`/onboarding-starter/${orderId}`);
    await page.getByRole('button', { name: 'Continue to Project Details' }).click();
    await expect(page.getByText('Business name is required')).toBeVisible();
    await expect(page.getByText('Industry is required')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(
      page.getByText('Please provide a brief description of your business'),
    ).toBeVisible();
    await expect(page.getByLabel('Business name')).toBeFocused();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
  });

  test('a typed draft survives a reload', async ({ page, seed }) => {
    const { orderId } = await seed.mockOrder('starter', newBuyer(BUYER.name, BUYER.prefix));
    await page.goto(`/onboarding-starter/${orderId}`);
    await fillBusinessInfo(page);
    await page.reload();
    await expect(page.getByLabel('Business name')).toHaveValue('Hopper Compilers');
    await expect(page.getByLabel('Business description')).toHaveValue(
      'We build friendly compilers for small teams.',
    );
  });

  test('an uploaded logo is stored, previewed from its URL and ticked for use in the design', async ({
    page,
    seed,
  }) => {
    const { orderId } = await seed.mockOrder('starter', newBuyer(BUYER.name, BUYER.prefix));
    await page.goto(`/onboarding-starter/${orderId}`);
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
    await saveSteps(page, orderId, ['business-info', 'project-details'], { logoUrl });
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Design Preferences' })).toBeVisible();
    await expect(page.getByLabel('Use my logo in the design')).toBeChecked();
  });

  test('a saved first step is confirmed and the wizard moves to Website Requirements', async ({
    page,
    seed,
  }) => {
    const { orderId } = await seed.mockOrder('starter', newBuyer(BUYER.name, BUYER.prefix));
    await page.goto(`/onboarding-starter/${orderId}`);
    await fillBusinessInfo(page);
    await page.getByRole('button', { name: 'Continue to Project Details' }).click();
    await expect(page.getByText('Information Saved')).toBeVisible();
    await expect(
      page.getByText('Your business information has been saved successfully.'),
    ).toBeVisible();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Website Requirements' }),
    ).toBeFocused();
  });

  test('a returning client resumes at the first unsaved step', async ({ page, seed }) => {
    const { orderId } = await seed.mockOrder('starter', newBuyer(BUYER.name, BUYER.prefix));
    await saveSteps(page, orderId, ['business-info']);
    await page.goto(`/onboarding-starter/${orderId}`);
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Website Requirements' }),
    ).toBeVisible();
  });

  test('a failed save shows the spec’s error and stays on the step; trying again saves it', async ({
    page,
    seed,
  }) => {
    const { orderId } = await seed.mockOrder('starter', newBuyer(BUYER.name, BUYER.prefix));
    await saveSteps(page, orderId, ['business-info']);
    await page.goto(`/onboarding-starter/${orderId}`);
    await page.getByLabel('Project goals').fill('Win more compiler consulting work online.');
    await page.getByLabel('Target audience').fill('CTOs of small software teams');
    await page.getByLabel('Key features').fill('Case studies, booking form, blog');
    await page.getByLabel('Timeline').fill('Within six weeks');

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
  });

  test('the last step asks for style preferences', async ({ page, seed }) => {
    const { orderId } = await seed.mockOrder('starter', newBuyer(BUYER.name, BUYER.prefix));
    await saveSteps(page, orderId, ['business-info', 'project-details']);
    await page.goto(`/onboarding-starter/${orderId}`);
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect(page.getByText('Style preferences are required')).toBeVisible();
  });

  test('completed onboarding leads to the dashboard showing the order onboarded, and no CRM account yet', async ({
    page,
    seed,
  }) => {
    const { orderId } = await seed.mockOrder('starter', newBuyer(BUYER.name, BUYER.prefix));
    await saveSteps(page, orderId, ['business-info', 'project-details']);
    await page.goto(`/onboarding-starter/${orderId}`);
    await page.getByLabel('Style preferences').fill('Clean, technical, lots of white space');
    // What was typed is kept as this browser's draft until the order is onboarded.
    await expect
      .poll(() => page.evaluate((id) => localStorage.getItem(`onboarding-draft:${id}`), orderId))
      .not.toBeNull();
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
  });

  test('a browser without the purchaser’s session sees Invalid Order and may neither read nor write', async ({
    page,
    browser,
    seed,
  }) => {
    const { orderId } = await seed.mockOrder('starter', newBuyer(BUYER.name, BUYER.prefix));
    const logoUrl = await uploadLogo(page, orderId);
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
    seed,
  }) => {
    const { orderId } = await seed.mockOrder('starter', newBuyer(BUYER.name, 'misrouted'));
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

  test('a Lily AI order’s wizard names its product and its first step', async ({ page, seed }) => {
    const { orderId } = await seed.mockOrder('lily-ai', newBuyer('Ada Lovelace', 'lily'));
    await page.goto(`/onboarding-ai-agent/${orderId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Lily AI Customer Service Agent' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Business Information' }),
    ).toBeVisible();
  });

  test('a Social Media Empire order on the AI agent route moves to its own wizard and asks the social agent’s questions', async ({
    page,
    seed,
  }) => {
    const buyer = newBuyer('Ada Lovelace', 'social');
    const { orderId } = await seed.mockOrder('social-media-empire', buyer);
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
  });

  test('completed onboarding falls back to /dashboard when no link comes back', async ({
    page,
    seed,
  }) => {
    const { orderId } = await seed.mockOrder(
      'social-media-empire',
      newBuyer('Ada Lovelace', 'fallback'),
    );
    await saveSteps(page, orderId, ['business-info', 'project-details']);
    await page.goto(`/onboarding-social-media/${orderId}`);
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
