/**
 * The cart end to end: adding from /products, the panel (quantities, remove, clear, focus),
 * the floating button's preview, persistence across reloads and tabs, expiry, Buy Now.
 */
import type { Page } from '@playwright/test';
import type { CartItem } from '../src/features/cart/cart.store';
import { DEV_PASS, axeScan, expect, test } from './fixtures';

const ITEMS_KEY = 'cart';
const SAVED_AT_KEY = 'cartTimestamp';

const line = (
  id: string,
  name: string,
  price: number,
  extra: Partial<CartItem> = {},
): CartItem => ({
  id,
  name,
  description: `${name} description`,
  type: 'agent',
  billingCycle: 'monthly',
  price,
  quantity: 1,
  ...extra,
});

const STARTER = line('starter', 'Starter Website Package', 1000, {
  type: 'website',
  billingCycle: 'oneTime',
});
const ADVANCED = line('advanced', 'Advanced Website Package', 2500, {
  type: 'website',
  billingCycle: 'oneTime',
});
const SUPPORT = line('customer-service', 'Customer Service Agent', 199);
const LEADS = line('lead-generation', 'Lead Generation Agent', 349);

/** Puts a cart in localStorage (saved `ageMs` ago) and reloads so the page starts with it. */
async function seedCart(page: Page, items: CartItem[], ageMs = 0) {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate(
    ([items, keys, savedAt]) => {
      localStorage.setItem(keys[0], JSON.stringify(items));
      localStorage.setItem(keys[1], String(savedAt));
    },
    [items, [ITEMS_KEY, SAVED_AT_KEY], Date.now() - ageMs] as const,
  );
  await page.reload();
}

async function storedCart(page: Page) {
  return page.evaluate(
    ([a, b]) => ({ items: localStorage.getItem(a), savedAt: localStorage.getItem(b) }),
    [ITEMS_KEY, SAVED_AT_KEY] as const,
  );
}

/**
 * /checkout belongs to the checkout feature and starts the payment redirect on load; these tests
 * only need to see that the cart sent the visitor there with the right items.
 */
test.beforeEach(async ({ context }) => {
  await context.route(/\/checkout(\?[^/]*)?$/, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Checkout</title><h1>Checkout</h1></html>',
    }),
  );
});

/**
 * Quiet network, and the page's after-paint scripts have run: before that, a hover reaches no
 * listener (the network can be quiet before the first paint has started them).
 */
async function scriptsReady(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-awaits-script]')).toHaveCount(0);
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Shopping cart/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Shopping Cart' });

async function openPanel(page: Page) {
  await cartButton(page).click();
  await page
    .getByRole('region', { name: 'Cart preview' })
    .getByRole('button', { name: 'View All' })
    .click();
  await expect(panel(page)).toBeVisible();
}

