/**
 * @look: every route at seven widths from a small phone to a wide desktop: the page never
 * scrolls sideways, and no floating button (cart, chat, the products page's sales assistant)
 * lies on a heading, a control, an image or a card icon, in the first view nor at the end of
 * the page. One page load per route; the widths are set on it in turn (the layout is CSS).
 */
import type { Page } from '@playwright/test';
import { expect, fromOwnAddress, test } from './fixtures';
import { coveredInFirstView, sidewaysScroll } from './phone-layout';
import { ROUTES } from './routes';

test.describe.configure({ mode: 'parallel' });

const WIDTHS = [320, 390, 768, 1024, 1280, 1440, 1920] as const;

/** At once, whatever the page's own scrolling style. */
const scrollTo = (page: Page, where: 'top' | 'end') =>
  page.evaluate(
    (end) =>
      window.scrollTo({
        top: end ? document.documentElement.scrollHeight : 0,
        behavior: 'instant',
      }),
    where === 'end',
  );

for (const { path, handsOffTo } of ROUTES) {
  test(
    `${path}: no sideways scroll, nothing under a floating button from 320 to 1920 px`,
    {
      tag: '@look',
    },
    async ({ page }) => {
      await fromOwnAddress(page.context());
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(path);
      // Measured on the page the visitor ends on, not on one the hand-off is tearing down.
      if (handsOffTo) await page.waitForURL(handsOffTo);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
        await scrollTo(page, 'top');
        expect.soft(await sidewaysScroll(page), `${width} px: pixels scrolled sideways`).toBe(0);
        expect.soft(await coveredInFirstView(page), `${width} px, first view`).toEqual([]);
        await scrollTo(page, 'end');
        expect.soft(await coveredInFirstView(page), `${width} px, end of the page`).toEqual([]);
      }
    },
  );
}
