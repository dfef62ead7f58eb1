/**
 * A simulated purchase over HTTP against a running host, printed as a transcript: what a buyer's
 * browser sends and gets, from the cart to the paid order. Used to show that `netlify dev` and
 * `netlify serve` (Netlify's own hosts) complete the purchase the way `npm run dev` does.
 *
 *   npx tsx scripts/local-netlify/purchase-transcript.ts http://localhost:8888
 */
const site = new URL(process.argv[2] ?? 'http://localhost:8888').origin;
const jar = new Map<string, string>();

function remember(response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const i = pair!.indexOf('=');
    jar.set(pair!.slice(0, i), pair!.slice(i + 1));
  }
}
const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function step(label: string, path: string, init: RequestInit = {}): Promise<Response> {
  const started = performance.now();
  const response = await fetch(new URL(path, site), {
    redirect: 'manual',
    ...init,
    headers: { origin: site, cookie: cookieHeader(), ...(init.headers ?? {}) },
  });
  remember(response);
  const ms = Math.round(performance.now() - started);
  console.log(`${label}\n  ${init.method ?? 'GET'} ${path} → ${response.status} (${ms} ms)`);
  return response;
}

const cart = {
  items: [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
  success_url: `${site}/checkout/success`,
  cancel_url: `${site}/products`,
};
const created = await step('1. Checkout from the cart', '/api/create-checkout-session', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(cart),
});
const { url } = (await created.json()) as { url: string };
console.log(`  → ${url}`);
const payPage = new URL(url, site);
const session = payPage.searchParams.get('session') ?? '';

const page = await step('2. The simulated payment page', payPage.pathname + payPage.search);
const html = await page.text();
console.log(`  shows "${/<h1[^>]*>([^<]+)</.exec(html)?.[1]?.trim() ?? '?'}"`);

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
console.log(`  → ${next}`);

const sessionId = new URL(next, site).searchParams.get('session_id') ?? session;
const order = await step(
  '4. The success page looks the order up',
  `/api/checkout-session/${encodeURIComponent(sessionId)}`,
);
const body = (await order.json()) as {
  status?: string;
  order?: { orderNumber?: string; status?: string };
};
console.log(
  `  order ${body.order?.orderNumber ?? '?'}: ${body.order?.status ?? body.status ?? JSON.stringify(body).slice(0, 200)}`,
);
if (order.status !== 200 || !body.order) process.exitCode = 1;

export {};
