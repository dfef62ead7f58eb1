/**
 * The type of every route: each eyebrow keeps its own size, tracking and colour whatever band it
 * sits in (light, or the light variant on a dark band), every h1 is set in the display face and
 * that face has loaded, and no heading is wider than the box it sits in, from 320 to 1440 px.
 */
import type { Page } from '@playwright/test';
import { expect, fromOwnAddress, test } from './fixtures';
import { ROUTES } from './routes';

test.describe.configure({ mode: 'parallel' });

const DEV = process.env.E2E_SERVER === 'dev';
const DISPLAY_FACE = 'Bricolage Grotesque';
const WIDTHS = [320, 390, 1024, 1440];

/** Every visible eyebrow whose size, tracking or colour is not its token's, one line each. */
function eyebrowsOffStyle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const probe = (color: string) => {
      const el = document.createElement('span');
      el.style.fontSize = 'var(--eyebrow-size)';
      el.style.letterSpacing = 'var(--eyebrow-tracking)';
      el.style.color = `var(${color})`;
      document.body.append(el);
      const { fontSize, letterSpacing, color: resolved } = getComputedStyle(el);
      el.remove();
      return { fontSize, letterSpacing, color: resolved };
    };
    const light = probe('--eyebrow-color-on-light');
    const dark = probe('--eyebrow-color-on-dark');
    // The colour painted behind an element: the first ancestor with an opaque background
    // colour, or with a gradient whose last opaque stop stands for it (the dark demo banner).
    const isDark = ([r = 255, g = 255, b = 255]: number[]) =>
      0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
    const backdropIsDark = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const [r, g, b, alpha = 1] = style.backgroundColor.match(/[\d.]+/g)?.map(Number) ?? [];
        if (r !== undefined && alpha > 0.5) return isDark([r, g!, b!]);
        const stops = [...style.backgroundImage.matchAll(/rgb\((\d+), (\d+), (\d+)\)/g)];
        if (stops.length) return isDark(stops.at(-1)!.slice(1).map(Number));
      }
      return false;
    };
    return [...document.querySelectorAll('.eyebrow')]
      .filter((el) => el.getBoundingClientRect().width > 0)
      .flatMap((el) => {
        const style = getComputedStyle(el);
        const want = backdropIsDark(el) ? dark : light;
        const got = {
          fontSize: style.fontSize,
          letterSpacing: style.letterSpacing,
          color: style.color,
        };
        return JSON.stringify(got) === JSON.stringify(want)
          ? []
          : [`"${el.textContent?.trim()}": ${JSON.stringify(got)}, want ${JSON.stringify(want)}`];
      });
  });
}

/** Every visible h1–h3 that is wider than its own box or reaches out of its parent's. */
function headingsOutOfTheirBox(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3')].flatMap((el) => {
      const box = el.getBoundingClientRect();
      // A `display: contents` parent has no box of its own: the heading lives in the next one up.
      let holder = el.parentElement;
      while (holder && getComputedStyle(holder).display === 'contents')
        holder = holder.parentElement;
      const parent = holder?.getBoundingClientRect();
      if (box.width === 0 || !parent || el.closest('.sr-only')) return [];
      const overflows =
        el.scrollWidth > el.clientWidth + 1 ||
        box.left < parent.left - 1 ||
        box.right > parent.right + 1;
      return overflows
        ? [`${el.tagName} "${el.textContent?.trim().slice(0, 50)}" ${Math.round(box.width)} px`]
        : [];
    }),
  );
}

for (const { path, handsOffTo } of ROUTES) {
  test(`${path}: eyebrows in their style, headings in the display face and inside their box`, async ({
    page,
  }) => {
    await fromOwnAddress(page.context());
    await page.goto(path, { waitUntil: 'networkidle' });
    if (handsOffTo) await page.waitForURL(handsOffTo, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);

    const h1Faces = await page
      .locator('h1')
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).fontFamily));
    expect(h1Faces.length, 'h1 elements').toBeGreaterThan(0);
    for (const face of h1Faces) expect(face.replace(/"/g, '')).toMatch(/^Bricolage Grotesque,/);
    expect(
      await page.evaluate(
        (family) =>
          [...document.fonts].some((f) => f.family.includes(family) && f.status === 'loaded'),
        DISPLAY_FACE,
      ),
      'the display face has loaded',
    ).toBe(true);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await eyebrowsOffStyle(page), `eyebrows at ${width} px`).toEqual([]);
      expect(await headingsOutOfTheirBox(page), `headings at ${width} px`).toEqual([]);
    }
  });
}

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
