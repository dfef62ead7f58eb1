/**
 * The fuzz engine behind fuzz.test.mts: everything that does not depend on a particular route.
 *
 * - Discovery: every function in netlify/functions is imported; its `config.path` (one or
 *   several patterns) and `config.method` decide what is fuzzed (`ENDPOINTS`). Modules without
 *   a path (scheduled or background functions) are `SKIPPED`.
 * - Fixtures (`setUpFixtures` / `tearDown`): simulated payments, CRM and e-mail, a fresh PGlite
 *   database with a client, a paid order, a logo, an admin and seeded rows.
 * - Arbitraries for hostile requests: wrong methods, junk path params, query strings, Origin
 *   headers, cookies, IPs, content types and lengths, and bodies (valid shapes with one
 *   mutation, random and malformed JSON, invalid UTF-8, deep nesting, oversized streams, forms,
 *   multipart, signed Stripe events), plus the deterministic examples every run sends first.
 * - Running and judging (`fuzzRoute`): each request goes through the real handler with a time
 *   limit; the answer must be a 2xx/3xx or a 4xx whose JSON body has a string `error`. Stats
 *   and violations are collected for the report `tearDown` prints.
 *
 * What is valid for each route (bodies, params, query values) is not here but in routes.ts,
 * handed in as a `Routes` object.
 */
import { TINY_PNG } from '../../../src/testing/images.ts';
import { appendFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { seedAdminLists } from '../../../src/testing/admin-seed.ts';
import { priceCart } from '../../../src/features/checkout/checkout.ts';
import { startClientSession } from '../../../src/features/clients/client-sessions.server.ts';
import { createClientWithOrder } from '../../../src/testing/onboarding-fixtures.ts';
import { verifiedSession } from '../../../src/testing/admin-seed.ts';
import { closeDb, type Db } from '../../../src/server/db/client.ts';
import { useFreshTestDb } from '../../../src/testing/test-db';
import { orderItems, rateLimitHits } from '../../../src/server/db/schema.ts';
import { HANDLED_EVENTS } from '../../../src/features/checkout/stripe-webhook.server.ts';
import { storeCheckoutSession } from '../../../src/testing/checkout-fixtures.ts';
import { memoryLogoStore, saveLogo, setLogoStore } from '../../../src/server/uploads/logo.ts';

/* ------------------------------------------------------------------------------------------ */
/* Settings (the FUZZ_* knobs are described in fuzz.test.mts)                                 */

export const ORIGIN = 'http://localhost:4321';
export const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_260_522);
const NUM_RUNS = Math.max(100, Number(process.env.FUZZ_RUNS ?? 200));
const SURVEY = process.env.FUZZ_SURVEY === '1';
/** When set, every request and its status are appended to this file (JSON lines). */
const LOG_FILE = process.env.FUZZ_LOG;
/** A handler that has not answered (body included) after this long counts as a hang. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Caps one route's property (shrinking included) so a failing route cannot stall the file. */
export const ROUTE_TIME_LIMIT_MS = 90_000;
const WEBHOOK_SECRET = 'whsec_fuzz_secret_for_vitest';

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** Methods no route allows; `patch` stays lower-case in a Request (only six are normalised). */
const ODD_METHODS = ['patch', 'PROPFIND', 'FOO', 'LINK'];
const PNG = TINY_PNG;
/* ------------------------------------------------------------------------------------------ */
/* Discovering the functions                                                                   */

type Handler = (req: Request, context: unknown) => Promise<Response> | Response;
type FunctionModule = {
  default?: Handler;
  config?: { path?: string | string[]; method?: string | string[]; schedule?: string };
};
export type Endpoint = {
  file: string;
  pattern: string;
  methods: string[];
  handler: Handler;
  label: string;
};

const FUNCTIONS_DIR = path.resolve('netlify/functions');
const SOURCE = /\.(mts|ts|mjs|js|cts|cjs)$/;

/** Function entry files: `name.mts` directly in the folder, or `name/name.mts` / `name/index.mts`. */
function functionFiles(): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(FUNCTIONS_DIR, { withFileTypes: true })) {
    if (entry.isFile() && SOURCE.test(entry.name) && !/\.(test|spec|d)\./.test(entry.name)) {
      files.push(entry.name);
    } else if (entry.isDirectory()) {
      const inner = readdirSync(path.join(FUNCTIONS_DIR, entry.name));
      const main =
        inner.find((f) => SOURCE.test(f) && f.replace(SOURCE, '') === entry.name) ??
        inner.find((f) => SOURCE.test(f) && f.replace(SOURCE, '') === 'index');
      if (main && statSync(path.join(FUNCTIONS_DIR, entry.name, main)).isFile())
        files.push(`${entry.name}/${main}`);
    }
  }
  return files.sort();
}

