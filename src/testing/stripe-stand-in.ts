/**
 * A local stand-in for the Stripe API (tests only): a node:http server on 127.0.0.1 that
 * records every request (method, path, headers, form-decoded body) and answers Checkout
 * Sessions, Products, Prices, Billing Portal configurations and webhook endpoints like Stripe
 * does, refusing the parameter combinations Stripe refuses and those this site must never send (no tax, no
 * idempotency key, an inline price instead of the catalogue's Prices). Every object it answers
 * is compared with the one Stripe publishes (stripe-shapes.ts): a field Stripe does not have is
 * a 500 naming it. It deletes customers (an erasure), or refuses to while a test says so.
 * Point the SDK at it with STRIPE_API_HOST.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeCatalogue } from '../features/catalogue/catalogue.server.ts';
import { syncCatalogue } from '../server/payments/catalogue-sync.ts';
import { createStripeClient } from '../server/payments/stripe.ts';
import {
  catalogueRoutes,
  nestedForm,
  stripeError,
  type Answer,
  type CatalogueState,
} from './stripe-stand-in-catalogue.ts';
import { stripeShapeProblems } from './stripe-shapes.ts';
import { webhookRoutes } from './stripe-stand-in-webhooks.ts';

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body as flat bracket keys, e.g. {"line_items[0][quantity]": "1"}. */
  form: Record<string, string>;
};

export type StandIn = CatalogueState & {
  url: string;
  requests: RecordedRequest[];
  /** Sessions created so far, by id, as the stand-in returns them. */
  sessions: Map<string, Record<string, unknown>>;
  /** Answers that differed from Stripe's published objects (each was sent as a 500). */
  shapeProblems: string[];
  /** Customers that exist (tests add them); DELETE /v1/customers/{id} removes one. */
  customers: Set<string>;
  /** Customers whose deletion Stripe refuses (400) while they are listed here. */
  refusedDeletions: Set<string>;
  /** Paid invoices by the payment intent that paid them (GET /v1/invoice_payments). */
  invoicesPaidBy: Map<string, { invoice: string; amount: number }>;
  close(): Promise<void>;
};

type LineItem = { price?: string; quantity?: string; price_data?: unknown };

/**
 * What Stripe would refuse, and what this site must always send (so a regression in the
 * parameters fails the tests instead of passing against a stand-in that accepts anything).
 */
function refusal(
  state: CatalogueState,
  form: Record<string, string>,
  lines: LineItem[],
  idempotencyKey: string,
): Answer | undefined {
  const refuse = (message: string, param?: string) =>
    stripeError(400, message, param ? { param } : {});
  if (!idempotencyKey) return refuse('stand-in: every session is created with an Idempotency-Key');
  if (form.mode !== 'payment' && form.mode !== 'subscription') return refuse('Invalid mode');
  if (form['automatic_tax[enabled]'] !== 'true')
    return refuse('stand-in: automatic_tax must be enabled');
  if (form.mode === 'subscription' && form.customer_creation)
    return refuse('`customer_creation` can only be used in `payment` mode.');
  if (form.mode === 'subscription' && form['invoice_creation[enabled]'])
    return refuse('`invoice_creation` can only be used in `payment` mode.');
  if (form.customer && form.customer_creation)
    return refuse('You may only specify one of these parameters: customer, customer_creation.');
  if (form.customer && form['customer_update[address]'] !== 'auto')
    return refuse(
      "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.",
    );
  let recurring = 0;
  for (const [i, line] of lines.entries()) {
    const param = `line_items[${i}][price]`;
    if (line.price_data)
      return refuse(
        `stand-in: line_items[${i}] sends price_data; checkout charges the catalogue's Prices (npm run stripe:setup)`,
      );
    const price = state.prices.get(line.price ?? '');
    if (!price)
      return stripeError(400, `No such price: '${line.price}'`, {
        code: 'resource_missing',
        param,
      });
    if (!price.active)
      return refuse(
        'The price specified is inactive. This field only accepts active prices.',
        param,
      );
    if (price.tax_behavior !== 'exclusive')
      return refuse(`stand-in: line_items[${i}] needs a Price with tax_behavior=exclusive`, param);
    const product = state.products.get(String(price.product));
    if (!/^txcd_\d{8}$/.test(String(product?.tax_code ?? '')))
      return refuse(`stand-in: line_items[${i}] needs a product tax code`, param);
    if (price.type === 'recurring') recurring++;
  }
  if (form.mode === 'payment' && recurring)
    return refuse(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
    );
  if (form.mode === 'subscription' && !recurring)
    return refuse(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
    );
  return undefined;
}

