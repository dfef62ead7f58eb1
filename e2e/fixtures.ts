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

/** Present on a form while its island has not hydrated (src/lib/early-presses.ts). */
export const AWAITS_ISLAND = 'data-awaits-island';

/**
 * Sends every request of `context` from a made-up client address of its own, so the app's
 * per-address limits never meet other tests'. Netlify sets x-nf-client-connection-ip; the
 * local hosts derive it from X-Forwarded-For.
 */
export async function fromOwnAddress(context: BrowserContext): Promise<string> {
  const n = () => 1 + Math.floor(Math.random() * 250);
  const ip = `10.${n()}.${n()}.${n()}`;
  await context.setExtraHTTPHeaders(fromIp(ip));
  return ip;
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

/**
 * WCAG 2.2 AA of the page's own content, `state` naming what is on screen (the shared header
 * and footer are scanned by a11y.spec.ts).
 */
export async function expectAccessibleMain(page: Page, state: string) {
  const result = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    state,
  ).toEqual([]);
}