test('adding from /products opens the panel with the line', DEV_PASS, async ({ page }) => {
  await page.goto('/products');
  const card = page.getByRole('article', { name: 'Starter Website Package' });
  await card.getByRole('button', { name: 'Add to Cart' }).click();

  await expect(page.getByText('Starter Website Package has been added to your cart')).toBeVisible();
  const dialog = panel(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Starter Website Package' })).toBeVisible();
  await expect(dialog.getByText('1 item', { exact: true })).toBeVisible();
  await expect(dialog.getByText('One-time')).toBeVisible();
  await expect(dialog.getByTestId('cart-total')).toHaveText('$1,000.00');
  await expect(dialog.getByText('Calculated at checkout')).toBeVisible();
  await expect(dialog.getByText('Secure checkout powered by Stripe')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(card.getByRole('button', { name: 'In Cart' })).toBeDisabled();
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 1 item');
});

test('plus, minus, remove and clear in the panel', DEV_PASS, async ({ page }) => {
  await seedCart(page, [STARTER]);
  await openPanel(page);
  const dialog = panel(page);
  const minus = dialog.getByRole('button', {
    name: 'Decrease quantity of Starter Website Package',
  });
  const plus = dialog.getByRole('button', { name: 'Increase quantity of Starter Website Package' });

  await expect(minus).toBeDisabled();
  await plus.click();
  await expect(dialog.getByTestId('cart-line-quantity')).toHaveText('2');
  await expect(dialog.getByTestId('cart-line-price')).toHaveText('$2,000.00');
  await expect(dialog.getByText('2 items', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Starter Website Package: quantity 2');
  await expect(minus).toBeEnabled();
  await minus.click();
  await expect(dialog.getByTestId('cart-line-quantity')).toHaveText('1');
  await expect(minus).toBeDisabled();

  await dialog.getByRole('button', { name: 'Remove Starter Website Package' }).click();
  await expect(page.getByText('Removed from Cart')).toBeAttached();
  await expect(dialog.getByText('Your cart is empty')).toBeVisible();
  await expect(
    dialog.getByText('Browse our AI agents and website packages to get started'),
  ).toBeVisible();
  expect(await storedCart(page)).toEqual({ items: null, savedAt: null });

  await page.keyboard.press('Escape');
  await seedCart(page, [STARTER, SUPPORT]);
  await openPanel(page);
  await panel(page).getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText('All 2 item(s) have been removed from your cart')).toBeAttached();
  await expect(panel(page).getByText('Your cart is empty')).toBeVisible();
  expect(await storedCart(page)).toEqual({ items: null, savedAt: null });
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 0 items');
});

test('the struck list price is multiplied by the quantity', async ({ page }) => {
  await seedCart(page, [
    line('lily-growth', 'Lily AI Growth', 498, { originalPrice: 749, quantity: 2 }),
  ]);
  await openPanel(page);
  await expect(panel(page).locator('.strike')).toHaveText('Was $1,498.00');
  await expect(panel(page).getByTestId('cart-line-price')).toHaveText('$996.00');
});

test('the preview lists three lines and "+1 more items"', async ({ page }) => {
  await seedCart(page, [STARTER, ADVANCED, SUPPORT, LEADS]);
  await cartButton(page).click();
  const preview = page.getByRole('region', { name: 'Cart preview' });
  await expect(preview).toBeVisible();
  await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(preview.getByRole('listitem')).toHaveCount(3);
  await expect(preview.getByText('Lead Generation Agent')).toHaveCount(0);
  await expect(preview.getByText('+1 more items')).toBeVisible();
  await expect(preview.getByText('$4,048.00')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Checkout' })).toBeVisible();

  // A click outside closes it.
  await page.locator('main h1').click();
  await expect(preview).toBeHidden();
  await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'false');

  await cartButton(page).click();
  await preview.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('the empty preview offers Browse Products', async ({ page }) => {
  await page.goto('/about');
  await cartButton(page).click();
  const preview = page.getByRole('region', { name: 'Cart preview' });
  await expect(preview.getByText('Your cart is empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(cartButton(page)).toBeFocused();
  await cartButton(page).click();
  await preview.getByRole('button', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('Escape closes the panel, focus is trapped while open and returns afterwards', async ({
  page,
}) => {
  await seedCart(page, [STARTER]);
  await openPanel(page);
  const dialog = panel(page);
  await expect(dialog.getByRole('button', { name: 'Close cart' })).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cartButton(page)).toBeFocused();

  // Opened by an add (the panel opens itself 500 ms later).
  await page.goto('/products');
  const add = page
    .getByRole('article', { name: 'Advanced Website Package' })
    .getByRole('button', { name: 'Add to Cart' });
  await add.click();
  await expect(panel(page)).toBeVisible();
  await panel(page).getByRole('button', { name: 'Close cart' }).click();
  await expect(panel(page)).toBeHidden();
  // The add button is now a disabled "In Cart", so focus goes to the cart button instead.
  await expect(
    page
      .getByRole('article', { name: 'Advanced Website Package' })
      .getByRole('button', { name: 'In Cart' }),
  ).toBeDisabled();
  await expect(cartButton(page)).toBeFocused();
});

test('the cart survives a reload and a stale cart is discarded', DEV_PASS, async ({ page }) => {
  await seedCart(page, [STARTER, SUPPORT]);
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 2 items');
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 2 items');
  await expect(page.locator('[data-cart-badge]')).toHaveText('2');

  // The cart's script loads after the first paint, so the stale cart is removed a moment later.
  await seedCart(page, [STARTER], 25 * 60 * 60 * 1000);
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 0 items');
  await expect.poll(() => storedCart(page)).toEqual({ items: null, savedAt: null });

  await seedCart(page, [
    SUPPORT,
    line('lily-starter', 'Lily AI Starter', 1900, { billingCycle: 'yearly' }),
  ]);
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 0 items');
  await expect.poll(() => storedCart(page)).toEqual({ items: null, savedAt: null });
});

test('a second tab sees changes made in the first', async ({ page, context }) => {
  await page.goto('/products');
  const other = await context.newPage();
  await other.goto('/about');
  await expect(cartButton(other)).toHaveAccessibleName('Shopping cart, 0 items');

  await page
    .getByRole('article', { name: 'Starter Website Package' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(cartButton(other)).toHaveAccessibleName('Shopping cart, 1 item');

  await expect(panel(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.evaluate(() => window.scrollTo(0, 0));
  await other.goto('/products');
  await expect(
    other
      .getByRole('article', { name: 'Starter Website Package' })
      .getByRole('button', { name: 'In Cart' }),
  ).toBeDisabled();
  await openPanel(other);
  await panel(other).getByRole('button', { name: 'Clear Cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 0 items');
  await expect(
    page
      .getByRole('article', { name: 'Starter Website Package' })
      .getByRole('button', { name: 'Add to Cart' }),
  ).toBeEnabled();
  await other.close();
});

test('Buy Now replaces the cart with that item and lands on /checkout', async ({ page }) => {
  await seedCart(page, [STARTER, SUPPORT]);
  await page.goto('/products');
  await page
    .getByRole('article', { name: 'Advanced Website Package' })
    .getByRole('link', { name: 'Buy Now' })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  const { items } = await storedCart(page);
  const stored = JSON.parse(items ?? '[]') as CartItem[];
  expect(stored.map((i) => [i.id, i.billingCycle, i.quantity, i.price])).toEqual([
    ['advanced', 'oneTime', 1, 2500],
  ]);
});

test('Proceed to Checkout closes the panel and goes to /checkout', DEV_PASS, async ({ page }) => {
  await seedCart(page, [STARTER]);
  await openPanel(page);
  await panel(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('a content page loads no React before the cart is opened', async ({ page }, testInfo) => {
  type Script = { path: string; bytes: number; react: boolean };
  // Each response is recorded when it arrives; reading its body finishes later, so the test
  // waits for those reads instead of racing them.
  const scripts: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response
        .body()
        .catch(() => Buffer.alloc(0))
        .then((body) => ({
          path: new URL(response.url()).pathname,
          bytes: body.length,
          // React's own markers, whatever the chunk is called.
          react: /react\.(transitional\.)?element|__CLIENT_INTERNALS_DO_NOT_USE|createRoot/.test(
            body.toString('utf8'),
          ),
        })),
    );
  });
  await page.goto('/starter-website-package');
  // The page's scripts come after its first paint, in an idle moment that can fall after the
  // network has been quiet for a while: wait for them, still without touching the page.
  if (scripts.length === 0) {
    await page.waitForResponse((r) => r.request().resourceType() === 'script');
  }
  await page.waitForLoadState('networkidle');
  const before = await Promise.all(scripts);
  const total = before.reduce((sum, s) => sum + s.bytes, 0);
  testInfo.annotations.push({
    type: 'js-before-interaction',
    description: `${before.length} scripts, ${total} bytes (uncompressed): ${before.map((s) => `${s.path} ${s.bytes}`).join(', ')}`,
  });
  expect(
    before.filter((s) => s.react).map((s) => s.path),
    'React before interaction',
  ).toEqual([]);
  expect(before.length).toBeGreaterThan(0);

  await cartButton(page).click();
  const preview = page.getByRole('region', { name: 'Cart preview' });
  await expect(preview).toBeVisible();
  // The panel's stylesheet arrives with it (not inlined into the page) and is applied: below
  // 1360 px it opens fixed under the header bar.
  await expect(preview).toHaveCSS('position', 'fixed');
  expect(
    (await Promise.all(scripts)).some((s) => s.react),
    'React after opening the cart',
  ).toBe(true);
});

test('the cart is fetched as the visitor heads for it or starts using the page, not before', async ({
  page,
}) => {
  const fetched = (pattern: RegExp) => {
    const urls: string[] = [];
    page.on('request', (r) => {
      if (pattern.test(new URL(r.url()).pathname)) urls.push(r.url());
    });
    return urls;
  };
  const cartUi = fetched(/CartUi/);
  const idle = () => scriptsReady(page);

  await page.goto('/starter-website-package');
  await idle();
  expect(cartUi, 'nothing before the visitor does anything').toEqual([]);

  // Pointing at the button fetches the panel's code, its stylesheet inside, before a press.
  await cartButton(page).hover();
  await expect.poll(() => cartUi.length).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Cart preview' })).toHaveCount(0);
  expect(
    await page.evaluate(
      () => document.querySelectorAll('link[rel="stylesheet"][href*="cart"]').length,
    ),
    'no stylesheet request of its own',
  ).toBe(0);

  // Any first use of the page (a wheel scroll, a key) fetches it in the next quiet moment.
  for (const use of [() => page.mouse.wheel(0, 400), () => page.keyboard.press('Tab')]) {
    cartUi.length = 0;
    await page.reload();
    await idle();
    expect(cartUi).toEqual([]);
    await use();
    await expect.poll(() => cartUi.length).toBeGreaterThan(0);
  }
  await cartButton(page).click();
  await expect(page.getByRole('region', { name: 'Cart preview' })).toBeVisible();
});

test('a first use of the page fetches the chat only once the cart the visitor heads for is in', async ({
  page,
}) => {
  // The cart's code held back, as on a phone over slow 4G.
  let cartArrived = 0;
  await page.route(/\/CartUi(\.[\w-]+)?\.(js|tsx)(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const response = await route.fetch();
    cartArrived = Date.now();
    await route.fulfill({ response });
  });
  let chatAsked = 0;
  page.on('request', (r) => {
    if (/ChatWidget/.test(r.url())) chatAsked ||= Date.now();
  });

  await page.goto('/');
  await scriptsReady(page);
  // Heading for the cart, then scrolling: the scroll is the page's first use, which fetches
  // the chat in a quiet moment, and the cart's code is still on its way.
  await cartButton(page).hover();
  await page.mouse.wheel(0, 200);
  await expect.poll(() => chatAsked, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(cartArrived, 'the cart came first').toBeGreaterThan(0);
  expect(chatAsked).toBeGreaterThanOrEqual(cartArrived);
});

test('the preview and the panel have no WCAG 2.2 AA violations', async ({ page }) => {
  const scan = async (selector: string) =>
    (
      await axeScan(page)
        .include(selector)
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
    ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);

  await page.goto('/about');
  await cartButton(page).click();
  await expect(page.getByRole('region', { name: 'Cart preview' })).toBeVisible();
  expect(await scan('[data-cart-fab]'), 'empty preview').toEqual([]);
  await page
    .getByRole('region', { name: 'Cart preview' })
    .getByRole('button', { name: 'View All' })
    .click();
  await expect(panel(page).getByText('Your cart is empty')).toBeVisible();
  expect(await scan('.cart-panel'), 'empty panel').toEqual([]);

  await seedCart(page, [
    STARTER,
    ADVANCED,
    SUPPORT,
    line('lily-growth', 'Lily AI Growth', 498, { originalPrice: 749 }),
  ]);
  await cartButton(page).click();
  await expect(page.getByText('+1 more items')).toBeVisible();
  expect(await scan('[data-cart-fab]'), 'preview').toEqual([]);
  await page.getByRole('button', { name: 'View All' }).click();
  await expect(panel(page)).toBeVisible();
  expect(await scan('.cart-panel'), 'panel').toEqual([]);
});
