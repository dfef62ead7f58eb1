/**
 * Arbitraries for hostile request bodies: valid shapes with one mutation, random and malformed
 * JSON, invalid UTF-8, deep nesting, oversized streams, forms, multipart and signed Stripe
 * events.
 */
import fc from 'fast-check';
import { TINY_PNG as PNG } from '../../../src/testing/images.ts';
import { HANDLED_EVENTS } from '../../../src/server/payments/webhook-events.ts';
import { json, type BodyKind, type BodySpec, type Shape } from './cases.ts';
import { fixtures } from './fixtures.ts';
import {
  NASTY_NUMBERS,
  POISONS,
  codeUnit,
  nastyKey,
  nastyString,
  nastyValue,
} from './nasty-values.ts';

/* --- bodies ---------------------------------------------------------------------------------- */

type Path = (string | number)[];
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value))
    return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      [...prefix, k],
      ...pathsOf(v, [...prefix, k]),
    ]);
  return [];
}
export const leafPaths = (value: unknown) =>
  pathsOf(value).filter((p) => {
    const v = getAt(value, p);
    return v === null || typeof v !== 'object';
  });
export function getAt(value: unknown, p: Path): unknown {
  return p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);
}
export function setAt(value: unknown, p: Path, next: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  if (p.length === 0) return next;
  const parent = getAt(copy, p.slice(0, -1)) as Record<string | number, unknown>;
  parent[p.at(-1)!] = next;
  return copy;
}
function deleteAt(value: unknown, p: Path): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = getAt(copy, p.slice(0, -1)) as Record<string | number, unknown>;
  if (Array.isArray(parent)) parent.splice(Number(p.at(-1)), 1);
  else delete parent[p.at(-1)!];
  return copy;
}
function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  return value;
}
export const poisonInto = (current: unknown, poison: string) =>
  typeof current === 'string' ? `${current.slice(0, 3)}${poison}${current.slice(3)}` : poison;

const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '1E400',
  '123456789012345678901234567890',
  '-0',
  '0.0000000000000000000001',
  '99999999999',
  '2147483648',
  '9007199254740993',
];

/** A valid shape with one mutation, as a JSON body (or raw text when the number is not JS-representable). */
function mutatedBodyArb(shapes: Shape[]): fc.Arbitrary<BodySpec> {
  return fc.nat(shapes.length - 1).chain((i) => {
    const shape = shapes[i]!;
    const all = pathsOf(shape);
    const leaves = leafPaths(shape);
    const ops: fc.Arbitrary<BodySpec>[] = [
      fc.tuple(nastyKey, nastyValue).map(([k, v]) => json({ ...shape, [k]: v })),
      fc.constantFrom(...POISONS).map((p) => json(mapStrings(shape, (s) => poisonInto(s, p)))),
    ];
    if (all.length) {
      const pathArb = fc.constantFrom(...all);
      ops.push(
        fc.tuple(pathArb, nastyValue).map(([p, v]) => json(setAt(shape, p, v))),
        fc.tuple(pathArb, nastyValue).map(([p, v]) => json(setAt(shape, p, v))),
        pathArb.map((p) => json(deleteAt(shape, p))),
        fc.tuple(pathArb, fc.constantFrom(...RAW_NUMBERS)).map(([p, raw]) => ({
          kind: 'text' as const,
          text: JSON.stringify(setAt(shape, p, '__RAW__')).replace('"__RAW__"', raw),
        })),
      );
    }
    if (leaves.length) {
      ops.push(
        fc
          .tuple(
            fc.constantFrom(...leaves),
            fc.constantFrom(...POISONS, '\u0000', '\ud800x', 'x\udfff'),
          )
          .map(([p, poison]) => json(setAt(shape, p, poisonInto(getAt(shape, p), poison)))),
      );
    }
    return fc.oneof(...ops);
  });
}

