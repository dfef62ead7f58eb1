/**
 * /products (tabs, cards, Lily plans, FAQ, comparison), the purchase screen and the Starter and
 * Advanced package pages.
 */
import type { Page } from '@playwright/test';
import { expect, expectLinks, test } from './fixtures';

/** /checkout belongs to the checkout feature (and redirects to payment on load); stub it. */
test.beforeEach(async ({ context }) => {
  await context.route(/\/checkout(\?[^/]*)?$/, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Checkout</title><h1>Checkout</h1></html>',
    }),
  );
});

const storedItems = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string; billingCycle: string }[],
  );

test.describe('/products', () => {
  test('has accessible tabs, website packages first', async ({ page }) => {
    await page.goto('/products');
    const tabs = page.getByRole('tablist', { name: 'Package types' });
    const website = tabs.getByRole('tab', { name: 'Website Packages' });
    const ai = tabs.getByRole('tab', { name: 'AI Agent Packages' });
    await expect(website).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Website Packages' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'AI Agent Packages' })).toBeHidden();

    const starter = page.getByRole('article', { name: 'Starter Website Package' });
    const advanced = page.getByRole('article', { name: 'Advanced Website Package' });
    await expect(starter.getByText('$1,000')).toBeVisible();
    await expect(advanced.getByText('Popular')).toBeVisible();
    await expect(starter.getByRole('link', { name: /View Starter details/ })).toHaveAttribute(
      'href',
      '/starter-website-package',
    );
    await expect(advanced.getByRole('link', { name: /View Advanced details/ })).toHaveAttribute(
      'href',
      '/advanced-website-package',
    );

    await website.focus();
    await page.keyboard.press('ArrowRight');
    await expect(ai).toBeFocused();
    await expect(ai).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'AI Agent Packages' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Website Packages' })).toBeHidden();
    await page.keyboard.press('ArrowLeft');
    await expect(website).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(ai).toHaveAttribute('aria-selected', 'true');

    // The selected tab is in the URL, so it survives a reload.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'AI Agent Packages' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('shows the Lily AI plans monthly and yearly and adds the chosen cycle', async ({ page }) => {
    await page.goto('/products#ai-agent-packages');
    const plans = [
      ['Lily AI Starter', '$198', '$1,900', '$299', '1,000 minutes', '$0.14/min'],
      ['Lily AI Growth', '$498', '$4,780', '$749', '4,000 minutes', '$0.10/min'],
      ['Lily AI Enterprise', '$998', '$9,580', '$1,497', '10,000 minutes', '$0.08/min'],
    ] as const;
    for (const [name, monthly, , list, minutes, overage] of plans) {
      const card = page.getByRole('article', { name });
      await expect(card.getByText(monthly)).toBeVisible();
      await expect(card.getByText(`${list}/month`)).toBeVisible();
      await expect(card.getByText('33% off')).toBeVisible();
      await expect(card.getByText(minutes)).toBeVisible();
      await expect(card.getByText(overage)).toBeVisible();
    }
    await expect(
      page.getByRole('article', { name: 'Lily AI Growth' }).getByText('Popular'),
    ).toBeVisible();

    await expect(
      page.getByRole('article', { name: 'Lily AI Starter' }).getByText('$1,900'),
    ).toBeHidden();
    await page.getByRole('radio', { name: /Yearly/ }).check();
    for (const [name, monthly, yearly] of plans) {
      await expect(page.getByRole('article', { name }).getByText(yearly)).toBeVisible();
      await expect(
        page.getByRole('article', { name }).getByText(monthly, { exact: true }),
      ).toBeHidden();
    }
    const growth = page.getByRole('article', { name: 'Lily AI Growth' });
    await growth.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(growth.getByRole('button', { name: 'In Cart' })).toBeDisabled();
    expect(await storedItems(page)).toEqual([
      expect.objectContaining({ id: 'lily-growth', billingCycle: 'yearly' }),
    ]);
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Back to monthly: a different line, so the button is available again; adding it switches the cart.
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await growth.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Cart Updated')).toBeAttached();
    await expect(
      page.getByText(
        'Subscription items must have the same billing cycle. Your cart was updated to the new cycle billing.',
      ),
    ).toBeAttached();
    expect(await storedItems(page)).toEqual([
      expect.objectContaining({ id: 'lily-growth', billingCycle: 'monthly' }),
    ]);
  });

  test('has the AI packages, comparison table, feature tiles, FAQ and links', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('tab', { name: 'AI Agent Packages' }).click();
    const basic = page.getByRole('article', { name: 'Basic AI Agent Package' });
    const premium = page.getByRole('article', { name: 'Premium AI Agent Suite' });
    await expect(basic.getByText('$1,500')).toBeVisible();
    await expect(premium.getByText('$3,500')).toBeVisible();
    await expect(basic.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      '/checkout?product=basic-ai-agents&price=1500',
    );
    await expect(premium.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      '/checkout?product=premium-ai-suite&price=3500',
    );
    const table = page.getByRole('table', {
      name: 'Basic AI Agent Package vs Premium AI Agent Suite',
    });
    await expect(table.getByRole('columnheader', { name: 'Basic' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Premium' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Lily AI' })).toHaveAttribute(
      'href',
      '/lily-ai',
    );
    await expect(
      page.getByRole('heading', { name: 'Core features of every AI agent' }),
    ).toBeVisible();

    await expect(page.locator('#faq-products details')).toHaveCount(14);
    await expect(page.getByRole('link', { name: 'Learn About Lily AI' })).toHaveAttribute(
      'href',
      '/lily-ai',
    );
    await expect(page.getByRole('link', { name: 'Schedule a Meeting' }).first()).toHaveAttribute(
      'href',
      '/schedule-meeting',
    );
    await expect(page.getByRole('link', { name: /See How It Works/ })).toHaveAttribute(
      'href',
      '/how-it-works',
    );
    await expect(page.getByRole('button', { name: 'Ask our sales assistant' })).toBeVisible();

    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.join('\n')).toContain('"FAQPage"');
  });

  test('the FAQ, the Lily add-on and the How It Works link belong to the AI tab', async ({
    page,
  }) => {
    await page.goto('/products');
    const aiPanel = page.getByRole('tabpanel', { name: 'AI Agent Packages' });
    // On the website tab none of them shows.
    await expect(page.getByRole('tabpanel', { name: 'Website Packages' })).toBeVisible();
    await expect(page.locator('#faq-products')).toBeHidden();
    await expect(
      page.getByRole('heading', { name: 'Add Lily AI to any website package' }),
    ).toBeHidden();
    await expect(page.getByRole('link', { name: /See How It Works/ })).toBeHidden();
    await page.getByRole('tab', { name: 'AI Agent Packages' }).click();
    await expect(aiPanel.locator('#faq-products details')).toHaveCount(14);
    await expect(
      aiPanel.getByRole('heading', { name: 'Add Lily AI to any website package' }),
    ).toBeVisible();
    await expect(aiPanel.getByRole('link', { name: /See How It Works/ })).toBeVisible();
  });

  test('Buy Now on a Basic package clears the cart and goes to /checkout', async ({ page }) => {
    await page.goto('/products#ai-agent-packages');
    await page
      .getByRole('article', { name: 'Lily AI Starter' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page
      .getByRole('article', { name: 'Basic AI Agent Package' })
      .getByRole('link', { name: 'Buy Now' })
      .click();
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await storedItems(page)).toEqual([
      expect.objectContaining({ id: 'basic-ai-agents', billingCycle: 'oneTime' }),
    ]);
  });
});

