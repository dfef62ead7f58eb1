/**
 * @look: every route from a small phone to a wide desktop, one page load each (the layout is
 * CSS, so the sizes are set on the loaded page in turn). At every size the page never scrolls
 * sideways and no floating button (cart, chat, the products page's sales assistant) lies on a
 * heading, a control, an image or a card icon, in the first view nor at the end of the page.
 * The type: every h1 is in the display face, which has loaded, and at four widths each eyebrow
 * keeps its token's size, tracking and colour and no heading is wider than its box; at 390 and
 * 1440 px no heading of a content page ends on one orphaned word.
 */
import type { Page } from '@playwright/test';
import { expect, fromOwnAddress, test } from './fixtures';
import { PHONE, coveredInFirstView, sidewaysScroll } from './phone-layout';
import { ROUTES } from './routes';
import {
  displayFace,
  eyebrowsOffStyle,
  headingsOutOfTheirBox,
  orphanedHeadings,
} from './type-style';

test.describe.configure({ mode: 'parallel' });

type Size = { width: number; height: number; type?: true; orphans?: true };

const SIZES: Size[] = [
  { width: 320, height: 800, type: true },
  { width: 390, height: 800, type: true, orphans: true },
  PHONE.viewport,
  { width: 768, height: 900 },
  { width: 1024, height: 900, type: true },
  { width: 1280, height: 900 },
  { width: 1440, height: 900, type: true, orphans: true },
  { width: 1920, height: 900 },
];

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

for (const { path, kind, handsOffTo } of ROUTES) {
  test(
    `${path}: no sideways scroll, nothing under a floating button, type in its style from 320 to 1920 px`,
    {
      tag: '@look',
    },
    async ({ page }) => {
      await fromOwnAddress(page.context());
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(path, { waitUntil: 'networkidle' });
      // Measured on the page the visitor ends on, not on one the hand-off is tearing down.
      if (handsOffTo) await page.waitForURL(handsOffTo, { waitUntil: 'networkidle' });

      const { h1Faces, loaded } = await displayFace(page);
      expect(h1Faces.length, 'h1 elements').toBeGreaterThan(0);
      for (const face of h1Faces) expect(face.replace(/"/g, '')).toMatch(/^Bricolage Grotesque,/);
      expect(loaded, 'the display face has loaded').toBe(true);

      for (const { width, height, type, orphans } of SIZES) {
        const at = `${width} × ${height}`;
        await page.setViewportSize({ width, height });
        await scrollTo(page, 'top');
        expect.soft(await sidewaysScroll(page), `${at}: pixels scrolled sideways`).toBe(0);
        expect.soft(await coveredInFirstView(page), `${at}, first view`).toEqual([]);
        if (type) {
          expect.soft(await eyebrowsOffStyle(page), `eyebrows at ${at}`).toEqual([]);
          expect.soft(await headingsOutOfTheirBox(page), `headings at ${at}`).toEqual([]);
        }
        if (orphans && kind === 'content')
          expect.soft(await orphanedHeadings(page), `orphaned words at ${at}`).toEqual([]);
        await scrollTo(page, 'end');
        expect.soft(await coveredInFirstView(page), `${at}, end of the page`).toEqual([]);
      }
    },
  );
}