const LOADED = await Promise.all(
  functionFiles().map(async (file) => ({
    file,
    mod: (await import(
      /* @vite-ignore */ pathToFileURL(path.join(FUNCTIONS_DIR, file)).href
    )) as FunctionModule,
  })),
);

/** One entry per route pattern of every function with an HTTP path. */
export const ENDPOINTS: Endpoint[] = LOADED.flatMap(({ file, mod }) => {
  const patterns = [mod.config?.path ?? []].flat();
  const methods = [mod.config?.method ?? ALL_METHODS].flat().map((m) => m.toUpperCase());
  if (!mod.default) return [];
  return patterns.map((pattern) => ({
    file,
    pattern,
    methods,
    handler: mod.default!,
    label: patterns.length > 1 ? `${file} ${pattern}` : file,
  }));
});
/** Functions without an HTTP path (scheduled or background), listed in the report. */
export const SKIPPED = LOADED.filter(({ mod }) => [mod.config?.path ?? []].flat().length === 0);
/* ------------------------------------------------------------------------------------------ */
/* Fixtures: a client with a paid order and a session, an admin, seeded rows                   */

export type Fixtures = {
  db: Db;
  clientId: number;
  orderId: number;
  itemId: number;
  paymentIntentId: string;
  logoKey: string;
  adminUserId: number;
  contactId: number;
  meetingId: number;
  emailId: number;
  simSessions: string[];
  stripeSessions: { id: string; amount: number }[];
};
let fx: Fixtures;
const savedEnv: Record<string, string | undefined> = {};
/** Background work handed to context.waitUntil (e-mail delivery), awaited before closing the db. */
const pending = new Set<Promise<unknown>>();
let logoStore = memoryLogoStore();

/** Before the first route: simulated services, a fresh database and its seeded rows. */
export async function setUpFixtures(): Promise<void> {
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'GHL_API_KEY',
    'GHL_COMPANY_ID',
    'SMTP_URL',
  ])
    savedEnv[name] = process.env[name];
  delete process.env.STRIPE_SECRET_KEY; // simulated payments: /api/test/* and the simulated provider exist
  delete process.env.GHL_API_KEY; // simulated CRM
  delete process.env.GHL_COMPANY_ID;
  delete process.env.SMTP_URL; // e-mails stay in the outbox
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  logoStore = memoryLogoStore();
  setLogoStore(logoStore);

  const db = await useFreshTestDb();
  const { admin, contact, meeting, email } = await seedAdminLists(db, 'fuzz.admin');
  const { client, order } = await createClientWithOrder(db, { email: 'fuzz.client@example.com' });
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const logo = await saveLogo(logoStore, { orderId: order.id, clientId: client.id, bytes: PNG });

  const simSessions: string[] = [];
  const stripeSessions: { id: string; amount: number }[] = [];
  const cart = priceCart([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }]);
  for (let i = 0; i < 6; i++) {
    for (const provider of ['simulated', 'stripe'] as const) {
      const id = provider === 'simulated' ? `sim_cs_fuzz_${i}` : `cs_test_fuzz_${i}`;
      await storeCheckoutSession(db, id, undefined, provider);
      if (provider === 'simulated') simSessions.push(id);
      else stripeSessions.push({ id, amount: cart.amountTotalCents });
    }
  }
  fx = {
    db,
    clientId: client.id,
    orderId: order.id,
    itemId: item!.id,
    paymentIntentId: order.stripePaymentIntentId!,
    logoKey: logo.key,
    adminUserId: admin.id,
    contactId: contact.id,
    meetingId: meeting.id,
    emailId: email.id,
    simSessions,
    stripeSessions,
  };
}

/** After the last route: the report, background work awaited, environment restored. */
export async function tearDown(): Promise<void> {
  printReport();
  await Promise.allSettled([...pending]);
  setLogoStore(undefined);
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await closeDb();
}

/* ------------------------------------------------------------------------------------------ */
/* What the engine asks about each route (answered by routes.ts)                               */

export type Shape = Record<string, unknown>;
/**
 * How a route's body is sent: JSON, an urlencoded form (what a browser posts before the island
 * hydrated), raw upload bytes, or a Stripe event signed with the test secret.
 */
