/**
 * The test pages (simulated payments only): /test-checkout's mock payment and canned
 * onboarding steps, and /test-purchase-flow's cart controls and complete test suite.
 */
import { AWAITS_ISLAND, test, expect, expectLinks, holdScriptFiles } from './fixtures';

test.describe('/test-checkout', () => {
  test('keeps a package picked before the page hydrated', async ({ page }) => {
    // The island's scripts wait until the visitor has picked Advanced on the plain HTML.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // By path: the URL may carry Netlify's deploy query (`?dpl=…`).
    await page.route(
      (url) => /^\/_astro\/[^/]+\.js$/.test(url.pathname),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    let bought = '';
    await page.route('**/api/test/create-mock-order', async (route) => {
      bought = (route.request().postDataJSON() as { productId: string }).productId;
      await route.continue();
    });
    await page.goto('/test-checkout', { waitUntil: 'domcontentloaded' });
    await page.getByLabel(/Advanced \(\$2,500\)/).check();
    release();
    await expect(page.getByLabel(/Advanced \(\$2,500\)/)).toBeChecked();
    await page.getByRole('button', { name: 'Simulate Payment' }).click();
    await expect(page.getByText('Payment Successful')).toBeVisible();
    expect(bought).toBe('advanced');
  });

  test('simulates a payment, completes the three steps and leaves for the dashboard', async ({
    page,
  }) => {
    await page.goto('/test-checkout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test checkout & onboarding');
    await page.getByLabel(/Advanced \(\$2,500\)/).check();
    await page.getByRole('button', { name: 'Simulate Payment' }).click();
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await expect(page.getByText(/^Order created with ID: \d+$/)).toBeVisible();

    for (const [n, title] of [
      [1, 'Business Information'],
      [2, 'Project Details'],
      [3, 'Design Preferences'],
    ] as const) {
      await expect(page.getByRole('heading', { name: `Step ${n} of 3: ${title}` })).toBeVisible();
      await page.getByRole('button', { name: `Submit Step ${n}` }).click();
      await expect(page.getByText(`Step ${n} Completed`)).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Test checkout complete!' })).toBeVisible();
    await page.waitForURL(/\/dashboard/, { timeout: 15_000 });
  });

  test('reports a failed mock order and a failed step with the spec texts', async ({ page }) => {
    await page.route('**/api/test/create-mock-order', (route) =>
      route.fulfill({ status: 500, body: 'database down' }),
    );
    await page.goto('/test-checkout');
    await page.getByRole('button', { name: 'Simulate Payment' }).click();
    await expect(page.getByText('Failed to create test order: 500: database down')).toBeVisible();

    await page.unroute('**/api/test/create-mock-order');
    await page.route('**/api/onboarding/business-info', (route) =>
      route.fulfill({ status: 503, body: 'try later' }),
    );
    await page.getByRole('button', { name: 'Simulate Payment' }).click();
    await expect(page.getByText(/^Order created with ID: \d+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Submit Step 1' }).click();
    await expect(page.getByText('Failed to complete step 1: 503: try later')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Step 1 of 3: Business Information' }),
    ).toBeVisible();
  });

  test('shows Redirect Error when no dashboard link comes back', async ({ page }) => {
    for (const path of ['business-info', 'project-details', 'design-preferences']) {
      await page.route(`**/api/onboarding/${path}`, (route) =>
        route.fulfill({ json: { success: true } }),
      );
    }
    await page.route('**/api/gohighlevel/dashboard/**', (route) => route.fulfill({ json: {} }));
    await page.goto('/test-checkout');
    await page.getByRole('button', { name: 'Simulate Payment' }).click();
    for (const n of [1, 2, 3]) await page.getByRole('button', { name: `Submit Step ${n}` }).click();
    await expect(page.getByText('Redirect Error')).toBeVisible({ timeout: 10_000 });
    await expect(
      page.getByText('Failed to redirect to dashboard. Please try again.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/test-checkout$/);
  });
});

test.describe('/test-purchase-flow', () => {
  test('runs the complete test suite against the real cart and payment endpoints', async ({
    page,
  }) => {
    await page.goto('/test-purchase-flow');
    await expect(
      page.getByText('No tests run yet. Click "Run Complete Test Suite" to start.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Run Complete Test Suite' }).click();
    await expect(page.getByText('Test Suite Complete')).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByText('Purchase flow testing completed. Check results below.'),
    ).toBeVisible();
    const results = page.getByRole('region', { name: 'Test results' });
    await expect(results.getByText('7 of 7 checks passed.')).toBeVisible();
    await expect(results.getByText('passed', { exact: true })).toHaveCount(7);
    await expect(page.getByTestId('test-cart-count')).toHaveText('2 items');
    await expect(page.getByTestId('test-cart-total')).toHaveText('$1,199.00');

    // A second run starts from empty results.
    await page.getByRole('button', { name: 'Run Complete Test Suite' }).click();
    await expect(results.getByText('7 of 7 checks passed.')).toBeVisible({ timeout: 20_000 });
    await expect(results.getByText('passed', { exact: true })).toHaveCount(7);
  });

  test('holds an Add to Cart pressed before the page hydrated and replays it', async ({ page }) => {
    const release = await holdScriptFiles(page);
    await page.goto('/test-purchase-flow', { waitUntil: 'domcontentloaded' });
    const add = page
      .getByRole('region', { name: 'Test products' })
      .getByRole('listitem')
      .filter({ hasText: 'Social Media Empire' })
      .getByRole('button', { name: 'Add to Cart' });
    // Enabled on the plain HTML: the press is held, not refused.
    await add.click();
    await expect(add).toHaveAttribute(AWAITS_ISLAND, 'pressed');
    release();
    await expect(page.getByTestId('test-cart-count')).toHaveText('1 item');
    await expect(page.getByTestId('test-cart-total')).toHaveText('$10,000.00');
  });

  test('adds test products, clears the cart and links the manual steps', async ({ page }) => {
    await page.goto('/test-purchase-flow');
    const products = page.getByRole('region', { name: 'Test products' });
    await expect(products.getByRole('listitem')).toHaveCount(4);
    await products
      .getByRole('listitem')
      .filter({ hasText: 'Social Media Empire' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await expect(page.getByTestId('test-cart-count')).toHaveText('1 item');
    await expect(page.getByTestId('test-cart-total')).toHaveText('$10,000.00');
    // An add opens the cart panel 500 ms later (spec); a visitor closes it to reach the page.
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(cart).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(page.getByTestId('test-cart-count')).toHaveText('0 items');

    await expectLinks(page, [
      ['Go to Checkout', '/checkout'],
      ['View Products Page', '/products'],
    ]);
    const steps = page.getByRole('region', { name: 'Manual test steps' });
    await expect(steps.getByRole('link')).toHaveCount(4);
    await expect(steps.getByRole('link').last()).toHaveAttribute('href', '/client-onboarding');
  });
});
