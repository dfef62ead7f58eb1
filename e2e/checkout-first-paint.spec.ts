/**
 * /checkout before its island has run. A visitor with no cart gets the empty cart, with its
 * way forward, in the page's own HTML (the island then keeps that very card: nothing moves or
 * is drawn again); a browser with a stored cart, or an address naming a product, gets "Loading
 * your cart…" instead, so a buyer never sees "Your cart is empty" flash before the hand-off.
 * /checkout/success the same way: the thanks for a visitor whose address names no payment,
 * "Confirming your payment" for one whose address does.
 */
import type { Page } from '@playwright/test';
import { CART_ITEMS_KEY, CART_SAVED_AT_KEY } from '../src/features/cart/cart.store';
import { test, expect, holdScriptFiles } from './fixtures';

const PAY_PAGE = /\/pay\/simulated\?session=sim_cs_/;
const emptyHeading = (page: Page) => page.getByRole('heading', { name: 'Your cart is empty' });
const loading = (page: Page) => page.getByText('Loading your cart…');

test('no cart: the empty cart before any script file, and the island keeps the same card', async ({
  page,
}) => {
  const release = await holdScriptFiles(page);
  await page.goto('/checkout', { waitUntil: 'domcontentloaded' });
  await expect(emptyHeading(page)).toBeVisible();
  await expect(page.getByRole('link', { name: /Starter Website Package/ })).toBeVisible();
  await expect(loading(page)).toBeHidden();
  // Marks the server's card, to find the very same element after hydration.
  await page.locator('.checkout-empty').evaluate((card) => Object.assign(card, { fromServer: 1 }));

  release();
  // Hydrated: the island has read the cart (the stand-in mark is gone), and kept the card.
  await expect(page.locator('.checkout-empty:not([data-standin])')).toHaveCount(1);
  expect(await page.locator('.checkout-empty').evaluate((card) => 'fromServer' in card)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Loading your cart' })).toHaveCount(0);
});

test('a stored cart: "Loading your cart…" until the island hands it to the payment page', async ({
  page,
}) => {
  await page.addInitScript(
    ([itemsKey, savedAtKey]) => {
      localStorage.setItem(savedAtKey, String(Date.now()));
      localStorage.setItem(
        itemsKey,
        JSON.stringify([
          {
            id: 'starter',
            name: 'Starter Website Package',
            description: 'x',
            type: 'website',
            billingCycle: 'oneTime',
            price: 1000,
            quantity: 1,
          },
        ]),
      );
    },
    [CART_ITEMS_KEY, CART_SAVED_AT_KEY] as const,
  );
  const release = await holdScriptFiles(page);
  await page.goto('/checkout', { waitUntil: 'domcontentloaded' });
  await expect(loading(page)).toBeVisible();
  await expect(emptyHeading(page)).toBeHidden();
  release();
  await expect(page).toHaveURL(PAY_PAGE);
});

test('a link naming a product shows no empty cart before it is added', async ({ page }) => {
  await holdScriptFiles(page);
  await page.goto('/checkout?product=starter', { waitUntil: 'domcontentloaded' });
  await expect(loading(page)).toBeVisible();
  await expect(emptyHeading(page)).toBeHidden();
});

const thanks = (page: Page) => page.getByRole('heading', { name: 'Thank you for your purchase!' });
const confirming = (page: Page) => page.getByRole('heading', { name: 'Confirming your payment' });

test('/checkout/success without a payment: the thanks before any script file, kept by the island', async ({
  page,
}) => {
  const release = await holdScriptFiles(page);
  await page.goto('/checkout/success', { waitUntil: 'domcontentloaded' });
  await expect(thanks(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home Now' })).toBeVisible();
  await expect(confirming(page)).toBeHidden();
  await page
    .locator('[data-standin="fallback"]')
    .evaluate((card) => Object.assign(card, { fromServer: 1 }));

  release();
  // Hydrated: the countdown runs in the same card the server sent.
  await expect(page.getByRole('timer')).toHaveText(/Redirecting to the home page in [1-9] second/);
  await page.getByRole('button', { name: 'Stay on This Page' }).click();
  await expect(page.getByRole('timer')).toHaveText('Automatic redirect stopped');
  expect(await page.locator('.success-stack').evaluate((card) => 'fromServer' in card)).toBe(true);
  await expect(confirming(page)).toHaveCount(0);
});

test('/checkout/success with a payment to look up shows no thanks before it answers', async ({
  page,
}) => {
  await holdScriptFiles(page);
  await page.goto('/checkout/success?session_id=cs_test_unknown', {
    waitUntil: 'domcontentloaded',
  });
  await expect(confirming(page)).toBeVisible();
  await expect(thanks(page)).toBeHidden();
});