export type BodyKind = 'json' | 'form' | 'upload' | 'stripe-event';
export type Routes = {
  /** Valid-looking bodies for a route pattern (at least one); the first is the base case's. */
  shapesFor(pattern: string, fx: Fixtures): Shape[];
  /** A valid value for the path param `name` of `pattern`. */
  validParam(pattern: string, name: string, fx: Fixtures): string;
  /** A valid value for the query key `key`. */
  validQuery(key: string, fx: Fixtures): string;
  /** Query keys the fuzz sends (with valid values and junk). */
  queryKeys: readonly string[];
  bodyKind(pattern: string): BodyKind;
  /** The query string a well-formed request to `pattern` carries, or null. */
  baseQuery(pattern: string, fx: Fixtures): [string, string][] | null;
};

/* ------------------------------------------------------------------------------------------ */
/* Nasty values                                                                                */

const POISONS = ['a\u0000b', '\ud800', '\udfff'];
const NASTY_NUMBERS = [
  1e308,
  -1e308,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  99_999_999_999,
  -1,
  0,
  -0,
  0.5,
  -0.5,
  1.5,
  1e-308,
  5e-324,
];
const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud800y',
  '\udfff\ud800',
  '\ud83d',
  '\u0000\ud800',
  '',
  ' ',
  '\t\n\r',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e309',
  '-1',
  '0',
  '2147483648',
  '99999999999',
  '9007199254740993',
  '1.5',
  '0x10',
  '%',
  '%00',
  '%E0%A4%A',
  '..%2F',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\\',
  '"',
  '\u202e',
  '\ufeff',
  '\uffff',
  '\u0007',
  'ǅ',
  '🙂',
  'e\u0301',
  '{}',
  '[]',
  'true',
  '2026-02-30',
  '9999-12-31',
  'x'.repeat(10_000),
  'é'.repeat(20_000),
  'a\u0000'.repeat(500),
];
/** One UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), weight: 3 },
  {
    arbitrary: fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '"', '\\', '%'),
    weight: 1,
  },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 2 },
);
const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 5 },
  { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 3 },
  { arbitrary: fc.oneof(fc.double(), fc.integer(), fc.maxSafeInteger()), weight: 1 },
  {
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      [],
      {},
      [null],
      [[]],
      { '\u0000': 'x' },
      { '\ud800': 1 },
      [1e308],
      { id: -1 },
    ),
    weight: 2,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: fc.array(nastyString, { maxLength: 4 }), weight: 1 },
);
const nastyKey = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000',
    '\ud800',
    '\udfff',
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    'id',
    'clientId',
    'isAdmin',
    'x'.repeat(1000),
  ),
  fc.string({ unit: codeUnit, maxLength: 12 }),
);

/* ------------------------------------------------------------------------------------------ */
/* Requests as data (so fast-check can print and shrink them)                                 */

type SessionKind = 'none' | 'forged' | 'junk' | 'client+admin' | 'order-only+admin';
type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: number[] }
  | { kind: 'nested'; shape: 'array' | 'object'; depth: number }
  | { kind: 'stream'; size: number }
  | { kind: 'form'; fields: [string, string][] }
  | { kind: 'multipart'; boundary: string; text: string }
  | { kind: 'webhook'; event: unknown; signature: 'valid' | 'stale' | string | null };
type Case = {
  method: string;
  params: Record<string, string>;
  query: [string, string][] | string | null;
  session: SessionKind;
  junkCookie: string;
  origin: string | null;
  csrf: boolean;
  secFetchSite: string | null;
  ip: string | null;
  contentType: string | null;
  contentLength: string | null;
  body: BodySpec;
};

const paramNames = (pattern: string) => [...pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
const isBodyless = (method: string) => method === 'GET' || method === 'HEAD';
const AUTO = 'auto';

/* --- paths, queries, headers --------------------------------------------------------------- */

const PARAM_JUNK = [
  '%',
  '%E0%A4%A',
  '%E0%A4',
  '%ZZ',
  '%00',
  '%2F',
  '..%2F',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '..',
  '.',
  '',
  ' ',
  '%20',
  '-1',
  '-0',
  '0',
  '00',
  '1.5',
  '1e3',
  '0x1f',
  '+1',
  '2147483647',
  '2147483648',
  '4294967296',
  '99999999999',
  '9007199254740993',
  '1'.repeat(40),
  '٣',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  'x'.repeat(500),
  "'--",
  '<svg>',
  '\u0000',
  '\ud800',
  'é',
];
/** Characters for random path segments (no raw '/', '?', '#' or '\': those change the route). */
const pathChar = fc.oneof(
  fc.constantFrom(
    '%',
    '.',
    '-',
    '_',
    '~',
    ' ',
    ';',
    ',',
    '=',
    '@',
    ':',
    '+',
    '!',
    '$',
    '&',
    "'",
    '(',
    ')',
    '*',
    'é',
    '\u0000',
    '\ud800',
    '0',
    '9',
  ),
  fc
    .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 })
    .filter((c) => !'/?#\\'.includes(c)),
);
function paramArb(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant(valid), weight: 3 },
    { arbitrary: fc.constantFrom(...PARAM_JUNK), weight: 4 },
    {
      arbitrary: fc
        .oneof(
          fc.integer({ min: -(2 ** 31) - 10, max: 2 ** 31 + 10 }),
          fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
          fc.constantFrom(...NASTY_NUMBERS),
        )
        .map(String),
      weight: 2,
    },
    { arbitrary: fc.string({ unit: pathChar, maxLength: 30 }), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        `${valid}%`,
        `${valid}.5`,
        `0${valid}`,
        `${valid}%00`,
        `-${valid}`,
        `${valid}..%2F`,
      ),
      weight: 1,
    },
  );
}

