/**
 * The functions with exactly what Netlify gives a function at runtime: the variables scoped to
 * Functions, URL / SITE_ID / SITE_NAME, and the deploy context in `context.deploy.context` and
 * `Netlify.context`. No CONTEXT, no NETLIFY, no SIMULATED_PAYMENTS: a deploy whose Stripe key
 * is missing must never give orders away, and one whose secrets are missing answers 503.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_NOT_CONFIGURED } from '../../src/server/handler.ts';
import type { FunctionModule } from '../../src/testing/requests.ts';

const ORIGIN = 'https://shop.example';
const SECRET = 'a-session-secret-of-at-least-32-bytes!!';
/** Variables Netlify's runtime sets itself; everything else must be scoped to Functions. */
const RUNTIME_ENV = { URL: ORIGIN, SITE_ID: 'site-1', SITE_NAME: 'shop' };
/** What the local runs and the test runner set, removed for these calls. */
const LOCAL_ONLY = ['SIMULATED_PAYMENTS', 'NOVAREACH_LOCAL_RUN', 'CONTEXT', 'NETLIFY', 'SITE_URL'];
const STRIPE_AND_DB = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SESSION_SECRET'];

const FUNCTIONS_DIR = path.resolve('netlify/functions');

async function load(name: string): Promise<FunctionModule> {
  return (await import(
    pathToFileURL(path.join(FUNCTIONS_DIR, `${name}.mts`)).href
  )) as FunctionModule;
}

/** Calls a function as Netlify's runtime does in `deployContext`. */
async function call(
  name: string,
  request: Request,
  deployContext: string,
  params: Record<string, string> = {},
): Promise<Response> {
  const context = {
    deploy: { context: deployContext, id: 'd1', published: deployContext === 'production' },
    ip: '203.0.113.7',
    params,
    site: { id: 'site-1', name: 'shop', url: ORIGIN },
    waitUntil: () => {},
  };
  vi.stubGlobal('Netlify', { env: { get: (k: string) => process.env[k] }, context });
  try {
    const { default: handler } = await load(name);
    return await handler(request, context);
  } finally {
    vi.unstubAllGlobals();
  }
}

function post(pathname: string, body: unknown): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(body),
  });
}

const CART = {
  items: [{ id: 'starter', billingCycle: 'one-time', quantity: 1 }],
  success_url: `${ORIGIN}/checkout/success`,
  cancel_url: `${ORIGIN}/products`,
};

const saved: Record<string, string | undefined> = {};
beforeAll(() => {
  for (const name of [...LOCAL_ONLY, ...STRIPE_AND_DB, ...Object.keys(RUNTIME_ENV)]) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  Object.assign(process.env, RUNTIME_ENV);
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
afterEach(() => {
  for (const name of STRIPE_AND_DB) delete process.env[name];
  delete process.env.SIMULATED_PAYMENTS;
  vi.restoreAllMocks();
});

describe.each(['production', 'deploy-preview', 'branch-deploy'])(
  'a deployed function (%s) with only the runtime environment',
  (deployContext) => {
    it('answers 404 for every /api/test/* and simulated-payment function, with or without secrets', async () => {
      for (const secrets of [{}, { SESSION_SECRET: SECRET }]) {
        Object.assign(process.env, secrets);
        for (const [name, pathname] of [
          ['test-create-mock-order', '/api/test/create-mock-order'],
          ['test-submission', '/api/test/submission'],
          ['simulate-billing', '/api/test/simulate-billing'],
          ['simulated-checkout', '/api/simulated-checkout'],
          ['create-payment-intent', '/api/create-payment-intent'],
        ] as const) {
          const response = await call(
            name,
            post(pathname, { productId: 'starter' }),
            deployContext,
          );
          expect(response.status, `${name} in ${deployContext}`).toBe(404);
          expect(await response.json()).toEqual({ error: 'Not found' });
        }
      }
    });

    /** Starts a checkout, which is refused with 503; what was logged, and the answer. */
    async function refusedCheckout() {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      const response = await call(
        'create-checkout-session',
        post('/api/create-checkout-session', CART),
        deployContext,
      );
      expect(response.status).toBe(503);
      return { log, response };
    }

    it('refuses a checkout with 503 and logs one line naming each missing variable', async () => {
      const { log, response } = await refusedCheckout();
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ error: SERVICE_NOT_CONFIGURED });
      expect(log).toHaveBeenCalledTimes(1);
      const line = String(log.mock.calls[0]?.[0]);
      for (const name of STRIPE_AND_DB) expect(line).toContain(name);
      expect(line).not.toMatch(/\n/);
    });

    it('still refuses with SESSION_SECRET alone: no key never means simulated payments', async () => {
      process.env.SESSION_SECRET = SECRET;
      const { log } = await refusedCheckout();
      expect(String(log.mock.calls[0]?.[0])).toMatch(/STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET/);
    });

    it('keeps every function inside 4xx/503 without its secrets (no 500, no fallback secret)', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const names = (await readdir(FUNCTIONS_DIR))
        .filter((f) => f.endsWith('.mts'))
        .map((f) => f.slice(0, -4));
      for (const name of names) {
        const mod = await load(name);
        const route = [mod.config.path ?? []].flat()[0];
        if (!route) continue; // scheduled: no URL at all
        const pathname = route.replace(/:(\w+)/g, '1');
        const methods = [mod.config.method ?? 'GET'].flat();
        const method = methods.includes('POST') ? 'POST' : methods[0]!;
        const request = new Request(`${ORIGIN}${pathname}`, {
          method,
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
        const response = await call(name, request, deployContext, { id: '1' });
        const status = response.status;
        expect(
          status === 503 || (status >= 400 && status < 500),
          `${method} ${pathname} (${name}): ${status}`,
        ).toBe(true);
        expect(await response.json()).toHaveProperty('error');
      }
    });
  },
);

describe('a demo deploy preview that opts in (SIMULATED_PAYMENTS=1 and SESSION_SECRET set)', () => {
  it('answers /api/test/* again, while production ignores the opt-in', async () => {
    process.env.SIMULATED_PAYMENTS = '1';
    process.env.SESSION_SECRET = SECRET;
    process.env.DATABASE_URL = '';
    const body = { productId: 'starter' };
    const preview = await call(
      'test-create-mock-order',
      post('/api/test/create-mock-order', body),
      'deploy-preview',
    );
    // No database is configured in this probe: the opt-in gets past the 404 to the 503.
    expect(preview.status).toBe(503);
    const production = await call(
      'test-create-mock-order',
      post('/api/test/create-mock-order', body),
      'production',
    );
    expect(production.status).toBe(404);
  });
});
