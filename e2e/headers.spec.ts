/**
 * Security headers on every response: prerendered pages (netlify.toml [[headers]] plus the
 * adapter's per-page CSP), on-demand pages and the not-found page (src/middleware.ts plus
 * Astro's CSP), static assets, and function responses (src/server/responses.ts).
 * Run against the production build (E2E_SERVER=preview) this checks what Netlify will send;
 * under `astro dev` it checks the development server's copy of the same list.
 */
import type { APIResponse } from '@playwright/test';
import { test, expect } from './fixtures';
import { ROUTES } from './routes';

const PREVIEW = process.env.E2E_SERVER === 'preview';

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** The baseline every response carries, whatever produced it. */
function expectBaseline(res: APIResponse, what: string) {
  const h = res.headers();
  const hsts = h['strict-transport-security'] ?? '';
  expect(
    Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0),
    `${what}: HSTS max-age ≥ 2 years`,
  ).toBeGreaterThanOrEqual(63_072_000);
  expect(hsts, `${what}: HSTS includeSubDomains`).toMatch(/includeSubDomains/i);
  expect(h['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(h['referrer-policy'], `${what}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  const permissions = h['permissions-policy'] ?? '';
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()']) {
    expect(permissions, `${what}: Permissions-Policy ${feature}`).toContain(feature);
  }
}

/** A strict CSP for an HTML document or a function response. */
function expectStrictCsp(res: APIResponse, what: string) {
  const csp = res.headers()['content-security-policy'];
  expect(csp, `${what}: Content-Security-Policy`).toBeTruthy();
  const d = directives(csp!);
  // A deploy joins a header set by two rules with ", " (two policies); Netlify's local engine,
  // which this host runs, keeps the later one instead, so only one policy must be set at all.
  expect(csp!.match(/default-src/g), `${what}: one policy`).toHaveLength(1);
  expect(d.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(d.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(["'self'", "'none'"], `${what}: base-uri`).toContain(d.get('base-uri')?.join(' '));
  expect(d.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  const scriptSrc = d.get('script-src') ?? d.get('default-src')!;
  for (const unsafe of [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'unsafe-hashes'",
    '*',
    'data:',
    'http:',
    'https:',
  ]) {
    expect(scriptSrc, `${what}: script-src without ${unsafe}`).not.toContain(unsafe);
  }
  const styleSrc = d.get('style-src') ?? d.get('default-src')!;
  expect(styleSrc, `${what}: style-src without 'unsafe-inline'`).not.toContain("'unsafe-inline'");
}

test.describe('pages', () => {
  test('a prerendered page carries the strict CSP and the security headers', async ({
    request,
  }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    expectBaseline(res, '/');
    expectStrictCsp(res, '/');
    if (PREVIEW) {
      // The build pins every inline script by hash.
      const scriptSrc =
        directives(res.headers()['content-security-policy']!).get('script-src') ?? [];
      expect(
        scriptSrc.some((s) => s.startsWith("'sha256-")),
        'script-src lists hashes',
      ).toBe(true);
    }
  });

  for (const { path } of ROUTES) {
    test(`${path}`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      test.skip(res.status() === 404, `${path} is not built yet`);
      expectBaseline(res, path);
      if (res.status() === 200) expectStrictCsp(res, path);
    });
  }

  test('the not-found page (status 404)', async ({ request }) => {
    const res = await request.get('/no-such-page-for-headers');
    expect(res.status()).toBe(404);
    expectBaseline(res, '404 page');
    expectStrictCsp(res, '404 page');
  });

  test('a static asset', async ({ request, page }) => {
    await page.goto('/');
    const src = await page
      .locator('link[rel="stylesheet"][href^="/"], script[src^="/"]')
      .first()
      .evaluate((el) => el.getAttribute('href') ?? el.getAttribute('src'));
    const res = await request.get(src!);
    expect(res.status()).toBe(200);
    expectBaseline(res, src!);
  });
});

test.describe('functions', () => {
  test('a rejected request to a function carries the security headers', async ({
    request,
    baseURL,
  }) => {
    const res = await request.post('/api/contact-form', {
      data: { formType: 'contact' },
      headers: { Origin: baseURL!, 'X-Forwarded-For': '203.0.113.91' },
    });
    expect(res.status(), 'invalid input is a 4xx').toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    expect(typeof (await res.json()).error).toBe('string');
    expectBaseline(res, 'POST /api/contact-form');
    expectStrictCsp(res, 'POST /api/contact-form');
  });

  test('a wrong method gets 405 with the security headers', async ({ request }) => {
    const res = await request.get('/api/create-checkout-session');
    // On Netlify a method outside config.method does not reach the function (404);
    // the handler answers 405 itself when it is reached.
    expect([404, 405]).toContain(res.status());
    expectBaseline(res, 'GET /api/create-checkout-session');
  });
});