const MALFORMED = [
  '{',
  '[',
  '"',
  '{"a":',
  '{"a":1,}',
  '[1,]',
  "{'a':1}",
  'nul',
  'tru',
  'undefined',
  'NaN',
  'Infinity',
  '-',
  '1e309',
  '-1e309',
  '1'.repeat(400),
  '0x10',
  '01',
  '.5',
  '+1',
  '\ufeff{}',
  '{}garbage',
  '{}{}',
  '\u0000',
  ' ',
  '\n\t',
  '"\\ud800"',
  '"\\udfff"',
  '"\\u0000"',
  '{"a":"\\ud800"}',
  '{"\\u0000":1}',
  '{"a":"\\x00"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  'null',
  'true',
  '0',
  '-1',
  '[]',
  '""',
  '[{}]',
  '{"a":1,"a":2}',
  '{"items":null}',
  '{"orderId":1e309,"data":{}}',
  '{"orderId":"1","data":[]}',
  'a=%',
  'session=%E0%A4%A&action=pay',
  '=&=&',
  '%%%',
  'action=pay&session=%00',
];
const MULTIPART = [
  '--fuzz\r\nContent-Disposition: form-data; name="session"\r\n\r\nx\r\n--fuzz--\r\n',
  '--fuzz\r\nContent-Disposition: form-data; name="session"\r\n\r\nx',
  '--fuzz\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0001\r\n--fuzz--',
  '--other\r\n\r\n--other--',
  '',
  'garbage',
];
export const INVALID_UTF8 = [
  [0xff],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d],
  [0xef, 0xbb, 0xbf, 0x7b, 0x7d],
  [0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d],
  [0x7b, 0x7d, 0x00],
  [0x80, 0x80, 0x80],
];

export function bodyArb(kind: BodyKind, shapes: Shape[]): fc.Arbitrary<BodySpec> {
  const text = JSON.stringify(shapes[0]);
  const branches: { arbitrary: fc.Arbitrary<BodySpec>; weight: number }[] = [
    { arbitrary: fc.constant({ kind: 'none' }), weight: 2 },
    { arbitrary: fc.constantFrom(...shapes).map(json), weight: 2 },
    { arbitrary: mutatedBodyArb(shapes), weight: 12 },
    {
      arbitrary: fc
        .oneof(
          fc.jsonValue({ maxDepth: 4 }),
          nastyValue,
          fc.array(fc.constantFrom(...shapes), { maxLength: 3 }),
        )
        .map(json),
      weight: 3,
    },
    {
      arbitrary: fc
        .oneof(
          fc.constantFrom(...MALFORMED),
          fc.nat({ max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n)),
          fc.string({ unit: codeUnit, maxLength: 80 }),
        )
        .map((t) => ({ kind: 'text' as const, text: t })),
      weight: 3,
    },
    {
      arbitrary: fc
        .oneof(
          fc.constantFrom(...INVALID_UTF8),
          fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }),
        )
        .map((bytes) => ({ kind: 'bytes' as const, bytes })),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('nested' as const),
        shape: fc.constantFrom('array' as const, 'object' as const),
        depth: fc.constantFrom(64, 600, 2_000, 5_000, 10_000, 30_000),
      }),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom(70 * 1024, 1024 * 1024, 3 * 1024 * 1024)
        .map((size) => ({ kind: 'stream' as const, size })),
      weight: 1,
    },
    {
      arbitrary: fc
        .oneof(
          fc
            .constantFrom(...shapes)
            .map((s) =>
              Object.entries(s).map(
                ([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string],
              ),
            ),
          fc.array(
            fc.tuple(
              fc.oneof(nastyString, fc.constantFrom('session', 'action', 'name', 'email')),
              nastyString,
            ),
            { maxLength: 5 },
          ),
        )
        .map((fields) => ({ kind: 'form' as const, fields })),
      weight: kind === 'form' ? 12 : 1,
    },
    {
      arbitrary: fc
        .constantFrom(...MULTIPART)
        .map((t) => ({ kind: 'multipart' as const, boundary: 'fuzz', text: t })),
      weight: 1,
    },
  ];
  if (kind === 'form') {
    // The form again, one field at a time replaced by junk.
    branches.push({
      arbitrary: fc.tuple(fc.constantFrom(...shapes), fc.nat(), nastyString).map(([s, i, junk]) => {
        const fields = Object.entries(s).map(([k, v]) => [k, String(v)] as [string, string]);
        fields[i % fields.length]![1] = junk;
        return { kind: 'form' as const, fields };
      }),
      weight: 8,
    });
  }
  if (kind === 'upload') {
    // Real and fake image bytes.
    branches.push({
      arbitrary: fc
        .oneof(
          fc.constant([...PNG]),
          fc.constant([0xff, 0xd8, 0xff, 0xe0]),
          fc.constant([...new TextEncoder().encode('<svg onload="alert(1)"/>')]),
          fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }),
        )
        .map((bytes) => ({ kind: 'bytes' as const, bytes: [...bytes] })),
      weight: 8,
    });
  }
  if (kind === 'stripe-event') branches.push({ arbitrary: webhookBodyArb(), weight: 20 });
  return fc.oneof(...branches);
}

