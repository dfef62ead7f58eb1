/**
 * Pages whose island fills in after it asked the server something must not push what is
 * already on screen (Cumulative Layout Shift, measured as the browser reports it). The signed-out
 * dashboard showed its cards first and then put the sign-in card above them: CLS 0.25 on a
 * phone and 0.14 on a desktop, on an idle machine.
 *
 * The header must not move either. On a phone its buttons made room for the cart and chat
 * buttons with `body:has([data-cart-fab])`; those come last in the HTML, so a first frame
 * painted before they were parsed (every time on a 4× phone) showed the menu button 104 px
 * further right, then moved it (CLS 0.0024 on every content page).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

type Shift = { value: number; hadRecentInput: boolean; moved: string[] };

/**
 * Starts recording layout shifts before the page's first byte: each shift's value, whether
 * input caused it, and what moved (`tag.class`, prefixed `header ` inside the site header).
 */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[])
        w.__shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          moved: entry.sources.flatMap(({ node }) =>
            node instanceof Element
              ? [
                  `${node.closest('[data-site-header]') ? 'header ' : ''}${node.localName}.${node.className}`,
                ]
              : [],
          ),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts not caused by input. */
const layoutShifts = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __shifts: Shift[] }).__shifts.filter((s) => !s.hadRecentInput),
  );

for (const viewport of [
  { width: 412, height: 900 },
  { width: 1440, height: 900 },
]) {
  test(`the signed-out dashboard does not move its cards at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await recordLayoutShifts(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Sign in to see your orders' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'GoHighLevel integration' })).toBeVisible();
    // Layout shift entries are delivered after the frame that shifted.
    await page.waitForTimeout(500);
    const cls = (await layoutShifts(page)).reduce((sum, s) => sum + s.value, 0);
    expect(cls).toBeLessThan(0.01);
  });
}

for (const path of ['/', '/contact', '/schedule-meeting']) {
  test(`the header's buttons stay put while ${path} loads on a slow phone`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await recordLayoutShifts(page);
    const cdp = await page.context().newCDPSession(page);
    // 6×: the first frame is then painted before the page's end is parsed, as on a real phone.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(path);
    await expect(page.getByRole('button', { name: /^Shopping cart/ })).toBeVisible();
    await page.waitForTimeout(500);
    const moved = (await layoutShifts(page)).flatMap((s) => s.moved);
    expect(moved.filter((m) => m.startsWith('header '))).toEqual([]);
  });
}