const queryValue = (routes: Routes, key: string) =>
  fc.oneof(
    { arbitrary: fc.constant(routes.validQuery(key, fx)), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '%00',
        'a%00b',
        '%',
        '%E0%A4%A',
        '%ED%A0%80',
        '\u0000',
        '\ud800',
        '-1',
        '0',
        '99999999999',
        '1e308',
        'NaN',
        '2026-02-30',
        '9999-12-31',
        '0000-00-00',
        'x'.repeat(300),
        "'",
        '%25',
        '+',
        '',
        'csv',
        'json',
        'paid%00',
      ),
      weight: 4,
    },
    { arbitrary: fc.string({ unit: pathChar, maxLength: 20 }), weight: 2 },
  );
const queryArb = (routes: Routes): fc.Arbitrary<Case['query']> =>
  fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    {
      arbitrary: fc.array(
        fc
          .constantFrom(...routes.queryKeys)
          .chain((k) => queryValue(routes, k).map((v) => [k, v] as [string, string])),
        { minLength: 1, maxLength: 4 },
      ),
      weight: 4,
    },
    {
      arbitrary: fc.constantFrom(
        '&&&=',
        '%',
        '=%E0%A4%A',
        'q',
        '?',
        'q=%00&q=%00',
        'page=1&page=abc',
      ),
      weight: 1,
    },
  );

const ORIGIN_JUNK = [
  'null',
  'http://',
  '::::',
  '',
  'https://evil.example',
  `${ORIGIN}/`,
  'http://localhost:99999',
  'http://[::1',
  'HTTP://LOCALHOST:4321',
  'http://user:pass@localhost:4321',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'http://%',
  'http://localhost:4321 http://evil.example',
  'http://localhost:4321.evil.example',
  'x'.repeat(5000),
];
const originArb = fc.oneof(
  { arbitrary: fc.constant<string | null>(ORIGIN), weight: 4 },
  { arbitrary: fc.constant<string | null>(null), weight: 2 },
  { arbitrary: fc.constantFrom<string | null>(...ORIGIN_JUNK), weight: 3 },
);
const JUNK_COOKIES = [
  'a',
  ';;;',
  '=',
  '__Host-client_session=',
  '__Host-admin_session=',
  `__Host-client_session=${'x'.repeat(200)}`,
  '__Host-client_session=%',
  '__Host-admin_session=%00',
  '__Host-client_session=a; __Host-client_session=b',
  `__Host-admin_session=${'é'.repeat(50)}`,
  '__Host-checkout_attempt=%E0%A4%A',
  '__Host-client_session==;=',
];
const ipArb = fc.oneof(
  { arbitrary: fc.ipV4(), weight: 3 },
  { arbitrary: fc.ipV6(), weight: 1 },
  {
    arbitrary: fc.constantFrom<string | null>(
      null,
      '',
      '::::',
      'not-an-ip',
      'x'.repeat(1000),
      '1.2.3.4, 5.6.7.8',
      'é',
    ),
    weight: 1,
  },
);
const contentTypeArb = fc.oneof(
  { arbitrary: fc.constant<string | null>(AUTO), weight: 5 },
  {
    arbitrary: fc.constantFrom<string | null>(
      null,
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=fuzz',
      'application/json; charset=utf-16',
      '',
      'image/png',
      '*/*;;;',
    ),
    weight: 2,
  },
);
const contentLengthArb = fc.oneof(
  { arbitrary: fc.constant<string | null>(null), weight: 6 },
  {
    arbitrary: fc.constantFrom<string | null>(
      '0',
      '1',
      '-1',
      'abc',
      '1e308',
      '99999999999999999999',
      '65537',
      '2097153',
      '12, 12',
    ),
    weight: 1,
  },
);

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
const leafPaths = (value: unknown) =>
  pathsOf(value).filter((p) => {
    const v = getAt(value, p);
    return v === null || typeof v !== 'object';
  });
