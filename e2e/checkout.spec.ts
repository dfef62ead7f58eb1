/**
 * Checkout end to end with the simulated payment provider (no configuration needed):
 * products → cart → checkout → test payment page → success page → onboarding link, plus
 * Decline, Cancel, the empty cart, errors, tampered carts and the success-page fallback.
 */
import { DEV_PASS, test, expect, expectLinks, PAY_PAGE, payAs } from './fixtures';

test.describe('checkout with the simulated provider', () => {
  test(
    'products → cart → checkout → Pay → success page → Start Setup',
    DEV_PASS,
    async ({ page, browser }) => {
      await page.goto('/products');
      const starter = page.getByRole('article', { name: 'Starter Website Package' });
      await starter.getByRole('button', { name: 'Add to Cart' }).click();
      const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
      await expect(cart.getByText('Starter Website Package')).toBeVisible();
      await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();

      // /checkout starts the payment on its own when the cart has items.
      await expect(page).toHaveURL(PAY_PAGE);
      await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Starter Website Package' })).toBeVisible();
      await expect(page.getByTestId('pay-total')).toHaveText('$1,000.00');
      await payAs(page, 'Ada Lovelace', 'ada.e2e@example.com', '$1,000.00');

      await expect(page).toHaveURL(/\/checkout\/success\?session_id=sim_cs_/);
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      const details = page.getByRole('region', { name: 'Order details' });
      await expect(details.getByText('Completed')).toBeVisible();
      await expect(details.getByText('$1,000.00')).toBeVisible();
      await expect(details.getByText('Ada Lovelace')).toBeVisible();
      await expect(details.getByText('ada.e2e@example.com')).toBeVisible();
      const orderId = ((await details.getByText(/^#\d+$/).textContent()) ?? '').slice(1);
      expect(Number(orderId)).toBeGreaterThan(0);

      const items = page.getByRole('region', { name: 'Your digital items' });
      await expect(items.getByRole('heading', { name: 'Starter Website Package' })).toBeVisible();
      await expect(page.getByRole('heading', { name: "What's Next?" })).toBeVisible();
      await expectLinks(page, [
        ['Explore Lily AI', '/lily-ai'],
        ['Back to Home', '/'],
      ]);

      // The purchaser's download works with the client session the success page set.
      const download = items.getByRole('link', { name: 'Download Files' });
      await expect(download).toHaveAttribute('target', '_blank');
      const pdf = await page.request.get((await download.getAttribute('href')) ?? '');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

      // The cart was emptied once the order existed.
      expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

      // The success URL opened in another browser is no login: no personal data, no downloads,
      // and a sign-in link form instead.
      const other = await browser.newContext();
      const stranger = await other.newPage();
      await stranger.goto(page.url());
      await expect(stranger.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await expect(stranger.getByRole('heading', { name: 'Is this your order?' })).toBeVisible();
      await expect(stranger.getByText('ada.e2e@example.com')).toHaveCount(0);
      await expect(stranger.getByText('Ada Lovelace')).toHaveCount(0);
      await expect(stranger.getByRole('link', { name: 'Download Files' })).toHaveCount(0);
      await stranger.getByLabel('Email address').fill('ada.e2e@example.com');
      await stranger.getByRole('button', { name: 'Send me a sign-in link' }).click();
      await expect(stranger.getByText(/a sign-in link is on its way/)).toBeVisible();
      await other.close();

      await items.getByRole('link', { name: 'Start Setup' }).click();
      await expect(page).toHaveURL(new RegExp(`/onboarding-starter/${orderId}$`));
    },
  );

  test('Decline shows the declined state and creates no order', DEV_PASS, async ({ page }) => {
    await page.goto('/checkout/advanced');
    await expect(page).toHaveURL(PAY_PAGE);
    await expect(page.getByTestId('pay-total')).toHaveText('$2,500.00');
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Payment declined' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    const session = new URL(page.url()).searchParams.get('session') ?? '';
    const lookup = await page.request.get(`/api/checkout-session/${session}`);
    expect(await lookup.json()).toMatchObject({
      session: { payment_status: 'unpaid' },
      order: null,
    });

    await page.getByRole('link', { name: 'Return to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('button', { name: 'Continue to Stripe Checkout' })).toBeVisible();
    await expect(page.getByText('Advanced Website Package').first()).toBeVisible();
  });

  test('Cancel returns to checkout with the cart kept, and checkout can start again', async ({
    page,
  }) => {
    await page.goto('/checkout/starter');
    await expect(page).toHaveURL(PAY_PAGE);
    const firstSession = page.url();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText('Payment canceled')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Starter Website Package')).toBeVisible();
    await expect(summary.getByText('Included')).toBeVisible();
    // No automatic redirect after a cancel.
    await page.waitForTimeout(1000);
    await expect(page).toHaveURL(/\/checkout$/);

    await page.getByRole('button', { name: 'Continue to Stripe Checkout' }).click();
    await expect(page).toHaveURL(PAY_PAGE);
    expect(page.url()).not.toBe(firstSession);
  });

  test('shows the order summary, the accepted cards and the security statements', async ({
    page,
  }) => {
    // Block the hand-off so the page stays in view.
    await page.route('**/api/create-checkout-session', (route) => route.abort());
    await page.goto('/checkout/starter');
    await expect(page).toHaveURL(/\/checkout$/);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expectLinks(breadcrumb, [
      ['Home', '/'],
      ['Lily AI', '/lily-ai'],
    ]);
    await expect(breadcrumb.getByText('Checkout')).toHaveAttribute('aria-current', 'page');
    for (const card of ['Visa', 'Mastercard', 'Amex', 'Discover']) {
      await expect(
        page.getByRole('list', { name: 'Accepted cards' }).getByText(card, { exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByText(/256-bit SSL/)).toBeVisible();
    await expect(page.getByText(/PCI DSS/)).toBeVisible();
    await expect(page.getByText('Processing fee', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Order summary' }).getByText('Included', { exact: true }),
    ).toBeVisible();
  });

  test('shows the processing state, then a Checkout Error with the server answer', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/create-checkout-session', async (route) => {
      await held;
      await route.fulfill({ status: 500, body: 'Payment provider unavailable' });
    });
    await page.goto('/checkout/starter');
    await expect(page).toHaveURL(/\/checkout$/);
    const button = page.getByRole('button', { name: /Redirecting to Stripe/ });
    await expect(button).toBeDisabled();
    release();
    await expect(page.getByText('Checkout Error')).toBeVisible();
    await expect(page.getByText('500: Payment provider unavailable')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Stripe Checkout' })).toBeEnabled();
  });

  test('/checkout/starter pays for Starter alone, even with Advanced in the cart', async ({
    page,
  }) => {
    const sent: { id: string }[][] = [];
    await page.route('**/api/create-checkout-session', async (route) => {
      sent.push((route.request().postDataJSON() as { items: { id: string }[] }).items);
      await route.fulfill({ json: {} });
    });
    await page.goto('/checkout/advanced');
    await expect.poll(() => sent.at(-1)?.map((i) => i.id)).toEqual(['advanced']);
    await page.goto('/checkout/starter');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]!.map((i) => i.id)).toEqual(['starter']);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText('Starter Website Package');
    await expect(summary).not.toContainText('Advanced');
    await expect(summary).toContainText('$1,000.00');
    await expect(summary).not.toContainText('$3,500.00');
  });

  test("a refused checkout shows the function's error sentence, not the raw JSON body", async ({
    page,
  }) => {
    await page.route('**/api/create-checkout-session', (route) =>
      route.fulfill({ status: 400, json: { error: 'Item not found: imaginary-plan' } }),
    );
    await page.goto('/checkout/starter');
    await expect(page.getByText('Checkout Error')).toBeVisible();
    await expect(page.getByText('Item not found: imaginary-plan', { exact: true })).toBeVisible();
    await expect(page.getByText(/\{"error"/)).toHaveCount(0);
  });

  test('a notice stays while hovered or focused, then closes after the time it had left', async ({
    page,
  }) => {
    await page.clock.install();
    await page.route('**/api/create-checkout-session', (route) =>
      route.fulfill({ status: 400, json: { error: 'Item not found: imaginary-plan' } }),
    );
    await page.goto('/checkout/starter');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Checkout Error');
    await toast.hover();
    await page.clock.runFor(20_000);
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Dismiss notification' }).focus();
    await page.mouse.move(1, 1);
    await page.clock.runFor(20_000);
    await expect(toast).toBeVisible(); // still focused
    await page.getByRole('button', { name: 'Continue to Stripe Checkout' }).focus();
    await page.clock.runFor(6_000);
    await expect(toast).toHaveCount(0);
  });

  test('falls back to the generic Checkout Error text when the answer has no URL', async ({
    page,
  }) => {
    await page.route('**/api/create-checkout-session', (route) => route.fulfill({ json: {} }));
    await page.goto('/checkout/starter');
    await expect(
      page.getByText('Failed to create checkout session. Please try again.'),
    ).toBeVisible();
  });

  test('a tampered cart in storage is still charged the catalogue price', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('cartTimestamp', String(Date.now()));
      localStorage.setItem(
        'cart',
        JSON.stringify([
          {
            id: 'advanced',
            name: 'Cheap site',
            description: 'x',
            type: 'website',
            billingCycle: 'oneTime',
            price: 1,
            quantity: 1,
          },
        ]),
      );
    });
    await page.goto('/checkout');
    await expect(page).toHaveURL(PAY_PAGE);
    await expect(page.getByRole('cell', { name: 'Advanced Website Package' })).toBeVisible();
    await expect(page.getByTestId('pay-total')).toHaveText('$2,500.00');
  });

  test(
    'a /checkout?product= link adds that product, priced by the server',
    DEV_PASS,
    async ({ page }) => {
      await page.goto('/checkout?product=basic-ai-agents&price=1');
      await expect(page).toHaveURL(PAY_PAGE);
      await expect(page.getByRole('cell', { name: 'Basic AI Agent Package' })).toBeVisible();
      await expect(page.getByTestId('pay-total')).toHaveText('$1,500.00');
    },
  );

  test('a subscription cart shows the renewal on the payment page', async ({ page }) => {
    await page.goto('/purchase/lily');
    await page.getByRole('button', { name: 'Add to Cart & Checkout' }).click();
    await expect(page).toHaveURL(PAY_PAGE);
    await expect(page.getByTestId('pay-total')).toHaveText('$299.00');
    await expect(page.getByText('Then $299.00 monthly, until canceled.')).toBeVisible();
  });

  test('a promotion code: another code is refused, SAVE10 takes 10 % off and Pay charges that', async ({
    page,
  }) => {
    await page.goto('/checkout/starter');
    await expect(page).toHaveURL(PAY_PAGE);
    await expect(page.getByTestId('pay-subtotal')).toHaveText('$1,000.00');
    await page.getByLabel('Promotion code').fill('SAVE20');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText('This code is invalid.')).toBeVisible();
    await expect(page.getByTestId('pay-total')).toHaveText('$1,000.00');

    await page.getByLabel('Promotion code').fill('SAVE10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByRole('rowheader', { name: 'Discount (SAVE10)' })).toBeVisible();
    await expect(page.getByTestId('pay-discount')).toHaveText('-$100.00');
    await expect(page.getByTestId('pay-total')).toHaveText('$900.00');
    await expect(page.getByText('This code is invalid.')).toHaveCount(0);
    await payAs(page, 'Ada Lovelace', `save10.${Date.now()}@example.com`, '$900.00');

    await expect(page).toHaveURL(/\/checkout\/success\?session_id=sim_cs_/);
    const details = page.getByRole('region', { name: 'Order details' });
    await expect(details.getByText('$900.00')).toBeVisible();
    // The success page and the dashboard show what was charged, in the receipt's rows (no tax:
    // SIMULATED_TAX_RATE is unset in e2e).
    const orderNumber = (await details.getByText(/^NR-/).textContent()) ?? '';
    const charged = [
      ['1 x Starter Website Package (One-time)', '$1,000.00'],
      ['Subtotal', '$1,000.00'],
      ['Discount (SAVE10)', '-$100.00'],
      ['Total paid', '$900.00'],
    ];
    const summary = page
      .getByRole('region', { name: 'Payment summary' })
      .getByRole('table', { name: `Payment summary of order ${orderNumber}` });
    await expect(summary.getByRole('row')).toHaveText(
      charged.map(([label, amount]) => `${label}${amount}`),
    );
    await expect(summary.getByRole('rowheader', { name: /^Tax/ })).toHaveCount(0);

    await page.goto('/dashboard');
    const onDashboard = page.getByRole('table', { name: `Payment of order ${orderNumber}` });
    await expect(onDashboard.getByRole('row')).toHaveText(
      charged.map(([label, amount]) => `${label}${amount}`),
    );
    // A simulated purchase has no Stripe invoice to link.
    await expect(page.getByRole('link', { name: /View invoice/ })).toHaveCount(0);
  });
});

test.describe('checkout page states', () => {
  test('an empty cart shows the empty state with its two buttons', async ({ page }) => {
    await page.goto('/checkout');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expectLinks(main, [
      ['Explore Lily AI', '/lily-ai'],
      ['Browse Products', '/products'],
    ]);
    await expect(main.getByRole('button', { name: 'Continue to Stripe Checkout' })).toHaveCount(0);
  });
});

test.describe('payment success page', () => {
  test('shows an order looked up by payment_intent', DEV_PASS, async ({ page }) => {
    const paymentIntent = `pi_e2e_${Date.now()}`;
    const created = await page.request.post('/api/test/create-mock-order', {
      data: { productId: 'advanced', stripePaymentIntentId: paymentIntent, status: 'completed' },
    });
    expect(created.status()).toBe(201);
    const { orderId } = (await created.json()) as { orderId: number };
    await page.goto(`/checkout/success?payment_intent=${paymentIntent}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Order details' }).getByText('$2,500.00'),
    ).toBeVisible();
    await expect(page.getByText('$2,500 one-time')).toBeVisible();
    await expect(page.getByRole('row', { name: 'Total paid $2,500.00' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Setup' })).toHaveAttribute(
      'href',
      `/onboarding-advanced/${orderId}`,
    );
  });

  test('without a session id thanks the buyer and returns home after 10 seconds', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/checkout/success');
    await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
    // The installed clock still flows in real time, so only the form of the text is exact.
    await expect(page.getByRole('timer')).toHaveText(
      /^Redirecting to the home page in \d+ seconds?$/,
    );
    await expect(page.getByRole('status').filter({ hasText: 'in 10 seconds' })).toHaveText(
      'You will be taken to the home page in 10 seconds.',
    );
    // One second at a time: each tick's timer is set only after the previous render, so a
    // single 10 s jump can leave the last ticks to real time on a busy machine.
    for (let second = 0; second < 5; second++) await page.clock.runFor(1_000);
    // The status region follows the countdown (at its halfway mark), never stuck at 10.
    await expect(page.getByRole('status').filter({ hasText: 'home page in' })).toHaveText(
      'You will be taken to the home page in 5 seconds.',
    );
    for (let second = 0; second < 6; second++) await page.clock.runFor(1_000);
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown session falls back to the thank-you view, and the countdown can be stopped', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.clock.install();
    await page.goto('/checkout/success?session_id=sim_cs_unknown');
    await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
    await page.getByRole('button', { name: 'Stay on This Page' }).click();
    await page.clock.runFor(15_000);
    await expect(page).toHaveURL(/\/checkout\/success/);
    await expect(page.getByRole('timer')).toHaveText('Automatic redirect stopped');
    expect(errors.join('\n')).toContain('Could not load the order');
  });
});

test.describe('when the database cannot be reached', () => {
  test('the success page says the payment was received and keeps confirming until it can', async ({
    page,
  }) => {
    await page.goto('/checkout/starter');
    await payAs(page, 'Ada Lovelace', `outage.${Date.now()}@example.com`, '$1,000.00');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    // The same page again while the lookup answers 503: no thank-you-and-leave, no e-mail
    // promise, but "payment received" and a retry that shows the order once it answers.
    let outage = true;
    await page.route('**/api/checkout-session/**', (route) =>
      outage
        ? route.fulfill({
            status: 503,
            headers: { 'Retry-After': '30' },
            json: {
              error:
                'We could not reach our database. Nothing you typed was lost; please try again in a minute.',
            },
          })
        : route.continue(),
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await expect(page.getByText('You do not need to pay again.')).toBeVisible();
    await expect(page.getByText(/confirmation e-mail|on its way/)).toHaveCount(0);
    outage = false;
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
      timeout: 15_000,
    });
  });

  test('the payment page explains it in a styled page with status 503', async ({ page }) => {
    const res = await page.goto('/pay/simulated?session=sim_cs_any&error=unavailable');
    expect(res?.status()).toBe(503);
    expect(Number(res?.headers()['retry-after'])).toBeGreaterThan(0);
    await expect(
      page.getByRole('heading', { name: 'Payment temporarily unavailable' }),
    ).toBeVisible();
    await expect(page.getByText(/Nothing you typed was lost/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute(
      'href',
      '/pay/simulated?session=sim_cs_any',
    );
  });
});
