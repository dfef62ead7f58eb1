import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freePort } from '../../src/testing/postgres-server.ts';
import { startServer } from '../local-netlify/serve.ts';
import { executableOption } from './browser.ts';

/** Lighthouse's mobile "slow 4G", as DevTools throttling applies it (constants.js). */
export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
export const CPU_SLOWDOWN = 4;

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

// A string, not a function: tsx would wrap the function's inner names in a helper the page does
// not have.
function timeThePress(target: string, opened: string): string {
  return `
    document.querySelector(${JSON.stringify(target)}).addEventListener('pointerdown', () => {
      const pressed = performance.now();
      const check = () => {
        if (${opened}) window.pressToOpenMs = performance.now() - pressed;
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, { capture: true, once: true });
  `;
}

async function pressToOpenMs(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { pressToOpenMs?: number }).pressToOpenMs,
    undefined,
    { timeout: 60_000 },
  );
  return Math.round(Number(await handle.jsonValue()));
}

export type Press = {
  target: string;
  /** True once the answer is on screen (an expression evaluated in the page). */
  opened: string;
  /** A selector waited for after the load event, before the network goes quiet. */
  ready?: string;
  /** Scrolls this far once the network is quiet, then reads for 3 s before pressing. */
  scroll?: number;
  /** Without `scroll`: reads this long without touching the page, so the press is the first use. */
  readMs?: number;
  prepare?: (page: Page) => Promise<void>;
};

/** One visit in a fresh, throttled phone context; answers the press-to-answer time in ms. */
export async function timePress(browser: Browser, url: string, press: Press): Promise<number> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await throttle(page);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (press.ready) await page.waitForSelector(press.ready, { timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    if (press.scroll) {
      await page.mouse.wheel(0, press.scroll);
      await page.waitForTimeout(3000);
    } else if (press.readMs) {
      await page.waitForTimeout(press.readMs);
    }
    await press.prepare?.(page);
    const control = page.locator(press.target).first();
    await control.scrollIntoViewIfNeeded();
    await page.evaluate(timeThePress(press.target, press.opened));
    await control.tap();
    return await pressToOpenMs(page);
  } finally {
    await context.close();
  }
}

/** The server and Chromium are both closed when `bench` is done, however it ends. */
export async function onBuiltSite<T>(
  bench: (browser: Browser, origin: string) => Promise<T>,
): Promise<T> {
  const root = process.cwd();
  if (!existsSync(path.join(root, 'dist'))) throw new Error('No dist/: run `npm run build` first.');
  const server = await startServer({ root, port: await freePort(), snapshot: true, quiet: true });
  try {
    const browser = await chromium.launch({
      ...executableOption(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      return await bench(browser, server.origin);
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

/** `runs` visits one after the other: each one's time in ms, and their median. */
export async function timedRuns(
  runs: number,
  visit: () => Promise<number>,
): Promise<{ times: number[]; median: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await visit());
  return { times, median: median(times) };
}