test.describe('/purchase/{productId}', () => {
  test('adds the product and moves to /checkout; then shows Added to Cart', async ({ page }) => {
    const response = await page.goto('/purchase/starter');
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Starter Website Package' }),
    ).toBeVisible();
    await expect(page.locator('main .price')).toContainText('$1,000');
    await expect(page.getByText(/Secure checkout powered by\s+Stripe/)).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart & Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await storedItems(page)).toEqual([
      expect.objectContaining({ id: 'starter', billingCycle: 'oneTime' }),
    ]);

    await page.goto('/purchase/starter');
    await expect(page.getByRole('button', { name: 'Added to Cart' })).toBeDisabled();
  });

  test('keeps a subscription purchasable again', async ({ page }) => {
    await page.goto('/purchase/lily');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Lily AI Sales Agent' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart & Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.goto('/purchase/lily');
    await expect(page.getByRole('button', { name: 'Add to Cart & Checkout' })).toBeEnabled();
  });

  test('serves every catalogue key and the social-media-empire alias', async ({ page }) => {
    const keys = {
      advanced: 'Advanced Website Package',
      'social-empire': 'Social Media Empire Digital Agent',
      'social-media-empire': 'Social Media Empire Digital Agent',
      'customer-service': 'Customer Service Agent',
      'lead-generation': 'Lead Generation Agent',
      'appointment-booking': 'Appointment Booking Agent',
      'inventory-optimization': 'Inventory Optimization Agent',
      'data-pipeline': 'Data Integration Agent',
      'social-scheduler': 'Social Media Automation Agent',
    };
    for (const [key, name] of Object.entries(keys)) {
      await page.goto(`/purchase/${key}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    }
    await expect(page.getByText('$149')).toBeVisible();
  });

  test('answers an unknown key with Product Not Found', async ({ page }) => {
    const response = await page.goto('/purchase/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
    await expect(page.getByText("The product you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('link', { name: 'Browse All Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('package pages', () => {
  test('Starter: sections, process, ratings and links', async ({ page }) => {
    await page.goto('/starter-website-package');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#features')).toBeAttached();
    for (const step of [
      'Discovery & Purchase',
      'Design Concept',
      'Content Integration',
      'Development & Testing',
      'Launch & Training',
    ]) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(page.getByText('5.0', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('4.5', { exact: true }).first()).toBeVisible();
    await expect(page.locator('#faq-starter details').first()).toBeVisible();

    const hrefs = await page
      .locator('main a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/purchase/starter',
        '/checkout/starter',
        '/portfolio',
        '/contact',
        '#features',
      ]),
    );

    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).join(
      '\n',
    );
    expect(ld).toContain('"Product"');
    expect(ld).toContain('"1000.00"');
    expect(ld).toContain('"FAQPage"');
  });

  test('Advanced: upgrade, comparison, e-commerce, support and links', async ({ page }) => {
    await page.goto('/advanced-website-package');
    await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
      'href',
      '/purchase/advanced',
    );
    await expect(page.locator('#features')).toBeAttached();
    const table = page.getByRole('table', { name: 'Starter vs Advanced Website Package' });
    await expectLinks(table, [
      ['Select Starter', '/checkout/starter'],
      ['Select Advanced', '/checkout/advanced'],
    ]);
    for (const capability of [
      'Product catalogue',
      'Shopping cart',
      'Secure checkout',
      'Order management',
    ]) {
      await expect(page.getByRole('heading', { name: capability, exact: true })).toBeVisible();
    }
    await expect(page.getByText('From $99 per month', { exact: true })).toBeVisible();
    await expect(page.getByText('Typically $150-$200 per year')).toBeVisible();
    await expectLinks(page, [
      ['Get the Advanced Package', '/checkout/advanced'],
      ['Contact Us', '/contact'],
    ]);
    await expect(page.getByText('4.5', { exact: true }).first()).toBeVisible();
  });
});
