/**
 * /airbnb-automation: the Enterprise calculator, FAQ with one item open, the testimonial
 * carousel, the cookie banner (persisting across reloads) and the early-access box.
 */
import type { Page } from '@playwright/test';
import { axeScan, expect, freezeClock, test } from './fixtures';

const PATH = '/airbnb-automation';

const consentCommands = (page: Page, mode: 'default' | 'update') =>
  page.evaluate(
    (m) =>
      ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry))
        .filter((args) => args[0] === 'consent' && args[1] === m)
        .map((args) => args[2]),
    mode,
  );
const consentUpdates = (page: Page) => consentCommands(page, 'update');
const consentDefaults = (page: Page) => consentCommands(page, 'default');
/**
 * The banner's script has run and set its 2 s timer (it pushes the consent default first).
 * It starts after the first paint, which can come after the load event on a busy machine:
 * running the frozen clock before then would leave the timer unset for good.
 */
const bannerArmed = (page: Page) => expect.poll(() => consentDefaults(page)).toHaveLength(1);

test.describe('rental-host landing page', () => {
  test('shows every section in the spec order, with outbound buttons in a new tab', async ({
    page,
  }) => {
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const price of ['$359/month', '$459/month', 'from $405/month']) {
      await expect(page.getByRole('list', { name: 'Pricing' })).toContainText(price);
    }
    for (const name of ['Get Started Free', 'Request a Demo']) {
      const link = page.getByRole('link', { name }).first();
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(page.getByText('+1 more')).toBeVisible();
    const ids = await page.locator('main [id]').evaluateAll((els) => els.map((e) => e.id));
    const order = ['features', 'testimonials', 'pricing'].map((id) => ids.indexOf(id));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test('prices Enterprise by property count with volume discounts', async ({ page }) => {
    await page.goto(`${PATH}#pricing`);
    const slider = page.getByRole('slider', { name: 'Number of properties' });
    const calc = page.locator('[data-pricing-calculator]');
    const expectQuote = async (count: string, discount: string, each: string, total: string) => {
      await expect(calc.locator('[data-calc-count]')).toHaveText(count);
      await expect(calc.locator('[data-calc-discount]')).toHaveText(discount);
      await expect(calc.locator('[data-calc-per-property]')).toHaveText(each);
      await expect(calc.locator('[data-calc-total]')).toHaveText(total);
    };

    await expect(slider).toHaveAttribute('min', '2');
    await expect(slider).toHaveAttribute('max', '100');
    await expect(slider).toHaveValue('2');
    await expectQuote('2', '5%', '$385', '$770');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expectQuote('3', '10%', '$365', '$1,095');
    await slider.fill('5');
    await expectQuote('5', '15%', '$344', '$1,720');
    await slider.fill('10');
    await expectQuote('10', '25%', '$304', '$3,040');
    await slider.fill('100');
    await expectQuote('100+', '25%', '$304', '$30,400');
    await expect(slider).toHaveAttribute('aria-valuetext', '100+ properties');
    await expect(page.getByText('17%', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('30-day money-back guarantee').first()).toBeVisible();
  });

  test('FAQ keeps one item open at a time and closes on a second click', async ({ page }) => {
    await page.goto(PATH);
    const items = page.locator('#faq-airbnb details');
    const first = items.nth(0);
    const second = items.nth(1);
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await second.locator('summary').click();
    await expect(second).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open');
    await second.locator('summary').click();
    await expect(second).not.toHaveAttribute('open');
    await expect(page.locator('#faq-airbnb details[open]')).toHaveCount(0);
  });

  test('testimonials rotate every 5 s and the Pause button stops them', async ({ page }) => {
    await freezeClock(page);
    await page.goto(PATH);
    const carousel = page.getByRole('region', { name: 'Host testimonials' });
    const active = carousel.locator('[data-carousel-slide].is-active');
    await expect(active).toHaveAttribute('aria-label', '1 of 5');
    // The rotation starts after the first paint; time moved before that moves nothing.
    await expect(carousel).toHaveAttribute('data-paused', 'false');
    // Scrolled before the first click: the section's scroll-driven rise (motion.css) catches up a
    // frame after a jump, which could move the button between a click's press and release.
    await carousel.scrollIntoViewIfNeeded();
    await page.clock.runFor(5000);
    await expect(active).toHaveAttribute('aria-label', '2 of 5');
    await expect(carousel.getByRole('group', { name: '2 of 5' })).toBeVisible();
    await expect(carousel.getByRole('group', { name: '1 of 5' })).toBeHidden();

    const toggle = carousel.getByRole('button', { name: 'Pause testimonial rotation' });
    await toggle.click();
    await page.clock.runFor(15_000);
    await expect(active).toHaveAttribute('aria-label', '2 of 5');
    await carousel.getByRole('button', { name: 'Play testimonial rotation' }).click();
    await page.clock.runFor(5000);
    await expect(active).toHaveAttribute('aria-label', '3 of 5');

    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(active).toHaveAttribute('aria-label', '2 of 5');
    await carousel.getByRole('button', { name: /Testimonial 5 of 5/ }).click();
    await expect(active).toHaveAttribute('aria-label', '5 of 5');
  });

  test('testimonials do not rotate by themselves for reduced-motion visitors', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await freezeClock(page);
    await page.goto(PATH);
    const carousel = page.getByRole('region', { name: 'Host testimonials' });
    await expect(carousel.getByRole('button', { name: 'Play testimonial rotation' })).toBeVisible();
    await page.clock.runFor(12_000);
    await expect(carousel.locator('[data-carousel-slide].is-active')).toHaveAttribute(
      'aria-label',
      '1 of 5',
    );
  });
});

test.describe('cookie banner', () => {
  const banner = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });
  const stored = (page: Page) =>
    page.evaluate(() => ({
      choice: localStorage.getItem('cookie-consent'),
      date: localStorage.getItem('cookie-consent-date'),
    }));
  /** Consent Mode v2: every signal follows the choice. */
  const signals = (state: 'granted' | 'denied') => ({
    ad_storage: state,
    ad_user_data: state,
    ad_personalization: state,
    analytics_storage: state,
  });

  for (const [button, choice, state] of [
    ['Accept All Cookies', 'accepted', 'granted'],
    ['Decline', 'declined', 'denied'],
    ['Customize', 'accepted', 'granted'],
  ] as const) {
    test(`${button} stores "${choice}" and the banner stays away after a reload`, async ({
      page,
    }) => {
      await freezeClock(page);
      await page.goto(PATH);
      await bannerArmed(page);
      await expect(banner(page)).toBeHidden();
      await page.clock.runFor(1999);
      await expect(banner(page)).toBeHidden();
      await page.clock.runFor(1);
      await expect(banner(page)).toBeVisible();

      await banner(page).getByRole('button', { name: button, exact: true }).click();
      await expect(banner(page)).toBeHidden();
      const saved = await stored(page);
      expect(saved.choice).toBe(choice);
      expect(Number.isNaN(Date.parse(saved.date ?? ''))).toBe(false);
      expect(await consentUpdates(page)).toEqual([signals(state)]);

      await page.reload();
      await bannerArmed(page);
      await page.clock.runFor(5000);
      await expect(banner(page)).toBeHidden();
      // The stored choice is applied again on every visit, after the denied default.
      expect(await consentUpdates(page)).toEqual([signals(state)]);
      expect(await consentDefaults(page)).toEqual([{ ...signals('denied'), wait_for_update: 500 }]);
    });
  }

  test('the close button hides the banner without storing a choice', async ({ page }) => {
    await freezeClock(page);
    await page.goto(PATH);
    await bannerArmed(page);
    await page.clock.runFor(2000);
    await banner(page).getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(banner(page)).toBeHidden();
    expect((await stored(page)).choice).toBeNull();
    await page.reload();
    await bannerArmed(page);
    await page.clock.runFor(2000);
    await expect(banner(page)).toBeVisible();
  });
  test('waits while a visitor is in a form, then shows once focus leaves it', async ({ page }) => {
    await freezeClock(page);
    await page.goto(PATH);
    await bannerArmed(page);
    const address = page.getByRole('textbox', { name: 'Email address' });
    await address.click();
    await page.clock.runFor(2000);
    await expect(banner(page)).toBeHidden();
    // Moving to the form's own button is still filling it in.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeFocused();
    await page.clock.runFor(1000);
    await expect(banner(page)).toBeHidden();
    await page.getByRole('heading', { name: 'Get early access to new features' }).click();
    await page.clock.runFor(100);
    await expect(banner(page)).toBeVisible();
  });

  test('on a phone, a field or button focused while the banner shows scrolls above it (WCAG 2.4.11)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 839 });
    await freezeClock(page);
    await page.goto(PATH);
    await bannerArmed(page);
    await page.clock.runFor(2000);
    await expect(banner(page)).toBeVisible();
    const address = page.getByRole('textbox', { name: 'Email address' });
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    const bannerTop = async () => (await banner(page).boundingBox())!.y;
    // The field sits where the banner is, as after a visitor's scroll.
    await address.evaluate(
      (el, under) => {
        const top = el.getBoundingClientRect().top + window.scrollY;
        window.scrollTo({ top: top - under - 10, behavior: 'instant' });
      },
      await bannerTop(),
    );
    expect((await address.boundingBox())!.y).toBeGreaterThan(await bannerTop());

    await address.focus();
    const field = (await address.boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual(await bannerTop());
    await page.keyboard.press('Tab');
    await expect(subscribe).toBeFocused();
    const button = (await subscribe.boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(await bannerTop());
    // What is on screen at the button's centre is the button: a tap there reaches it.
    expect(
      await subscribe.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    ).toBe(true);
  });
});

test.describe('early-access subscribe box', () => {
  test('stores an address and says so; a repeat is fine; bad input shows an error', async ({
    page,
  }) => {
    // A per-test client address keeps repeated local runs under the endpoint's rate limit.
    await page.setExtraHTTPHeaders({
      'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
    });
    await page.goto(PATH);
    const email = page.getByRole('textbox', { name: 'Email address' });
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    const status = page.locator('[data-subscribe-status]');

    await email.fill('not an email');
    await subscribe.click();
    await expect(status).toHaveText('Please enter a valid email address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    const address = `host-${Date.now()}@example.com`;
    await email.fill(address);
    await subscribe.click();
    await expect(status).toHaveText(/You're on the list/);
    await expect(email).toHaveValue('');

    await email.fill(address.toUpperCase());
    await subscribe.click();
    await expect(status).toHaveText(/You're on the list/);
  });

  test('shows the server error when the request is refused', async ({ page }) => {
    await page.route('**/api/subscribe', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Too many requests. Please wait 10 minutes and try again.' }),
      }),
    );
    await page.goto(PATH);
    await page.getByRole('textbox', { name: 'Email address' }).fill('host@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.locator('[data-subscribe-status]')).toHaveText(
      'Too many requests. Please wait 10 minutes and try again.',
    );
  });
});

test('no WCAG 2.2 AA violations with the cookie banner shown and the video modal open', async ({
  page,
}) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>player</title></html>',
    }),
  );
  await freezeClock(page);
  await page.goto(PATH);
  await bannerArmed(page);
  await page.clock.runFor(2000);
  await expect(page.getByRole('region', { name: 'We value your privacy' })).toBeVisible();
  await page.clock.resume(); // axe waits on page timers
  // What a visitor reads once the screen settles: mid-fade (the player fades in over 0.4 s),
  // axe measures text through a half-transparent layer (seen once as color-contrast, 2026-11-27).
  const axe = async () => {
    await page.waitForFunction(() =>
      document.getAnimations().every(
        (a) =>
          a.playState !== 'running' ||
          a.timeline !== document.timeline || // scroll-driven: runs as long as the page can scroll
          a.effect?.getTiming().iterations === Infinity,
      ),
    );
    return axeScan(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
  };
  expect((await axe()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Watch full screen' }).click();
  await expect(page.getByRole('dialog', { name: 'Airbnb AI in 2 minutes' })).toBeVisible();
  expect((await axe()).violations.map((v) => v.id)).toEqual([]);
});
