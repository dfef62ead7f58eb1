/**
 * Pages whose island fills in after it asked the server something must not push what is
 * already on screen (Cumulative Layout Shift, measured as the browser reports it). The signed-out
 * dashboard showed its cards first and then put the sign-in card above them: CLS 0.25 on a
 * phone and 0.14 on a desktop, on an idle machine.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/** Starts summing layout shifts (those not caused by input) before the page's first byte. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cls: number }).__cls);

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
    await expect(page.getByRole('heading', { name: 'GoHighLevel Integration' })).toBeVisible();
    // Layout shift entries are delivered after the frame that shifted.
    await page.waitForTimeout(500);
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });
}
