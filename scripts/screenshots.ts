import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ROUTES } from '../e2e/routes.ts';
import { PHONE, coveredInFirstView, sidewaysScroll } from '../e2e/phone-layout.ts';
import { executableOption } from './lib/browser.ts';
import { onBuiltSite } from './lib/phone.ts';

type Shot = {
  name: string;
  path: string;
  act?: (page: Page) => Promise<void>;
  /** Only at this width (the menu button exists on phones only). */
  width?: number;
};

const WIDTHS = [390, 1024, 1440] as const;

const click = (role: 'button' | 'tab', name: string | RegExp) => async (page: Page) => {
  await page.getByRole(role, { name }).first().click();
  await page.waitForTimeout(800);
};

const STATES: Shot[] = [
  { name: 'not-found', path: '/no-such-page' },
  { name: 'purchase-unknown', path: '/purchase/unknown-product' },
  { name: 'products-ai-tab', path: '/products', act: click('tab', 'AI Agent Packages') },
  { name: 'menu-open', path: '/about', act: click('button', 'Menu'), width: 390 },
  { name: 'cart-preview', path: '/services', act: click('button', /^Shopping cart/) },
  { name: 'chat-open', path: '/services', act: click('button', 'Chat with Lily AI') },
  {
    name: 'cookie-banner',
    path: '/airbnb-automation',
    act: (page) => page.waitForTimeout(2600),
  },
  {
    name: 'contact-validation',
    path: '/contact',
    act: click('button', 'Send Message'),
  },
  {
    name: 'meeting-validation',
    path: '/schedule-meeting',
    act: click('button', 'Schedule Meeting'),
  },
  {
    name: 'test-payment-page',
    path: '/checkout/starter',
    act: (page) => page.waitForURL(/\/pay\//, { timeout: 30_000 }).then(() => undefined),
  },
];

function slug(shot: Shot): string {
  return shot.name.replace(/^\/$/, 'home').replace(/^\//, '').replaceAll('/', '_');
}

function option(flag: string): string | undefined {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** A full-page picture does not scroll, so images below the fold would stay unloaded. */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    scrollTo(0, 0);
    await Promise.all([...document.images].map((image) => image.decode().catch(() => {})));
  });
}

async function take(browser: Browser, origin: string, shot: Shot, width: number, dir: string) {
  const context = await browser.newContext(
    width === 390 ? PHONE : { viewport: { width, height: 900 } },
  );
  try {
    const page = await context.newPage();
    await page.goto(origin + shot.path, { waitUntil: 'networkidle', timeout: 60_000 });
    await shot.act?.(page);
    const result = {
      sideways: await sidewaysScroll(page),
      covered: await coveredInFirstView(page),
    };
    await loadLazyImages(page);
    await page.screenshot({ path: path.join(dir, `${slug(shot)}.png`), fullPage: true });
    // What the screen shows before any scroll, at full size: the hero, where the floating
    // buttons sit (a full page is scaled down in most viewers).
    await page.screenshot({ path: path.join(dir, `${slug(shot)}.first.png`) });
    return result;
  } finally {
    await context.close();
  }
}

const label = option('--label') ?? new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
const only = option('--only')?.split(',');
const shots: Shot[] = [...ROUTES.map((r) => ({ name: r.path, path: r.path })), ...STATES].filter(
  (s) => !only || only.includes(s.name),
);
const root = path.join('reports', 'screenshots', label);

async function shoot(browser: Browser, origin: string) {
  const summary: Record<string, unknown> = {};
  for (const width of WIDTHS) {
    const dir = path.join(root, String(width));
    await mkdir(dir, { recursive: true });
    for (const shot of shots.filter((s) => (s.width ?? width) === width)) {
      const key = `${width}/${slug(shot)}`;
      try {
        summary[key] = await take(browser, origin, shot, width, dir);
      } catch (error) {
        summary[key] = { error: String(error).split('\n')[0] };
      }
      console.log(key, JSON.stringify(summary[key]));
    }
  }
  await writeFile(path.join(root, 'summary.json'), JSON.stringify(summary, null, 2));
  console.log(`\n${Object.keys(summary).length} pictures in ${root}`);
}

const baseUrl = option('--base-url');
if (baseUrl) {
  const browser = await chromium.launch({ ...executableOption(), args: ['--no-sandbox'] });
  try {
    await shoot(browser, baseUrl.replace(/\/$/, ''));
  } finally {
    await browser.close();
  }
} else {
  await onBuiltSite(shoot);
}
