/**
 * The deterministic examples every run sends first: a well-formed request per method, then each
 * poison in each field, each junk Origin, wrong methods, malformed params and queries,
 * oversized and nested bodies, signed Stripe events with null or junk objects.
 */
import { TINY_PNG as PNG } from '../../../src/testing/images.ts';
import { HANDLED_EVENTS } from '../../../src/server/payments/webhook-events.ts';
import { ALL_METHODS, type Endpoint } from './discovery.ts';
import { fixtures } from './fixtures.ts';
import {
  AUTO,
  ORIGIN,
  isBodyless,
  json,
  paramNames,
  type Case,
  type Routes,
  type Shape,
} from './cases.ts';
import { ODD_METHODS, POISONS } from './nasty-values.ts';
import { INVALID_UTF8, getAt, leafPaths, poisonInto, setAt } from './bodies.ts';

/** A well-formed request (valid session, same origin, first allowed method) to derive examples from. */
function baseCase(
  ep: Endpoint,
  routes: Routes,
  method = ep.methods.find((m) => !isBodyless(m)) ?? ep.methods[0]!,
): Case {
  const fx = fixtures();
  const params = Object.fromEntries(
    paramNames(ep.pattern).map((n) => [n, routes.validParam(ep.pattern, n, fx)]),
  );
  const shape = routes.shapesFor(ep.pattern, fx)[0]!;
  const kind = routes.bodyKind(ep.pattern);
  return {
    method,
    params,
    query: routes.baseQuery(ep.pattern, fx),
    session: 'client+admin',
    junkCookie: '',
    origin: ORIGIN,
    csrf: true,
    secFetchSite: null,
    ip: '10.1.2.3',
    contentType: AUTO,
    contentLength: null,
    body: isBodyless(method)
      ? { kind: 'none' }
      : kind === 'form'
        ? { kind: 'form', fields: Object.entries(shape).map(([k, v]) => [k, String(v)]) }
        : kind === 'upload'
          ? { kind: 'bytes', bytes: [...PNG] }
          : json(shape),
  };
}

