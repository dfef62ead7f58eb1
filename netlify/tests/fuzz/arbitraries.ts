/**
 * Arbitraries for whole hostile requests (`caseArb`): wrong methods, junk path params, query
 * strings, Origin headers, cookies, IPs, content types and lengths, and a body from bodies.ts.
 */
import fc from 'fast-check';
import { ALL_METHODS, type Endpoint } from './discovery.ts';
import { fixtures } from './fixtures.ts';
import {
  AUTO,
  ORIGIN,
  isBodyless,
  paramNames,
  type Case,
  type Routes,
  type SessionKind,
} from './cases.ts';
import { NASTY_NUMBERS, ODD_METHODS } from './nasty-values.ts';
import { bodyArb } from './bodies.ts';

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
    { arbitrary: fc.constant(routes.validQuery(key, fixtures())), weight: 2 },
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

/* --- whole requests --------------------------------------------------------------------------- */

export function caseArb(ep: Endpoint, routes: Routes): fc.Arbitrary<Case> {
  const fx = fixtures();
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