function getAt(value: unknown, p: Path): unknown {
  return p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);
}
function setAt(value: unknown, p: Path, next: unknown): unknown {
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
const poisonInto = (current: unknown, poison: string) =>
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
const json = (value: unknown): BodySpec => ({ kind: 'json', value });

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
const INVALID_UTF8 = [
  [0xff],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d],
  [0xef, 0xbb, 0xbf, 0x7b, 0x7d],
  [0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d],
  [0x7b, 0x7d, 0x00],
  [0x80, 0x80, 0x80],
];

function bodyArb(kind: BodyKind, shapes: Shape[]): fc.Arbitrary<BodySpec> {
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

/* --- whole requests --------------------------------------------------------------------------- */

function caseArb(ep: Endpoint, routes: Routes): fc.Arbitrary<Case> {
  const shapes = routes.shapesFor(ep.pattern, fx);
  const wrong = [...new Set([...ALL_METHODS, ...ODD_METHODS])].filter(
    (m) => !ep.methods.includes(m),
  );
  const methodArb = fc.oneof(
    { arbitrary: fc.constantFrom(...ep.methods), weight: 4 },
    ...(wrong.length ? [{ arbitrary: fc.constantFrom(...wrong), weight: 1 }] : []),
  );
  const params = Object.fromEntries(
    paramNames(ep.pattern).map((n) => [n, paramArb(routes.validParam(ep.pattern, n, fx))]),
  );
  return fc
    .record({
      method: methodArb,
      params: fc.record(params) as fc.Arbitrary<Record<string, string>>,
      query: queryArb(routes),
      // Half the requests carry valid sessions (client + admin), half none / forged / junk.
      session: fc.oneof(
        { arbitrary: fc.constant<SessionKind>('client+admin'), weight: 3 },
        { arbitrary: fc.constant<SessionKind>('order-only+admin'), weight: 1 },
        { arbitrary: fc.constant<SessionKind>('none'), weight: 2 },
        { arbitrary: fc.constant<SessionKind>('forged'), weight: 1 },
        { arbitrary: fc.constant<SessionKind>('junk'), weight: 1 },
      ),
      junkCookie: fc.constantFrom(...JUNK_COOKIES),
      origin: originArb,
      csrf: fc.constantFrom(true, true, true, false),
      secFetchSite: fc.constantFrom<string | null>(
        null,
        null,
        null,
        'same-origin',
        'cross-site',
        'none',
      ),
      ip: ipArb as fc.Arbitrary<string | null>,
      contentType: contentTypeArb,
      contentLength: contentLengthArb,
      body: bodyArb(routes.bodyKind(ep.pattern), shapes),
    })
    .map((c) => (isBodyless(c.method) ? { ...c, body: { kind: 'none' as const } } : c));
}

/** A well-formed request (valid session, same origin, first allowed method) to derive examples from. */
function baseCase(
  ep: Endpoint,
  routes: Routes,
  method = ep.methods.find((m) => !isBodyless(m)) ?? ep.methods[0]!,
): Case {
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
function examplesFor(ep: Endpoint, routes: Routes): Case[] {
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

/* ------------------------------------------------------------------------------------------ */
/* Sending a case and judging the answer                                                       */

type Shown = { method: string; url: string; headers: Record<string, string>; body: string };
type Outcome = { status: number | null; violation: string | null; logged: Logged[]; shown: Shown };

const clip = (s: string, n = 400) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
function escapeText(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

function bodyBytes(spec: BodySpec): {
  body: BodyInit | null;
  shown: string;
  contentType: string | null;
} {
  switch (spec.kind) {
    case 'none':
      return { body: null, shown: '(none)', contentType: null };
    case 'json': {
      const text = JSON.stringify(spec.value) ?? 'null';
      return { body: text, shown: clip(text), contentType: 'application/json' };
    }
    case 'text':
      return {
        body: spec.text,
        shown: `raw text "${clip(escapeText(spec.text))}"`,
        contentType: 'application/json',
      };
    case 'bytes':
      return {
        body: new Uint8Array(spec.bytes),
        shown: `bytes ${Buffer.from(spec.bytes).toString('hex')}`,
        contentType: 'application/json',
      };
    case 'nested': {
      const [open, close, inner] = spec.shape === 'array' ? ['[', ']', ''] : ['{"a":', '}', '1'];
      return {
        body: open.repeat(spec.depth) + inner + close.repeat(spec.depth),
        shown: `${JSON.stringify(open)} x ${spec.depth} + ${JSON.stringify(inner)} + ${JSON.stringify(close)} x ${spec.depth}`,
        contentType: 'application/json',
      };
    }
    case 'stream': {
      const chunk = new TextEncoder().encode(`{"pad":"${'x'.repeat(64 * 1024 - 10)}",`);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= spec.size) return controller.close();
          const part = chunk.subarray(0, Math.min(chunk.byteLength, spec.size - sent));
          sent += part.byteLength;
          controller.enqueue(part);
        },
      });
      return {
        body: stream,
        shown: `ReadableStream of ${spec.size} bytes, no Content-Length`,
        contentType: 'application/json',
      };
    }
    case 'form': {
      const text = new URLSearchParams(spec.fields).toString();
      return {
        body: text,
        shown: `form "${clip(text)}"`,
        contentType: 'application/x-www-form-urlencoded',
      };
    }
    case 'multipart':
      return {
        body: spec.text,
        shown: `multipart "${clip(escapeText(spec.text))}"`,
        contentType: `multipart/form-data; boundary=${spec.boundary}`,
      };
    case 'webhook': {
      const text = JSON.stringify(spec.event) ?? 'null';
      return { body: text, shown: clip(text), contentType: 'application/json' };
    }
  }
}

