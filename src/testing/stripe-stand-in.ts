/**
 * A local stand-in for the Stripe API (tests only): a node:http server on 127.0.0.1 that
 * records every request (method, path, headers, form-decoded body) and answers Checkout
 * Session create/retrieve like Stripe does. Point the SDK at it with STRIPE_API_HOST.
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
  close(): Promise<void>;
};

export async function startStripeStandIn(): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, Record<string, unknown>>();
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
        const replay = key ? byIdempotencyKey.get(key) : undefined;
        if (replay) return send(200, replay);
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
        if (key) byIdempotencyKey.set(key, session);
        return send(200, session);
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
    close: () =>
      new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