/** Deterministic cases every run sends first: each poison in each field, each junk Origin, ... */
export function examplesFor(ep: Endpoint, routes: Routes): Case[] {
  const fx = fixtures();
  const out: Case[] = [];
  const shapes = routes.shapesFor(ep.pattern, fx);
  const withBody = ep.methods.filter((m) => !isBodyless(m));
  const base = baseCase(ep, routes);
  for (const method of ep.methods) out.push(baseCase(ep, routes, method));
  // NUL and lone surrogates in every field of every valid shape (and numbers out of range).
  for (const method of withBody) {
    for (const shape of shapes) {
      const asForm = routes.bodyKind(ep.pattern) === 'form';
      for (const p of leafPaths(shape)) {
        for (const poison of POISONS) {
          const value = setAt(shape, p, poisonInto(getAt(shape, p), poison)) as Shape;
          out.push({
            ...baseCase(ep, routes, method),
            body: asForm
              ? { kind: 'form', fields: Object.entries(value).map(([k, v]) => [k, String(v)]) }
              : json(value),
          });
        }
        if (typeof getAt(shape, p) === 'number') {
          for (const n of [99_999_999_999, 2 ** 31, 2 ** 53 + 2, -1, 0, 1.5, 1e308])
            out.push({ ...baseCase(ep, routes, method), body: json(setAt(shape, p, n)) });
          out.push({ ...baseCase(ep, routes, method), body: json(setAt(shape, p, '99999999999')) });
        }
      }
      if (asForm) out.push({ ...baseCase(ep, routes, method), body: json(shape) });
    }
  }
  // Origin: null and unparsable on state-changing methods.
  for (const method of ep.methods.filter((m) => !isBodyless(m))) {
    for (const origin of [
      'null',
      'http://',
      '::::',
      '',
      'http://localhost:99999',
      'http://[::1',
      'javascript:alert(1)',
    ])
      out.push({ ...baseCase(ep, routes, method), origin });
  }
  // Wrong methods.
  for (const method of [...ALL_METHODS, ...ODD_METHODS].filter((m) => !ep.methods.includes(m)))
    out.push({ ...base, method, body: isBodyless(method) ? { kind: 'none' } : base.body });
  // Path params: malformed escapes, traversal, out-of-range numbers, empty.
  for (const name of paramNames(ep.pattern)) {
    for (const value of [
      '%E0%A4%A',
      '%',
      '%ZZ',
      '..%2F',
      '..%2F..%2F',
      '%00',
      '99999999999',
      '2147483648',
      '-1',
      '0',
      '',
      'x'.repeat(300),
    ])
      for (const method of ep.methods)
        out.push({ ...baseCase(ep, routes, method), params: { ...base.params, [name]: value } });
  }
  // Oversized bodies streamed without Content-Length, and lying Content-Length headers.
  for (const method of withBody) {
    out.push({ ...baseCase(ep, routes, method), body: { kind: 'stream', size: 1024 * 1024 } });
    out.push({ ...baseCase(ep, routes, method), body: { kind: 'stream', size: 3 * 1024 * 1024 } });
    out.push({
      ...baseCase(ep, routes, method),
      body: { kind: 'stream', size: 70 * 1024 },
      contentLength: '10',
    });
    out.push({ ...baseCase(ep, routes, method), contentLength: 'abc' });
    for (const text of ['{"a":', '[]', 'null', '"x"', '1e309', '{"a":"\\ud800"}', '{"\\u0000":1}'])
      out.push({ ...baseCase(ep, routes, method), body: { kind: 'text', text } });
    // Deep nesting that fits the 4 KB, 32 KB and 64 KB body limits of the different endpoints.
    for (const depth of [2_000, 10_000, 30_000])
      out.push({
        ...baseCase(ep, routes, method),
        body: { kind: 'nested', shape: 'array', depth },
      });
    for (const depth of [600, 5_000, 10_000])
      out.push({
        ...baseCase(ep, routes, method),
        body: { kind: 'nested', shape: 'object', depth },
      });
    out.push({ ...baseCase(ep, routes, method), body: { kind: 'bytes', bytes: INVALID_UTF8[3]! } });
  }
  // Query strings with NUL and malformed escapes.
  for (const method of ep.methods)
    for (const query of [
      'q=%00',
      'q=a%00b&status=paid%00',
      'q=%E0%A4%A',
      'page=99999999999&pageSize=1e308',
      'from=9999-12-31&to=0001-01-01',
      'orderId=99999999999',
      'token=%00',
    ])
      out.push({ ...baseCase(ep, routes, method), query });
  // A signed Stripe event whose data.object is null (and other signed junk).
  if (routes.bodyKind(ep.pattern) === 'stripe-event') {
    for (const type of [...HANDLED_EVENTS, 'customer.created']) {
      out.push({
        ...base,
        body: {
          kind: 'webhook',
          signature: 'valid',
          event: { id: `evt_null_${type}`, object: 'event', type, data: { object: null } },
        },
      });
      out.push({
        ...base,
        body: {
          kind: 'webhook',
          signature: 'valid',
          event: { id: `evt_nodata_${type}`, object: 'event', type, data: null },
        },
      });
      out.push({
        ...base,
        body: {
          kind: 'webhook',
          signature: 'valid',
          event: { id: `evt_str_${type}`, object: 'event', type, data: { object: 'x' } },
        },
      });
    }
    for (const event of [null, [], 'x', 1, {}, { id: null, type: 'customer.created', data: {} }])
      out.push({ ...base, body: { kind: 'webhook', signature: 'valid', event } });
    const [s] = fx.stripeSessions;
    const session = {
      id: s!.id,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      amount_total: s!.amount,
      currency: 'usd',
      customer_details: { email: 'grace@example.com', name: 'Grace' },
      payment_intent: 'pi_fuzz',
    };
    for (const [field, value] of [
      ['customer_details', null],
      ['customer_details', { email: 'a\u0000@example.com', name: 'G' }],
      ['customer_details', { email: 'grace@example.com', name: '\ud800' }],
      ['amount_total', 1e308],
      ['amount_total', 99_999_999_999],
      ['payment_intent', 'pi_\u0000'],
      ['payment_intent', { id: null }],
    ] as const)
      out.push({
        ...base,
        body: {
          kind: 'webhook',
          signature: 'valid',
          event: {
            id: `evt_${field}_${String(value).length}`,
            object: 'event',
            type: HANDLED_EVENTS[0],
            data: { object: { ...session, [field]: value } },
          },
        },
      });
  }
  return out;
}