async function cookieFor(c: Case): Promise<{ cookie: string | null; shown: string | null }> {
  const { db } = fx;
  switch (c.session) {
    case 'none':
      return { cookie: null, shown: null };
    case 'forged':
      return {
        cookie: `__Host-client_session=${'A'.repeat(43)}; __Host-admin_session=${'B'.repeat(43)}`,
        shown: `__Host-client_session=${'A'.repeat(43)}; __Host-admin_session=${'B'.repeat(43)}`,
      };
    case 'junk':
      return { cookie: c.junkCookie || null, shown: c.junkCookie || null };
    case 'client+admin':
    case 'order-only+admin': {
      const whole = c.session === 'client+admin';
      const client = await startClientSession(db, {
        clientId: whole ? fx.clientId : null,
        wholeAccount: whole,
        orderIds: whole ? [] : [fx.orderId],
      });
      const admin = await verifiedSession(db, fx.adminUserId);
      return {
        cookie: `${client.split(';')[0]}; __Host-admin_session=${admin}`,
        shown: `<valid ${whole ? 'whole-account client' : 'order-only client'} session>; <valid admin session>`,
      };
    }
  }
}

function urlOf(ep: Endpoint, c: Case): string {
  const pathname = ep.pattern.replace(
    /:(\w+)|\*/g,
    (_m, name: string | undefined) => c.params[name ?? '*'] ?? '',
  );
  const query =
    c.query === null
      ? ''
      : typeof c.query === 'string'
        ? `?${c.query}`
        : `?${c.query.map(([k, v]) => `${k}=${v}`).join('&')}`;
  return `${ORIGIN}${pathname}${query}`;
}

