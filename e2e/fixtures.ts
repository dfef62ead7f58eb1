/**
 * The `test` every spec imports, and the helpers several specs share. `test` records
 * Content-Security-Policy violations on every page (a `securitypolicyviolation` listener
 * installed before any page script) and fails the test if one happened, so a CSP regression
 * anywhere in the suite is caught.
 */
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

export type CspViolation = { blockedURI: string; violatedDirective: string; sourceFile: string };

export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: CspViolation[] = [];
      await page.exposeFunction('__reportCspViolation', (v: CspViolation) => violations.push(v));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          (
            window as unknown as { __reportCspViolation: (v: unknown) => void }
          ).__reportCspViolation({
            blockedURI: e.blockedURI,
            violatedDirective: e.violatedDirective,
            sourceFile: e.sourceFile,
          });
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Present on a form while its island has not hydrated (src/page-runtime/README.md). */
export { AWAITS_ISLAND } from '../src/page-runtime/runtime-contract';

/** The tests `npm run test:e2e:dev` runs (`--grep @dev`): enough to prove each flow works on `astro dev`. */
export const DEV_PASS = { tag: '@dev' };

/**
 * Sends every request of `context` from a made-up client address of its own, so the app's
 * per-address limits never meet other tests'. Netlify sets x-nf-client-connection-ip; the
 * local hosts derive it from X-Forwarded-For.
 */
export async function fromOwnAddress(context: BrowserContext): Promise<string> {
  const ip = randomIp();
  await context.setExtraHTTPHeaders(fromIp(ip));
  return ip;
}

/** A made-up client address of its own (10.x.y.z), so per-address limits never spill over. */
export function randomIp(): string {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** The headers of a request from `ip`, for a request made outside the page's context. */
export function fromIp(ip: string): Record<string, string> {
  return { 'x-forwarded-for': ip, 'x-nf-client-connection-ip': ip };
}

/**
 * Asks the site whether a submission with exactly these values was stored, and which e-mails
 * were queued for it (/api/test/submission, available in simulated mode; it reads the same
 * database as the functions, whichever server runs them).
 */
export async function storedSubmission(request: APIRequestContext, data: Record<string, string>) {
  const res = await request.post('/api/test/submission', { data });
  expect(res.status()).toBe(200);
  return (await res.json()) as { stored: number; emails: { kind: string; recipient: string }[] };
}

/** Exactly one submission with these values was stored. */
export async function expectStoredOnce(request: APIRequestContext, data: Record<string, string>) {
  expect((await storedSubmission(request, data)).stored).toBe(1);
}

/**
 * The meeting request the specs send (Grace Hopper, an AI Agent Demo at 2:30 PM London time on
 * `preferredDate`) as `storedSubmission` looks it up.
 */
export function storedMeeting(email: string, preferredDate: string): Record<string, string> {
  return {
    kind: 'meeting',
    name: 'Grace Hopper',
    email,
    meetingType: 'ai-demo',
    preferredDate,
    preferredTime: '2:30 PM',
    timezone: 'GMT',
  };
}

/** Types a message into a contact `form` (Name, Email, Message) and presses Send Message. */
export async function sendContactForm(
  form: Locator,
  fields: { name: string; email: string; message: string },
) {
  await form.getByLabel('Name').fill(fields.name);
  await form.getByLabel('Email').fill(fields.email);
  await form.getByLabel('Message').fill(fields.message);
  await form.getByRole('button', { name: 'Send Message' }).click();
}

/** Each link of `links`, found within `scope` by its name, leads to its href. */
export async function expectLinks(
  scope: Page | Locator,
  links: [name: string | RegExp, href: string | RegExp][],
) {
  for (const [name, href] of links)
    await expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
}

export type MockOrder = { orderId: number; orderNumber: string; clientId: number };

/**
 * Creates a paid test order from the page (/api/test/create-mock-order, simulated mode), which
 * signs this browser in as its buyer; answers whether it was created, and the order.
 */
export function createOrderInPage(
  page: Page,
  order: { productId: string; customerName: string; customerEmail: string },
): Promise<MockOrder & { ok: boolean }> {
  return page.evaluate(async (body) => {
    const res = await fetch('/api/test/create-mock-order', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { ok: res.ok, ...((await res.json()) as MockOrder) };
  }, order);
}

/**
 * An axe scan of `page`. Without a cross-origin frame it runs inside the page (`axe.run`): the
 * results of the default `runPartial`/`finishRun`, without its blank second page and two more
 * injections of axe (half the time of a scan).
 */
export function axeScan(page: Page): AxeBuilder {
  const { origin } = new URL(page.url());
  const crossOrigin = page
    .frames()
    .some((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
  return new AxeBuilder({ page }).setLegacyMode(!crossOrigin);
}

/**
 * WCAG 2.2 AA of the page's own content, `state` naming what is on screen (the shared header
 * and footer are scanned by a11y.spec.ts).
 */
export async function expectAccessibleMain(page: Page, state: string) {
  const result = await axeScan(page)
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    state,
  ).toEqual([]);
}

/**
 * A frozen page clock: `clock.install()` alone keeps time flowing at normal speed, so pause
 * it; afterwards only `clock.runFor()` moves page timers.
 */
export async function freezeClock(page: Page) {
  const start = new Date('2026-03-02T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

/** The UTC date `days` from now (a negative `days`: ago) as a date input holds it, yyyy-mm-dd. */
export function isoDateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Holds back every script file until the returned function is called (inline scripts run).
 * Navigate with `waitUntil: 'domcontentloaded'`: a file inserted before `load` (the page's
 * first paint came first) holds the `load` event with it, and a `goto` waiting for it times out.
 */
export async function holdScriptFiles(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // A predicate, not a glob: script URLs carry the deploy's `?dpl=` query.
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** The simulated payment page's address. */
export const PAY_PAGE = /\/pay\/simulated\?session=sim_cs_/;

/** Pays on the simulated payment page as `name` <`email`>, pressing "Pay <total>". */
export async function payAs(page: Page, name: string, email: string, total: string) {
  await expect(page).toHaveURL(PAY_PAGE);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: `Pay ${total}`, exact: true }).click();
}