export async function startStripeStandIn(options: { catalogue?: boolean } = {}): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const shapeProblems: string[] = [];
  const customers = new Set<string>();
  const refusedDeletions = new Set<string>();
  const invoicesPaidBy: StandIn['invoicesPaidBy'] = new Map();

  function invoicePaymentRoutes(req: {
    method: string;
    path: string;
    form: Record<string, string>;
  }): Answer | undefined {
    if (req.method !== 'GET' || req.path !== '/v1/invoice_payments') return undefined;
    const intent = req.form['payment[payment_intent]'];
    if (!intent || req.form['payment[type]'] !== 'payment_intent')
      return stripeError(400, 'Missing required param: payment[type].', { param: 'payment[type]' });
    const paid = invoicesPaidBy.get(intent);
    const wanted = !req.form.status || req.form.status === 'paid';
    const data =
      paid && wanted
        ? [
            {
              id: `inpay_${intent}`,
              object: 'invoice_payment',
              amount_paid: paid.amount,
              amount_requested: paid.amount,
              created: 1_790_000_000,
              currency: 'usd',
              invoice: paid.invoice,
              is_default: true,
              livemode: false,
              payment: { type: 'payment_intent', payment_intent: intent },
              status: 'paid',
              status_transitions: { canceled_at: null, paid_at: 1_790_000_000 },
            },
          ]
        : [];
    return {
      status: 200,
      body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' },
    };
  }

  function customerRoutes(req: { method: string; path: string }): Answer | undefined {
    const customer = /^\/v1\/customers\/([^/]+)$/.exec(req.path);
    if (req.method !== 'DELETE' || !customer) return undefined;
    const id = decodeURIComponent(customer[1] ?? '');
    if (refusedDeletions.has(id)) return stripeError(400, 'stand-in: deletion refused');
    if (customers.delete(id))
      return { status: 200, body: { id, object: 'customer', deleted: true } };
    return stripeError(404, `No such customer: '${id}'`, { code: 'resource_missing' });
  }
  const byIdempotencyKey = new Map<string, { form: string; session: Record<string, unknown> }>();
  let counter = 0;
  const state: CatalogueState = {
    products: new Map(),
    prices: new Map(),
    portalConfigurations: new Map(),
    webhookEndpoints: new Map(),
    nextId: (prefix) => `${prefix}_test_${String(++counter).padStart(6, '0')}`,
  };

  function checkoutRoutes(
    req: { method: string; path: string; form: Record<string, string>; body: string },
    params: Record<string, unknown>,
    idempotencyKey: string,
  ): Answer | undefined {
    const { method, path, form, body } = req;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lines = (params.line_items as LineItem[] | undefined) ?? [];
      const refused = refusal(state, form, lines, idempotencyKey);
      if (refused) return refused;
      const replay = byIdempotencyKey.get(idempotencyKey);
      if (replay) {
        // Stripe refuses a key reused with other parameters instead of replaying it.
        if (replay.form !== body)
          return stripeError(
            400,
            'Keys for idempotent requests can only be used with the same parameters',
            { type: 'idempotency_error' },
          );
        return { status: 200, body: replay.session };
      }
      const id = state.nextId('cs');
      const amount = lines.reduce(
        (sum, l) => sum + Number(l.quantity) * Number(state.prices.get(l.price!)!.unit_amount),
        0,
      );
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: 'usd',
        customer: null,
        customer_details: null,
        customer_email: null,
        payment_intent: null,
        subscription: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      };
      sessions.set(id, session);
      byIdempotencyKey.set(idempotencyKey, { form: body, session });
      return { status: 200, body: session };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (session) return { status: 200, body: session };
      return stripeError(404, 'No such checkout.session', { code: 'resource_missing' });
    }
    return undefined;
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const form: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(method === 'GET' ? url.search : body)) form[k] = v;
      requests.push({ method, path: url.pathname, headers: req.headers, form });
      const params = nestedForm(form);
      const key = String(req.headers['idempotency-key'] ?? '');
      const request = { method, path: url.pathname, form, params, body };
      let answer =
        checkoutRoutes(request, params, key) ??
        customerRoutes(request) ??
        invoicePaymentRoutes(request) ??
        catalogueRoutes(state, request) ??
        webhookRoutes(state, request) ??
        stripeError(404, `Unrecognized request URL (${method}: ${url.pathname})`);
      if (answer.status === 200) {
        const expand = Array.isArray(params.expand) ? params.expand.map(String) : [];
        expand.push(...(answer.sends ?? []));
        const problems = stripeShapeProblems(answer.body, { expand });
        if (problems.length) {
          shapeProblems.push(...problems);
          answer = stripeError(500, `stand-in answer unlike Stripe's: ${problems.join('; ')}`, {
            type: 'api_error',
          });
        }
      }
      res.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'Request-Id': `req_${++counter}`,
        // The SDK would retry a 500; an answer unlike Stripe's stays so.
        ...(answer.status === 500 ? { 'Stripe-Should-Retry': 'false' } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: StandIn = {
    ...state,
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    shapeProblems,
    customers,
    refusedDeletions,
    invoicesPaidBy,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
  if (options.catalogue) {
    // What `npm run stripe:setup` leaves in the account; its requests are not the test's.
    const stripe = await createStripeClient({
      stripeSecretKey: 'sk_test_standin',
      stripeApiHost: standIn.url,
    });
    await syncCatalogue(stripe, stripeCatalogue());
    requests.length = 0;
  }
  return standIn;
}
