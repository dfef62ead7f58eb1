/**
 * What a visitor would call broken, measured in the page: a page wider than the screen, and a
 * floating button (cart, chat) lying on a heading, a control or an image in the view. Shared by
 * e2e/small-screens.spec.ts, e2e/look-layout.spec.ts and `npm run screenshots`.
 */
import type { Page } from '@playwright/test';

/** A phone as the checks use it: 390 × 844 CSS pixels, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** How many CSS pixels the page scrolls sideways (0 when it fits the screen). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Every heading, control, image or card icon in the view that a floating button lies on, as
 * "button → element" lines. Floating buttons are the visible `.fab`s; what they may cover is
 * anything a visitor reads as a heading, looks at, or can press or type in, outside fixed
 * layers (the header bar, the buttons themselves, an open panel), where the button is what the
 * visitor sees on top of it.
 */
export function coveredInFirstView(page: Page): Promise<string[]> {
  // A string, not a function: tsx (`npm run screenshots`) would wrap the inner arrow
  // functions in a naming helper the page does not have.
  return page.evaluate(COVERED_IN_FIRST_VIEW) as Promise<string[]>;
}

const COVERED_IN_FIRST_VIEW = `(() => {
  const SOUGHT = 'h1, h2, h3, h4, h5, h6, a[href], button, input:not([type=hidden]), select, textarea, label, [role=tab], [role=button], img, video, iframe, .icon-tile';
  const visible = (el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.visibility !== 'hidden' && style.display !== 'none' &&
      Number(style.opacity) > 0 && box.width > 0 && box.height > 0;
  };
  const inFixedLayer = (el) => {
    for (let node = el; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed' || position === 'sticky') return true;
    }
    return false;
  };
  const name = (el) => {
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\\s+/g, ' ').trim();
    return el.tagName.toLowerCase() + ' "' + text.slice(0, 40) + '"';
  };
  const overlaps = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const viewport = new DOMRect(0, 0, innerWidth, innerHeight);
  const buttons = [...document.querySelectorAll('.fab')].filter(visible);
  const sought = [...document.querySelectorAll(SOUGHT)].filter((el) =>
    visible(el) && !inFixedLayer(el) && !el.closest('.sr-only, [aria-hidden="true"]') &&
    overlaps(el.getBoundingClientRect(), viewport));
  // Lying on it means the button is what a visitor sees there and the element comes right
  // under it: content scrolled under the opaque header bar is hidden by the bar, not the button.
  const liesOn = (button, el) => {
    const a = button.getBoundingClientRect();
    const b = el.getBoundingClientRect();
    if (!overlaps(a, b)) return false;
    const x = (Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2;
    const y = (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2;
    const stack = document.elementsFromPoint(x, y);
    const top = stack.findIndex((node) => button.contains(node));
    if (top < 0) return false;
    const under = stack.slice(top).find((node) => !node.contains(button) && !button.contains(node));
    return !!under && (el === under || el.contains(under) || under.contains(el));
  };
  const found = [];
  for (const button of buttons) {
    for (const el of sought) {
      if (liesOn(button, el)) found.push(name(button) + ' → ' + name(el));
    }
  }
  return found;
})()`;