function webhookBodyArb(): fc.Arbitrary<BodySpec> {
  const fx = fixtures();
  const sessionObject = fc.record(
    {
      id: fc.oneof(
        { arbitrary: fc.constantFrom(...fx.stripeSessions.map((s) => s.id)), weight: 4 },
        { arbitrary: fc.stringMatching(/^cs_test_[a-z0-9]{4,12}$/), weight: 1 },
        { arbitrary: nastyValue, weight: 2 },
      ),
      object: fc.constant('checkout.session'),
      status: fc.oneof(fc.constantFrom('complete', 'open', 'expired'), nastyValue),
      payment_status: fc.oneof(
        fc.constantFrom('paid', 'unpaid', 'no_payment_required'),
        nastyValue,
      ),
      mode: fc.oneof(fc.constantFrom('payment', 'subscription'), nastyValue),
      amount_total: fc.oneof(
        fc.constantFrom(100_000, 0),
        fc.constantFrom(...NASTY_NUMBERS),
        nastyValue,
      ),
      currency: fc.oneof(fc.constant('usd'), nastyValue),
      customer: fc.oneof(
        fc.constantFrom('cus_test_1', null),
        fc.record({ id: nastyValue }),
        nastyValue,
      ),
      customer_email: fc.oneof(fc.constantFrom(null, 'grace@example.com'), nastyString),
      customer_details: fc.oneof(
        fc.constant(null),
        fc.record({
          email: fc.oneof(fc.constantFrom('grace@example.com', null), nastyValue),
          name: fc.oneof(fc.constantFrom('Grace Hopper', null), nastyValue),
        }),
        nastyValue,
      ),
      payment_intent: fc.oneof(
        fc.stringMatching(/^pi_[a-z0-9]{4,10}$/),
        fc.constant(null),
        fc.record({ id: nastyValue }),
        nastyValue,
      ),
      subscription: fc.oneof(fc.constant(null), fc.record({ id: nastyValue }), nastyValue),
      metadata: fc.oneof(fc.constantFrom({}, null), nastyValue),
    },
    { requiredKeys: ['id'] },
  );
  const data = fc.oneof(
    {
      arbitrary: fc.record({
        object: fc.oneof(
          { arbitrary: sessionObject, weight: 6 },
          { arbitrary: fc.constant(null), weight: 1 },
          { arbitrary: nastyValue, weight: 1 },
        ),
      }),
      weight: 8,
    },
    { arbitrary: fc.constantFrom<unknown>(null, {}, []), weight: 1 },
    { arbitrary: nastyValue, weight: 1 },
  );
  const event = fc.record(
    {
      id: fc.oneof(
        { arbitrary: fc.stringMatching(/^evt_[A-Za-z0-9]{6,20}$/), weight: 8 },
        { arbitrary: nastyValue, weight: 2 },
      ),
      object: fc.constant('event'),
      api_version: fc.constant('2026-10-28.endive'),
      created: fc.oneof(fc.constant(Math.floor(Date.now() / 1000)), nastyValue),
      type: fc.oneof(
        {
          arbitrary: fc.constantFrom(
            ...HANDLED_EVENTS,
            'customer.created',
            'payment_intent.succeeded',
          ),
          weight: 8,
        },
        { arbitrary: nastyValue, weight: 1 },
      ),
      data,
    },
    { requiredKeys: ['object', 'type', 'data'] },
  );
  return fc.record({
    kind: fc.constant('webhook' as const),
    event: fc.oneof(
      { arbitrary: event as fc.Arbitrary<unknown>, weight: 12 },
      { arbitrary: nastyValue, weight: 1 },
    ),
    signature: fc.oneof(
      { arbitrary: fc.constant<string | null>('valid'), weight: 8 },
      { arbitrary: fc.constant<string | null>('stale'), weight: 1 },
      {
        arbitrary: fc.constantFrom<string | null>(
          null,
          '',
          'garbage',
          't=,v1=',
          't=abc,v1=def',
          't=99999999999999999999,v1=00',
          `v1=${'a'.repeat(64)}`,
          't=1,'.repeat(1000),
        ),
        weight: 1,
      },
    ),
  });
}
