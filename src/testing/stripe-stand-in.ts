/**
 * A local stand-in for the Stripe API (tests only): a node:http server on 127.0.0.1 that
 * records every request (method, path, headers, form-decoded body) and answers Checkout
 * Session create/retrieve like Stripe does, refusing the parameter combinations Stripe refuses
 * and those this site must never send (no tax, no idempotency key), and deletes customers (an
 * erasure), or refuses to while a test says so. Point the SDK at it with STRIPE_API_HOST.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body as flat bracket keys, e.g. {"line_items[0][quantity]": "1"}. */
  form: Record<string, string>;
};

export type StandIn = {
  url: string;
  requests: RecordedRequest[];
  /** Sessions created so far, by id, as the stand-in returns them. */
  sessions: Map<string, Record<string, unknown>>;
  /** Billing Portal configurations, by id: the form they were last created or updated with. */
  portalConfigurations: Map<string, Record<string, string>>;
  /** Customers that exist (tests add them); DELETE /v1/customers/{id} removes one. */
  customers: Set<string>;
  /** Customers whose deletion Stripe refuses (400) while they are listed here. */
  refusedDeletions: Set<string>;
  close(): Promise<void>;
};

/**
 * What Stripe would refuse, and what this site must always send (so a regression in the
 * parameters fails the tests instead of passing against a stand-in that accepts anything).
 */
function refusal(form: Record<string, string>, idempotencyKey: string): string | undefined {
  if (!idempotencyKey) return 'stand-in: every session is created with an Idempotency-Key';
  if (form.mode !== 'payment' && form.mode !== 'subscription') return 'Invalid mode';
  if (form['automatic_tax[enabled]'] !== 'true') return 'stand-in: automatic_tax must be enabled';
  if (form.mode === 'subscription' && form.customer_creation)
    return '`customer_creation` can only be used in `payment` mode.';
  if (form.mode === 'subscription' && form['invoice_creation[enabled]'])
    return '`invoice_creation` can only be used in `payment` mode.';
  if (form.customer && form.customer_creation)
    return 'You may only specify one of these parameters: customer, customer_creation.';
  if (form.customer && form['customer_update[address]'] !== 'auto')
    return "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.";
  for (let i = 0; form[`line_items[${i}][quantity]`]; i++) {
    if (form[`line_items[${i}][price_data][tax_behavior]`] !== 'exclusive')
      return `stand-in: line_items[${i}] needs tax_behavior=exclusive`;
    if (!/^txcd_\d{8}$/.test(form[`line_items[${i}][price_data][product_data][tax_code]`] ?? ''))
      return `stand-in: line_items[${i}] needs a product tax code`;
  }
  return undefined;
}

export async function startStripeStandIn(): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const portalConfigurations = new Map<string, Record<string, string>>();
  const customers = new Set<string>();
  const refusedDeletions = new Set<string>();
  const byIdempotencyKey = new Map<string, { form: string; session: Record<string, unknown> }>();
  let counter = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
      const form: Record<string, string> = {};
      for (const [k, v] of params) form[k] = v;
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        form,
      });

      const send = (status: number, payload: unknown) => {
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': `req_${++counter}`,
        });
        res.end(JSON.stringify(payload));
      };

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const refused = refusal(form, key);
        if (refused) {
          return send(400, { error: { type: 'invalid_request_error', message: refused } });
        }
        const replay = key ? byIdempotencyKey.get(key) : undefined;
        if (replay) {
          // Stripe refuses a key reused with other parameters instead of replaying it.
          if (replay.form !== body) {
            return send(400, {
              error: {
                type: 'idempotency_error',
                message: 'Keys for idempotent requests can only be used with the same parameters',
              },
            });
          }
          return send(200, replay.session);
        }
        const id = `cs_test_${String(++counter).padStart(6, '0')}`;
        let amount = 0;
        for (let i = 0; form[`line_items[${i}][quantity]`]; i++) {
          amount +=
            Number(form[`line_items[${i}][quantity]`]) *
            Number(form[`line_items[${i}][price_data][unit_amount]`]);
        }
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
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([k]) => k.startsWith('metadata['))
              .map(([k, v]) => [k.slice(9, -1), v]),
          ),
        };
        sessions.set(id, session);
        if (key) byIdempotencyKey.set(key, { form: body, session });
        return send(200, session);
      }
      if (url.pathname.startsWith('/v1/billing_portal/configurations')) {
        const configuration = (id: string, f: Record<string, string>) => ({
          id,
          object: 'billing_portal.configuration',
          metadata: Object.fromEntries(
            Object.entries(f)
              .filter(([k]) => k.startsWith('metadata['))
              .map(([k, v]) => [k.slice(9, -1), v]),
          ),
        });
        if (req.method === 'GET' && url.pathname === '/v1/billing_portal/configurations') {
          const data = [...portalConfigurations].map(([id, f]) => configuration(id, f));
          return send(200, { object: 'list', data, has_more: false });
        }
        if (req.method === 'POST' && url.pathname === '/v1/billing_portal/configurations') {
          const id = `bpc_test_${String(++counter).padStart(6, '0')}`;
          portalConfigurations.set(id, form);
          return send(200, configuration(id, form));
        }
        const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
        if (req.method === 'POST' && portalConfigurations.has(id)) {
          portalConfigurations.set(id, form);
          return send(200, configuration(id, form));
        }
      }
      const customer = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && customer) {
        const id = decodeURIComponent(customer[1] ?? '');
        if (refusedDeletions.has(id)) {
          return send(400, {
            error: { type: 'invalid_request_error', message: 'stand-in: deletion refused' },
          });
        }
        if (customers.delete(id)) return send(200, { id, object: 'customer', deleted: true });
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such customer: '${id}'`,
          },
        });
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1] ?? ''));
        if (session) return send(200, session);
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such checkout.session',
          },
        });
      }
      send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
        },
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    portalConfigurations,
    customers,
    refusedDeletions,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
