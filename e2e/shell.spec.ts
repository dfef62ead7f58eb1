import { test, expect } from './fixtures';
import { ROUTES } from './routes';

test.describe('every route', () => {
  for (const { path } of ROUTES) {
    test(`${path} answers 200 and renders its heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }

  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});

test.describe('header', () => {
  test('turns solid after scrolling past 50 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header).not.toHaveClass(/is-solid/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).not.toHaveClass(/is-solid/);
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(header).toHaveClass(/is-solid/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/is-solid/);
  });

  test('shows the full menu on wide screens', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCount(1);
    for (const label of [
      'Home',
      'About',
      'Services',
      'Lily AI',
      'Airbnb AI',
      'Products',
      'Portfolio',
      'How It Works',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Talk to Lily' })).toHaveAttribute(
      'href',
      /^tel:/,
    );
    await expect(
      header.getByRole('link', { name: 'Schedule Meeting', exact: true }),
    ).toHaveAttribute('href', '/schedule-meeting');
    await expect(header.getByRole('link', { name: 'Start Project', exact: true })).toHaveAttribute(
      'href',
      '/client-onboarding',
    );
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('shows the reduced menu on medium screens', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCount(1);
    for (const label of ['Lily AI', 'Airbnb AI', 'Products', 'Services']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    for (const label of ['Home', 'About', 'Portfolio', 'How It Works']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    }
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Start Project', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('uses a toggle menu on small screens that closes after a link click', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile.getByRole('link', { name: 'Portfolio' })).toBeVisible();
    await expect(mobile.getByRole('link', { name: 'Start Project' })).toBeVisible();
    await mobile.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });

  test('closes the toggle menu on Escape and returns focus to the toggle', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('footer', () => {
  test('lists services, company links, contact details, the CTA cards and the current year', async ({
    page,
  }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    for (const [label, href] of [
      ['Website Development', '/services#web-dev'],
      ['AI Integration', '/services#ai-integration'],
      ['Marketing Automation', '/services#marketing'],
      ['E-commerce Solutions', '/services#ecommerce'],
      ['SEO & Analytics', '/services#seo'],
      ['About Us', '/about'],
      ['Our Team', '/about#team'],
      ['Careers', '/about#careers'],
      ['Admin Panel', '/admin'],
      ['Cookie Policy', '/cookie-policy'],
    ] as const) {
      await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'href',
        href,
      );
    }
    await expect(footer.getByRole('link', { name: /Privacy Policy/ }).first()).toBeVisible();
    await expect(footer.getByRole('link', { name: /Terms of Service/ }).first()).toBeVisible();
    await expect(footer.getByRole('link', { name: /Schedule a Meeting/ })).toHaveAttribute(
      'href',
      '/schedule-meeting',
    );
    await expect(footer.getByRole('link', { name: /Start Your Project/ })).toHaveAttribute(
      'href',
      '/client-onboarding',
    );
    await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
    await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('has a skip link that moves focus to the main content', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await skip.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });
});
