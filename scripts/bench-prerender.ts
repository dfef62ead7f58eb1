// Puppeteer, not Playwright: Playwright's DevTools session turns prerendering off
// (PrerenderingDisabledByDevTools), and so would enabling the DevTools `Preload` domain.
import { parseArgs } from 'node:util';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { freePort } from '../src/testing/postgres-server.ts';
import { startServer } from './local-netlify/serve.ts';
import { executableOption } from './lib/browser.ts';
import { median } from './lib/phone.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    hover: { type: 'string', default: '1500' },
    check: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
/** How long the pointer rests on a link before the click (moderate eagerness waits ~200 ms). */
const HOVER_MS = Number(args.hover);
const TRIPS = ['About', 'Services', 'Products', 'Portfolio', 'How It Works', 'Lily AI'];
const HOVERED_PAGES = ['/', '/products', '/starter-website-package'];

type Trip = { page: string; prerendered: boolean; clickToShownMs: number };

/** Remembers the click's time in localStorage, which the next page (prerendered or not) shares. */
const RECORD_CLICK = `addEventListener('pointerdown', () => localStorage.setItem('bench-click', String(Date.now())), { capture: true, once: true });`;

const SHOWN = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const shownAt = performance.timeOrigin + (nav.activationStart > 0 ? nav.activationStart : (fcp ? fcp.startTime : nav.responseEnd));
  return { prerendered: nav.activationStart > 0, clickToShownMs: Math.round(shownAt - Number(localStorage.getItem('bench-click'))) };
})()`;

async function retry<T>(attempt: () => Promise<T>, tries = 20): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

async function headerLink(page: Page, name: string) {
  const links = await page.$$('header nav.nav--full a');
  for (const link of links) {
    if ((await link.evaluate((a) => a.textContent?.trim())) === name) return link;
  }
  throw new Error(`No header link "${name}"`);
}

// An activated prerender swaps the document under Puppeteer's page object, whose evaluate then
// never answers: a CDP session of its own reads the new one.
async function inDocument(page: Page, expression: string): Promise<unknown> {
  const cdp = await page.createCDPSession();
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    return result.value;
  } finally {
    await cdp.detach();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function trip(browser: Browser, origin: string, name: string): Promise<Trip> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1440, height: 900 });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
    await page.evaluate(RECORD_CLICK);
    const link = await headerLink(page, name);
    await link.hover();
    await sleep(HOVER_MS);
    const from = page.url();
    await link.click();
    const shown = await retry(async () => {
      const next = (await context.pages()).find((p) => p.url() !== from);
      if (!next) throw new Error('not navigated yet');
      if ((await inDocument(next, 'document.readyState')) !== 'complete') {
        throw new Error('still loading');
      }
      // The paint entry of a page loaded at the click may come a frame after `load`.
      await sleep(300);
      const timing = (await inDocument(next, SHOWN)) as Omit<Trip, 'page'>;
      return { page: new URL(next.url()).pathname, ...timing };
    });
    return shown;
  } finally {
    await context.close();
  }
}

/** Every page the browser prerenders, by URL (a target's URL arrives after its creation). */
async function watchPrerenders(browser: Browser): Promise<() => string[]> {
  const urls = new Map<string, string>();
  const cdp = await browser.target().createCDPSession();
  const note = ({
    targetInfo,
  }: {
    targetInfo: { targetId: string; subtype?: string; url: string };
  }) => {
    if (targetInfo.subtype === 'prerender' && targetInfo.url)
      urls.set(targetInfo.targetId, targetInfo.url);
  };
  cdp.on('Target.targetCreated', note);
  cdp.on('Target.targetInfoChanged', note);
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  return () => [...urls.values()];
}

async function hoverEveryLink(browser: Browser, origin: string, path: string) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1440, height: 900 });
    await page.goto(origin + path, { waitUntil: 'networkidle0' });
    for (const link of await page.$$('a[href]')) {
      if (!(await link.evaluate((a) => a.checkVisibility()))) continue;
      await link.hover().catch(() => undefined);
      await sleep(300);
    }
    await sleep(1000);
  } finally {
    await context.close();
  }
}

// Written out rather than read from the rules' own list, so a path dropped from the rules fails
// this check instead of leaving it with them.
const SIDE_EFFECT =
  /^\/(checkout|pay\/|admin|dashboard|onboarding|client-onboarding|test-|keystatic|api\/)/;
function hasSideEffects(url: string): boolean {
  const { pathname, search } = new URL(url);
  return SIDE_EFFECT.test(pathname) || search !== '';
}

// A prerendered page must behave as if opened at the click: the cookie banner's 2 s delay starts
// then, and the cart shows what another tab put in it after the page was prepared.
async function activationFaults(browser: Browser, origin: string): Promise<string[]> {
  const faults: string[] = [];
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1440, height: 900 });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });

    // Prepared 3 s before the click: a banner timed from the prerender would be up at once.
    await (await headerLink(page, 'Airbnb AI')).hover();
    await sleep(3000);
    await (await headerLink(page, 'Airbnb AI')).click();
    await sleep(500);
    const banner = `document.querySelector('[data-cookie-banner]').hidden`;
    if (
      (await inDocument(
        page,
        'performance.getEntriesByType("navigation")[0].activationStart > 0',
      )) !== true
    )
      faults.push('/airbnb-automation was not prerendered');
    if ((await inDocument(page, banner)) !== true)
      faults.push('the cookie banner was up at the click: its delay ran during the prerender');
    await sleep(2500);
    if ((await inDocument(page, banner)) !== false)
      faults.push('the cookie banner did not show 2 s after the click');

    await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
    await (await headerLink(page, 'About')).hover();
    await sleep(1500);
    const other = await context.newPage();
    await other.goto(`${origin}/products`, { waitUntil: 'networkidle0' });
    await other.click('[data-cart-add]');
    await sleep(500);
    await other.close();
    await page.bringToFront();
    await (await headerLink(page, 'About')).click();
    await sleep(1500);
    const badge = await inDocument(
      page,
      `document.querySelector('[data-cart-badge]').textContent.trim()`,
    );
    if (badge !== '1')
      faults.push(`the cart badge on the prerendered /about read "${badge}", not 1`);
  } finally {
    await context.close();
  }
  return faults;
}

const server = await startServer({
  root: process.cwd(),
  port: await freePort(),
  snapshot: true,
  quiet: true,
});
const { executablePath, env } = executableOption();
const browser = await puppeteer.launch({
  executablePath,
  env,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let failed = false;
try {
  const prerenders = await watchPrerenders(browser);
  for (const path of HOVERED_PAGES) await hoverEveryLink(browser, server.origin, path);
  const prerendered = prerenders();
  const wrong = prerendered.filter(hasSideEffects);
  const paths = [...new Set(prerendered.map((u) => new URL(u).pathname))];
  console.log(`Hovering every link of ${HOVERED_PAGES.join(', ')} prerendered: ${paths.join(' ')}`);
  if (wrong.length > 0) {
    console.error(`Prepared pages with side effects or a query: ${wrong.join(' ')}`);
    failed = true;
  }
  // Nothing prerendered at all would pass the line above while the rules are broken.
  if (paths.length === 0) {
    console.error('Nothing was prerendered: the speculation rules did not apply.');
    failed = true;
  }

  const faults = await activationFaults(browser, server.origin).catch((error: unknown) => [
    String(error),
  ]);
  for (const fault of faults) console.error(`Activation: ${fault}`);
  if (faults.length === 0) console.log('Activation: banner delay and cart start at the click.');
  failed ||= faults.length > 0;

  if (!args.check) {
    const rows: { page: string; prerendered: string; times: number[] }[] = [];
    for (const name of TRIPS) {
      const runs: Trip[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await trip(browser, server.origin, name));
      rows.push({
        page: runs[0]!.page,
        prerendered: `${runs.filter((r) => r.prerendered).length}/${RUNS}`,
        times: runs.map((r) => r.clickToShownMs),
      });
    }
    console.log('\n| header trip from / | prerendered | click → shown, median (runs) |');
    console.log('|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.page} | ${r.prerendered} | ${median(r.times)} ms (${r.times.join(', ')}) |`,
      );
    }
  }
  console.log(`\n${await browser.version()}`);
} finally {
  await browser.close();
  await server.close();
}
process.exitCode = failed ? 1 : 0;
