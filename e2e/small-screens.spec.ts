/**
 * A 390 px phone in the states a visitor reaches there (the AI tab, a form's validation, the
 * not-found pages): nothing scrolls sideways and no floating button (cart, chat, the products
 * page's sales assistant) lies on a heading or a control. Up to 1359 px the buttons sit in the
 * header bar. Every route as it loads, at every width from 320 px (390 × 844 included), is
 * checked by e2e/look-layout.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expect, fromOwnAddress, test } from './fixtures';
import { PHONE, coveredInFirstView, sidewaysScroll } from './phone-layout';

test.describe.configure({ mode: 'parallel' });

const STATES: { name: string; path: string; act: (page: Page) => Promise<unknown> }[] = [
  {
    name: "the products page's AI tab",
    path: '/products',
    act: (page) => page.getByRole('tab', { name: 'AI Agent Packages' }).click(),
  },
  {
    name: 'the contact form after validation',
    path: '/contact',
    act: (page) => page.getByRole('button', { name: 'Send Message' }).click(),
  },
  {
    name: 'the meeting form after validation',
    path: '/schedule-meeting',
    act: (page) => page.getByRole('button', { name: 'Schedule Meeting' }).click(),
  },
  { name: 'an unknown product', path: '/purchase/no-such-product', act: async () => {} },
  { name: 'the not-found page', path: '/no-such-page', act: async () => {} },
];

test.describe('on a 390 px phone', () => {
  test.use(PHONE);

  for (const state of STATES) {
    test(`${state.name} fits the screen and nothing lies on it`, async ({ page }) => {
      await fromOwnAddress(page.context());
      await page.goto(state.path, { waitUntil: 'networkidle' });
      await state.act(page);
      // The page settles (a scroll to the first invalid field, a tab's panel) before measuring.
      await page.waitForTimeout(500);
      expect(await sidewaysScroll(page), 'pixels the page scrolls sideways').toBe(0);
      expect(await coveredInFirstView(page)).toEqual([]);
    });
  }

  test('the cart and the chat sit in the header bar, one chat launcher on /products', async ({
    page,
  }) => {
    await page.goto('/products');
    const header = (await page.locator('header').boundingBox())!;
    const launchers = [
      page.getByRole('button', { name: /^Shopping cart/ }),
      page.getByRole('button', { name: 'Ask our sales assistant' }),
    ];
    for (const button of launchers) {
      const box = (await button.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    }
    await expect(page.getByRole('button', { name: 'Chat with Lily AI' })).toBeHidden();
    await page.goto('/about');
    await expect(page.getByRole('button', { name: 'Chat with Lily AI' })).toBeInViewport();

    // They open below the bar, whole on the screen.
    await page.getByRole('button', { name: 'Chat with Lily AI' }).click();
    await expect(page.getByRole('dialog', { name: 'Chat with Lily AI' })).toBeInViewport({
      ratio: 1,
    });
  });

  test('the buttons stay clear while the visitor scrolls and types', async ({ page }) => {
    await page.goto('/client-onboarding');
    for (const field of ['Full name', 'Email address', 'Business name', 'Phone number']) {
      await page.getByRole('textbox', { name: field }).focus();
      expect(await coveredInFirstView(page), `with ${field} in focus`).toEqual([]);
    }
  });
});

test.describe('between a phone and a wide desktop', () => {
  for (const width of [820, 1280]) {
    test(`at ${width} px the cart and chat sit in the header bar, clear of a focused field`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/contact');
      const header = (await page.getByRole('banner').boundingBox())!;
      for (const name of [/^Shopping cart/, 'Chat with Lily AI']) {
        const box = (await page.getByRole('button', { name }).boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(header.y);
        expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
      }
      await page.getByRole('textbox', { name: /^Message/ }).focus();
      expect(await coveredInFirstView(page)).toEqual([]);
    });
  }
});