async function buildRequest(ep: Endpoint, c: Case): Promise<{ req: Request; shown: Shown }> {
  const headers: Record<string, string> = {};
  const shownHeaders: Record<string, string> = {};
  const set = (k: string, v: string | null, shown = v) => {
    if (v === null) return;
    headers[k] = v;
    if (shown !== null) shownHeaders[k] = clip(shown, 120);
  };
  const body = isBodyless(c.method) ? bodyBytes({ kind: 'none' }) : bodyBytes(c.body);
  set('content-type', c.contentType === AUTO ? body.contentType : c.contentType);
  set('content-length', c.contentLength);
  set('origin', c.origin);
  if (c.csrf) set('x-requested-with', 'fetch');
  set('sec-fetch-site', c.secFetchSite);
  set('x-nf-client-connection-ip', c.ip);
  const cookie = await cookieFor(c);
  set('cookie', cookie.cookie, cookie.shown);
  let shownBody = body.shown;
  if (c.body.kind === 'webhook' && !isBodyless(c.method) && typeof body.body === 'string') {
    const sig =
      c.body.signature === 'valid'
        ? Stripe.webhooks.generateTestHeaderString({ payload: body.body, secret: WEBHOOK_SECRET })
        : c.body.signature === 'stale'
          ? Stripe.webhooks.generateTestHeaderString({
              payload: body.body,
              secret: WEBHOOK_SECRET,
              timestamp: Math.floor(Date.now() / 1000) - 3600,
            })
          : c.body.signature;
    set(
      'stripe-signature',
      sig,
      c.body.signature === 'valid' || c.body.signature === 'stale'
        ? `<${c.body.signature} signature of this body with the test secret>`
        : sig,
    );
    shownBody = `${shownBody} (signed event)`;
  }
  const url = urlOf(ep, c);
  const req = new Request(url, {
    method: c.method,
    headers,
    body: body.body,
    ...(body.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return {
    req,
    shown: { method: c.method, url: clip(url, 300), headers: shownHeaders, body: shownBody },
  };
}

type Logged = { text: string; key: string };

/**
 * What the handler logged with console.error while answering: `text` in full ("Name: message
 * [cause: ...] (at function file:line)"), `key` for grouping (the innermost error's message and
 * the function it was thrown from, ids and numbers blurred).
 */
function describeLogged(args: unknown[]): Logged {
  const texts: string[] = [];
  let key = '';
  for (const a of args) {
    if (a instanceof Error) {
      const frame = a.stack
        ?.split('\n')
        .find((l) => /\/(src|netlify)\//.test(l) && !l.includes('node_modules'))
        ?.trim()
        .replace(/^at /, '')
        .replace(`${process.cwd()}/`, '');
      const inner = a.cause instanceof Error ? a.cause : a;
      const cause = inner !== a ? ` [cause: ${inner.name}: ${inner.message}]` : '';
      texts.push(
        `${a.name}: ${clip(a.message.replace(/\s+/g, ' '), 160)}${cause}${frame ? ` (at ${frame})` : ''}`,
      );
      key ||= `${blur(`${inner.name}: ${clip(inner.message.replace(/\s+/g, ' '), 160)}`)}${frame ? ` @ ${frame}` : ''}`;
    } else {
      texts.push(clip(typeof a === 'string' ? a : format(a), 300));
    }
  }
  const text = texts.join(' ');
  return { text, key: key || blur(text) };
}
const blur = (s: string) => s.replace(/\b[\w-]*\d[\w-]{7,}\b/g, '<id>').replace(/\d+/g, '#');

function judge(status: number, contentType: string, text: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (status < 200 || status > 599) return `status ${status} out of range`;
  if (status < 400) return null;
  if (!contentType.includes('application/json'))
    return `${status} without a JSON body (Content-Type: ${contentType || 'none'})`;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body?.error !== 'string' || !body.error)
      return `${status} whose JSON has no string "error": ${clip(text, 200)}`;
  } catch {
    return `${status} with an unparsable JSON body: ${clip(text, 200)}`;
  }
  return null;
}

type Stats = {
  sent: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  exception: number;
  timeout: number;
};
const STATS = new Map<string, Stats>();
for (const ep of ENDPOINTS)
  STATS.set(ep.label, {
    sent: 0,
    '2xx': 0,
    '3xx': 0,
    '4xx': 0,
    '5xx': 0,
    exception: 0,
    timeout: 0,
  });
type Violation = { label: string; seed: number; cause: string; outcome: Outcome };
const VIOLATIONS: Violation[] = [];

async function send(ep: Endpoint, c: Case, seed: number): Promise<Outcome> {
  const stats = STATS.get(ep.label)!;
  // Each request starts with empty rate-limit counters, so the fuzz reaches the code behind them.
  await fx.db.delete(rateLimitHits);
  const { req, shown } = await buildRequest(ep, c);
  const logged: Logged[] = [];
  const original = {
    error: console.error,
    warn: console.warn,
    info: console.info,
    log: console.log,
  };
  console.error = (...args: unknown[]) => void logged.push(describeLogged(args));
  console.warn = console.info = console.log = () => undefined;
  const context = {
    params: Object.fromEntries(Object.entries(c.params)),
    ip: c.ip ?? '',
    waitUntil: (p: Promise<unknown>) => {
      const tracked = Promise.resolve(p).catch(() => undefined);
      pending.add(tracked);
      void tracked.finally(() => pending.delete(tracked));
    },
  };
  let status: number | null = null;
  let violation: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const answered = (async () => {
      const res = await ep.handler(req, context);
      return { res, text: await res.text() };
    })();
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS);
    });
    const result = await Promise.race([answered, timeout]);
    if (result === 'timeout') {
      answered.catch(() => undefined);
      stats.timeout += 1;
      violation = `no answer within ${REQUEST_TIMEOUT_MS} ms`;
    } else {
      status = result.res.status;
      const cls = `${Math.floor(status / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx';
      if (cls in stats) stats[cls] += 1;
      violation = judge(status, result.res.headers.get('content-type') ?? '', result.text);
    }
  } catch (error) {
    stats.exception += 1;
    logged.push(describeLogged([error]));
    violation = 'the handler threw instead of answering';
  } finally {
    clearTimeout(timer);
    Object.assign(console, original);
  }
  stats.sent += 1;
  const outcome = { status, violation, logged, shown };
  if (LOG_FILE)
    appendFileSync(
      LOG_FILE,
      `${JSON.stringify({ label: ep.label, status, violation, ...shown })}\n`,
    );
  if (violation) VIOLATIONS.push({ label: ep.label, seed, cause: causeOf(outcome), outcome });
  return outcome;
}

/** One line naming why a request failed, with ids and numbers blurred so repeats group together. */
function causeOf(o: Outcome): string {
  const log = o.logged.find((l) => !l.text.startsWith('Outbox delivery'));
  return `${o.violation ?? ''}${log ? ` — ${log.key}` : ''}`;
}

function reproducer(v: Violation): string {
  const { shown, status, logged } = v.outcome;
  return [
    `    ${shown.method} ${shown.url}`,
    `    headers: ${JSON.stringify(shown.headers)}`,
    `    body: ${shown.body}`,
    `    → ${status === null ? v.outcome.violation : `status ${status}`}${logged.length ? `; logged: ${logged.map((l) => l.text).join(' | ')}` : ''}`,
  ].join('\n');
}

function printReport() {
  const rows = [...STATS.entries()];
  const header = ['endpoint', 'sent', '2xx', '3xx', '4xx', '5xx', 'threw', 'hung'];
  const table = [
    header,
    ...rows.map(([label, s]) =>
      [label, s.sent, s['2xx'], s['3xx'], s['4xx'], s['5xx'], s.exception, s.timeout].map(String),
    ),
  ];
  const total = rows.reduce(
    (t, [, s]) =>
      t.map(
        (n, i) => n + [s.sent, s['2xx'], s['3xx'], s['4xx'], s['5xx'], s.exception, s.timeout][i]!,
      ),
    [0, 0, 0, 0, 0, 0, 0],
  );
  table.push(['TOTAL', ...total.map(String)]);
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const out = [
    `Fuzz (base seed ${BASE_SEED}, ${NUM_RUNS} random requests per route + examples${SURVEY ? ', survey mode' : ''})`,
    line(table[0]!),
    ...table.slice(1).map(line),
  ];
  if (SKIPPED.length)
    out.push(
      `Skipped (no HTTP path): ${SKIPPED.map(({ file, mod }) => `${file}${mod.config?.schedule ? ` (schedule ${mod.config.schedule})` : ''}`).join(', ')}`,
    );
  if (VIOLATIONS.length) {
    const byCause = new Map<string, Map<string, Violation>>();
    for (const v of VIOLATIONS) {
      const group = byCause.get(v.cause) ?? new Map<string, Violation>();
      const best = group.get(v.label);
      const size = (x: Violation) => JSON.stringify(x.outcome.shown).length;
      if (!best || size(v) < size(best)) group.set(v.label, v);
      byCause.set(v.cause, group);
    }
    out.push(
      '',
      `Violations (${VIOLATIONS.length} requests, ${byCause.size} causes); smallest request per endpoint:`,
    );
    for (const [cause, group] of byCause) {
      out.push(`  ● ${cause}`);
      for (const v of group.values())
        out.push(`   [${v.label}] (route seed ${v.seed})`, reproducer(v));
    }
  }
  console.log(out.join('\n'));
}

/* ------------------------------------------------------------------------------------------ */
/* The properties                                                                              */

function seedFor(label: string): number {
  let h = BASE_SEED | 0;
  for (const ch of label) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/**
 * One route's property: the deterministic examples first, then NUM_RUNS random requests. Throws
 * at the first violation (fast-check shrinks it to a small reproducer) unless FUZZ_SURVEY=1;
 * returns the violations recorded for the route (only survey mode gets here with any).
 */
export async function fuzzRoute(
  ep: Endpoint,
  routes: Routes,
): Promise<{ seed: number; violations: string[] }> {
  const seed = seedFor(ep.label);
  const examples = examplesFor(ep, routes).map((c) => [c] as [Case]);
  const property = fc.asyncProperty(caseArb(ep, routes), async (c) => {
    const o = await send(ep, c, seed);
    if (o.violation && !SURVEY)
      throw new Error(
        `${o.violation}\n${reproducer({ label: ep.label, seed, cause: '', outcome: o })}`,
      );
  });
  try {
    await fc.assert(property, {
      seed,
      // fast-check counts the examples in numRuns: NUM_RUNS random requests come on top.
      numRuns: NUM_RUNS + examples.length,
      examples,
      plugins: [fc.interruptAfterTimeLimit(ROUTE_TIME_LIMIT_MS)],
      includeErrorInReport: true,
    });
  } catch (error) {
    throw new Error(
      `Fuzz of ${ep.label} failed (route seed ${seed}, base FUZZ_SEED=${BASE_SEED}; FUZZ_SURVEY=1 lists every failure)\n${(error as Error).message}`,
    );
  }
  const found = VIOLATIONS.filter((v) => v.label === ep.label);
  return { seed, violations: found.map((v) => `${v.cause}\n${reproducer(v)}`) };
}
