import { pathToFileURL } from 'node:url';

export type Purchase = { orderNumber: string; status: string };

/** The functions (netlify/functions/<name>.mts) a purchase calls, in order. */
export const PURCHASE_FUNCTIONS = [
  'create-checkout-session',
  'simulated-checkout',
  'checkout-session',
] as const;

/** Buys the Starter package with simulated payments; throws unless the order ends up paid. */
export async function buyWithSimulatedPayment(
  origin: string,
  log: (line: string) => void = console.log,
): Promise<Purchase> {
  const site = new URL(origin).origin;
  const jar = new Map<string, string>();

  async function step(label: string, path: string, init: RequestInit = {}): Promise<Response> {
    const started = performance.now();
    const response = await fetch(new URL(path, site), {
      redirect: 'manual',
      ...init,
      headers: {
        origin: site,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.headers ?? {}),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const ms = Math.round(performance.now() - started);
    log(`${label}\n  ${init.method ?? 'GET'} ${path} → ${response.status} (${ms} ms)`);
    return response;
  }

  const created = await step('1. Checkout from the cart', '/api/create-checkout-session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
      success_url: `${site}/checkout/success`,
      cancel_url: `${site}/products`,
    }),
  });
  const { url, error } = (await created.json()) as { url?: string; error?: string };
  if (!url) throw new Error(`no checkout URL: ${created.status} ${error ?? ''}`);
  log(`  → ${url}`);
  const payPage = new URL(url, site);
  const session = payPage.searchParams.get('session') ?? '';

  const page = await step('2. The simulated payment page', payPage.pathname + payPage.search);
  const heading = /<h1[^>]*>([^<]+)</.exec(await page.text())?.[1]?.trim();
  log(`  shows "${heading ?? '?'}"`);
  if (page.status !== 200) throw new Error(`the payment page answered ${page.status}`);

  const paid = await step('3. Pay', '/api/simulated-checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      action: 'pay',
      session,
      name: 'Dana Ortiz',
      email: 'dana@example.com',
    }),
  });
  const next = paid.headers.get('location') ?? '';
  log(`  → ${next}`);

  const sessionId = new URL(next, site).searchParams.get('session_id') ?? session;
  const lookup = await step(
    '4. The success page looks the order up',
    `/api/checkout-session/${encodeURIComponent(sessionId)}`,
  );
  const body = (await lookup.json()) as { order?: { orderNumber?: string; status?: string } };
  const order = { orderNumber: body.order?.orderNumber ?? '?', status: body.order?.status ?? '?' };
  log(`  order ${order.orderNumber}: ${order.status}`);
  if (lookup.status !== 200 || order.status !== 'paid') {
    throw new Error(
      `the order is not paid: ${lookup.status} ${JSON.stringify(body).slice(0, 200)}`,
    );
  }
  return order;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buyWithSimulatedPayment(process.argv[2] ?? 'http://localhost:8888');
}
