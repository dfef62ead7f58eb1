import { test, expect, expectLinks } from './fixtures';
import { postalAddressLine, siteSettings, youtubeEmbedUrl } from '../src/lib/site-settings';

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
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCount(1);
    for (const label of ['Lily AI', 'Airbnb AI', 'Products', 'Services']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    for (const label of ['Home', 'About', 'Portfolio', 'How It Works']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    }
    // The other links and the buttons stay one click away, in the toggle menu.
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    const more = page.getByRole('navigation', { name: 'Mobile' });
    for (const label of ['Home', 'About', 'Portfolio', 'How It Works', 'Start Project']) {
      await expect(more.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(more).toBeHidden();
  });

  test('shows the full menu, Portfolio included, from 1024 px', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'About', 'Portfolio', 'How It Works', 'Lily AI']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    const more = page.getByRole('navigation', { name: 'Mobile' });
    for (const label of ['Talk to Lily', 'Schedule Meeting', 'Start Project']) {
      await expect(more.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
  });

  const everyButton = ['/about', '/products'].flatMap((path) =>
    [1024, 1160, 1280, 1366, 1440, 1536].map((width) => ({ path, width })),
  );
  for (const { path, width } of everyButton) {
    test(`fits every header link and button of ${path} inside the window at ${width} px, in a wide font`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      // DejaVu Sans is what system-ui is on Linux, and wider than most; forced here (through
      // the CSSOM, which the CSP allows) so the test says the same on every machine.
      await page.evaluate(() =>
        document.documentElement.style.setProperty('--font', '"DejaVu Sans", Verdana, sans-serif'),
      );
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Portfolio', exact: true })).toBeVisible();
      // The cart and chat buttons are fixed to the viewport; below 1360 px they sit in the bar.
      const inBar = page.locator(
        'header a:visible, header button:visible, .cart-fab:visible, .chat-launcher:visible',
      );
      await expect(inBar.first()).toBeVisible();
      const boxes = (
        await inBar.evaluateAll((elements) =>
          elements.map((e) => {
            const r = e.getBoundingClientRect();
            return {
              name: e.textContent?.trim() || e.getAttribute('aria-label'),
              l: r.left,
              r: r.right,
              top: r.top,
            };
          }),
        )
      ).filter((box) => box.top < 80);
      const buttons = width >= 1280 ? 3 : width >= 1160 ? 1 : 0;
      expect(boxes.length).toBeGreaterThanOrEqual(1 + 8 + buttons); // brand, 8 links, buttons
      for (const box of boxes) {
        expect(box.l, `${box.name} starts inside the window`).toBeGreaterThanOrEqual(0);
        expect(box.r, `${box.name} ends inside the window`).toBeLessThanOrEqual(width);
      }
      // Nothing overlaps its neighbour either.
      const sorted = [...boxes].sort((a, b) => a.l - b.l);
      for (let i = 1; i < sorted.length; i++)
        expect(
          sorted[i]!.l,
          `${sorted[i]!.name} after ${sorted[i - 1]!.name}`,
        ).toBeGreaterThanOrEqual(sorted[i - 1]!.r - 0.5);
      if (buttons === 3)
        await expect(header.getByRole('link', { name: 'Talk to Lily' })).toBeVisible();
    });
  }

  test('uses a toggle menu on small screens that closes after a link click', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle.locator('.menu-toggle__open')).toBeVisible();
    await expect(toggle.locator('.menu-toggle__close')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Open, the toggle shows a close icon instead of the three lines.
    await expect(toggle.locator('.menu-toggle__close')).toBeVisible();
    await expect(toggle.locator('.menu-toggle__open')).toBeHidden();
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
    await expectLinks(footer, [
      [/Schedule a Meeting/, '/schedule-meeting'],
      [/Start Your Project/, '/client-onboarding'],
    ]);
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

test.describe('src/content/settings.json is what the site shows', () => {
  const s = siteSettings;

  test('footer: phone, support e-mail, postal address and social profiles', async ({ page }) => {
    await page.goto('/services');
    const footer = page.getByRole('contentinfo');
    await expectLinks(footer, [
      [s.phone, s.phoneHref],
      [s.supportEmail, `mailto:${s.supportEmail}`],
    ]);
    await expect(footer.locator('address')).toHaveText(postalAddressLine(s.address));
    for (const profile of s.social) {
      await expect(
        footer.getByRole('link', { name: new RegExp(`^${profile.label}\\b`) }),
      ).toHaveAttribute('href', profile.href);
    }
  });

  test('JSON-LD Organization: name, e-mail, phone, address, profiles', async ({ page }) => {
    await page.goto('/');
    const graphs = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? '{}')));
    expect(graphs.find((g) => g['@type'] === 'Organization')).toMatchObject({
      name: s.name,
      email: s.supportEmail,
      telephone: s.phoneHref.replace('tel:', ''),
      address: { streetAddress: s.address.street, postalCode: s.address.postalCode },
      sameAs: s.social.map((p) => p.href),
    });
  });

  test('legal pages write the support address from the settings, not {{supportEmail}}', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    const prose = page.locator('.prose');
    await expect(prose.getByRole('link', { name: s.supportEmail }).first()).toHaveAttribute(
      'href',
      `mailto:${s.supportEmail}`,
    );
    await expect(prose).not.toContainText('{{');
  });

  test('rental-host buttons and both demo videos', async ({ page }) => {
    await page.goto('/airbnb-automation');
    await expect(page.getByRole('link', { name: /Get Started Free/ }).first()).toHaveAttribute(
      'href',
      s.rentalHost.signUpUrl,
    );
    await expect(page.getByRole('link', { name: /Request a Demo/ }).first()).toHaveAttribute(
      'href',
      s.rentalHost.demoUrl,
    );
    await expect(page.locator('[data-video-embed]').first()).toHaveAttribute(
      'data-src',
      youtubeEmbedUrl(s.videos.rentalHostDemo),
    );
    await page.goto('/');
    await expect(page.locator('[data-video-embed]').first()).toHaveAttribute(
      'data-src',
      youtubeEmbedUrl(s.videos.lilyDemo),
    );
  });
});
