/**
 * The display face is one preloaded, fingerprinted file. How the type looks on every route
 * (eyebrows, h1 face, headings inside their box) is checked by e2e/look-layout.spec.ts.
 */
import { expect, test } from './fixtures';

const DEV = process.env.E2E_SERVER === 'dev';

test('the display face is one preloaded, fingerprinted WOFF2 file with a long cache', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute('type', 'font/woff2');
  await expect(preload).toHaveAttribute('crossorigin', '');
  const href = (await preload.getAttribute('href'))!;
  const res = await request.get(href);
  expect(res.ok()).toBe(true);
  expect((await res.body()).subarray(0, 4).toString()).toBe('wOF2');
  test.skip(DEV, 'the build fingerprints the file and serves it with a long cache');
  expect(href).toMatch(/^\/_astro\/bricolage-grotesque-latin-700-normal\.[\w-]+\.woff2$/);
  expect(res.headers()['cache-control']).toContain('immutable');
});
