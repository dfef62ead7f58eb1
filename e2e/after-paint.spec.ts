/**
 * Interaction scripts start after the first paint (AfterPaint.astro): content pages request
 * no script before their text is on screen, and a press made before a control's script has
 * run is held and replayed rather than lost.
 */
import type { Page, Route } from '@playwright/test';
import { AWAITS_ISLAND, expect, test } from './fixtures';
import { ROUTES } from './routes';

/** Lighthouse's mobile screen: what sits above the fold there is what the LCP waits for. */
test.use({ viewport: { width: 412, height: 823 } });

/**
 * Holds back the responses for the named component's script files until `release()` is called.
 * The URL may carry Netlify's deploy query (`?dpl=…`), so the path alone is matched.
 */
async function holdScripts(page: Page, component: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const script = new RegExp(`^/_astro/${component}[^/]*\\.js$`);
  await page.route(
    (url) => script.test(url.pathname),
    async (route: Route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

for (const { path } of ROUTES.filter((r) => r.kind === 'content')) {
  test(`${path} requests no script before its first contentful paint`, async ({ page }) => {
    await page.goto(path);
    // Held presses are released once every after-paint script has run.
    await expect(page.locator('template[data-after-paint]')).toHaveCount(0);
    await expect(page.locator('[data-awaits-script]')).toHaveCount(0);
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
    }));
    expect(timing.firstPaint).toBeGreaterThan(0);
    expect(timing.scripts.length, 'the page scripts were requested').toBeGreaterThan(0);
    expect(timing.scripts.filter((s) => s.start < timing.firstPaint)).toEqual([]);
  });
}

test('a press on the cart button before its script has run opens the preview once it has', async ({
  page,
}) => {
  const release = await holdScripts(page, 'CartButton');
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  const cartButton = page.getByRole('button', { name: /^Shopping cart/ });
  await cartButton.click();
  await expect(cartButton).toHaveAttribute('data-awaits-script', 'pressed');
  await expect(page.getByRole('region', { name: 'Cart preview' })).toHaveCount(0);

  release();
  const preview = page.getByRole('region', { name: 'Cart preview' });
  await expect(preview).toBeVisible();
  await expect(preview.getByText('Your cart is empty')).toBeVisible();
  await expect(cartButton).not.toHaveAttribute('data-awaits-script');
});

test('an early Add to Cart press adds the item once the script has run, and only once', async ({
  page,
}) => {
  const release = await holdScripts(page, 'AddToCart');
  await page.goto('/products', { waitUntil: 'domcontentloaded' });
  const add = page
    .getByRole('article', { name: 'Starter Website Package' })
    .getByRole('button', { name: 'Add to Cart' });
  await add.click();
  // The press was held: the browser did nothing with it yet.
  await expect(add).toHaveAttribute('data-awaits-script', 'pressed');
  await expect(page.getByRole('button', { name: /^Shopping cart/ })).toHaveAccessibleName(
    'Shopping cart, 0 items',
  );

  release();
  await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Shopping cart/ })).toHaveAccessibleName(
    'Shopping cart, 1 item',
  );
});

test('an early press on "Watch full screen" opens the video once its script has run', async ({
  page,
}) => {
  const release = await holdScripts(page, 'VideoModal');
  await page.goto('/airbnb-automation', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Watch full screen' }).click();
  const video = page.getByRole('dialog', { name: 'Airbnb AI in 2 minutes' });
  await expect(video).toBeHidden();

  release();
  await expect(video).toBeVisible();
});

test('a scroll made before the after-paint scripts arrive still fetches the cart and the chat ahead of a press', async ({
  page,
}) => {
  // The islands' directive (src/page-runtime/intent-directive.ts) is inline in the HTML: it watches
  // for the first use of the page from the start, whatever scripts are still on their way.
  const releaseCart = await holdScripts(page, 'CartButton');
  const fetched = (chunk: string) =>
    page.waitForRequest((req) =>
      new RegExp(`^/_astro/${chunk}\\.[^/]*\\.js$`).test(new URL(req.url()).pathname),
    );
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const cart = fetched('CartUi');
  const chat = fetched('ChatWidget');
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 300);
  // No press at all: the visitor's scroll was enough.
  await Promise.all([cart, chat]);
  releaseCart();
});

test('a press on the chat launcher before React has arrived is held and replayed once it has', async ({
  page,
}) => {
  const releaseChat = await holdScripts(page, 'ChatWidget');
  await page.goto('/about');
  const launcher = page.getByRole('button', { name: 'Chat with Lily AI' });
  await launcher.click();
  // Held by the page's queue, like any control awaiting its island; nothing opened yet.
  const held = page.locator(`astro-island[${AWAITS_ISLAND}="pressed"]`);
  await expect(held).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Chat with Lily AI' })).toHaveCount(0);

  releaseChat();
  await expect(page.getByRole('dialog', { name: 'Chat with Lily AI' })).toBeVisible();
  await expect(launcher).toHaveAttribute('aria-expanded', 'true');
  await expect(held).toHaveCount(0);
  // One press, one opening: the replayed press did not toggle it twice.
  await expect(page.getByRole('dialog', { name: 'Chat with Lily AI' })).toHaveCount(1);
});

test('a chat launcher whose code failed to load tries again on the next press', async ({
  page,
}) => {
  let refused = 0;
  await page.route(
    (url) => /^\/_astro\/ChatWidget[^/]*\.js$/.test(url.pathname),
    async (route) => {
      // Astro retries a failed island import once (with a query), so refuse both.
      if (refused < 2) {
        refused += 1;
        return route.abort();
      }
      return route.continue();
    },
  );
  await page.goto('/about');
  const launcher = page.getByRole('button', { name: 'Chat with Lily AI' });
  await launcher.click();
  await expect.poll(() => refused).toBe(2);
  await expect(page.locator(`astro-island[${AWAITS_ISLAND}="pressed"]`)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Chat with Lily AI' })).toHaveCount(0);

  await launcher.click();
  await expect(page.getByRole('dialog', { name: 'Chat with Lily AI' })).toBeVisible();
});

test('opening the cart and the chat downloads each script once, under one address', async ({
  page,
}) => {
  const urls = new Map<string, Set<string>>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.endsWith('.js')) return;
    urls.set(url.pathname, (urls.get(url.pathname) ?? new Set()).add(url.href));
  });
  await page.goto('/');
  await expect(page.locator('template[data-after-paint]')).toHaveCount(0);
  await page.getByRole('button', { name: /^Shopping cart/ }).click();
  await expect(page.getByRole('region', { name: 'Cart preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Chat with Lily AI' }).click();
  await expect(page.getByRole('dialog', { name: 'Chat with Lily AI' })).toBeVisible();
  expect(urls.size, 'the islands loaded their scripts').toBeGreaterThan(5);
  // A preload under one address and an import under another (Netlify's ?dpl=) is two downloads.
  const twice = [...urls.values()].filter((set) => set.size > 1).map((set) => [...set]);
  expect(twice).toEqual([]);
});
