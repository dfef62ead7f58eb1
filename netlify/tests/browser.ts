/** An attacker's or a visitor's browser against the real functions: a cookie jar and a purchase. */
import { expect } from 'vitest';
import { getRequest } from '../../src/testing/onboarding-fixtures.ts';
import type { FunctionHandler } from '../../src/testing/requests.ts';
import createCheckoutSession from '../functions/create-checkout-session.mts';
import simulatedCheckout from '../functions/simulated-checkout.mts';

export const ORIGIN = 'http://localhost:4321';

/** A browser: a cookie jar that every request carries and every answer updates. */
let browsers = 0;

export class Browser {
  private jar = new Map<string, string>();
  /** Each browser is its own visitor, as the per-address limits see it. */
  private readonly ip = `10.9.${++browsers >> 8}.${browsers & 255}`;
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** A browser holding a whole-account session of `clientId`. */
  static signedInAs(clientId: number): Browser {
    const browser = new Browser();
    const cookie = getRequest('/api/dashboard', clientId).headers.get('cookie')!;
    browser.keep(new Response(null, { headers: { 'set-cookie': cookie } }));
    return browser;
  }
  keep(res: Response): Response {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/Max-Age=0/.test(header) || !value) this.jar.delete(name!);
      else this.jar.set(name!, value);
    }
    return res;
  }
  async call(
    fn: FunctionHandler,
    path: string,
    init: {
      method?: string;
      body?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      origin: ORIGIN,
      cookie: this.cookie,
      ...init.headers,
    };
    let body: BodyInit | null = null;
    if (init.form) body = new URLSearchParams(init.form);
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    const method = init.method ?? (body ? 'POST' : 'GET');
    return this.keep(
      await fn(new Request(`${ORIGIN}${path}`, { method, headers, body }), { ip: this.ip }),
    );
  }
}

/** Starts a checkout in `browser` and pays it on the simulated payment page with `email`. */
export async function buyWith(browser: Browser, email: string, name = 'Mallory Attacker') {
  const started = await browser.call(createCheckoutSession, '/api/create-checkout-session', {
    body: {
      items: [{ id: 'lily-ai', billingCycle: 'monthly', quantity: 1 }],
      success_url: `${ORIGIN}/checkout/success`,
      cancel_url: `${ORIGIN}/checkout`,
    },
  });
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const sessionId = new URL(url).searchParams.get('session')!;
  const paid = await browser.call(simulatedCheckout, '/api/simulated-checkout', {
    form: { session: sessionId, action: 'pay', name, email },
  });
  expect(paid.status).toBe(303);
  return sessionId;
}

/** A checkout of `items` started with no cookie: its session id and the attempt cookie it set. */
export async function startCheckout(
  items: { id: string; billingCycle: string; quantity: number }[],
) {
  const res = await createCheckoutSession(
    new Request(`${ORIGIN}/api/create-checkout-session`, {
      method: 'POST',
      body: JSON.stringify({
        items,
        success_url: `${ORIGIN}/checkout/success`,
        cancel_url: `${ORIGIN}/checkout`,
      }),
      headers: { 'content-type': 'application/json', origin: ORIGIN },
    }),
    {},
  );
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const attempt = res.headers.get('set-cookie')?.split(';')[0] ?? '';
  return { id: new URL(url).searchParams.get('session')!, attempt };
}
