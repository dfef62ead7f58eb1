/**
 * Hostile values the arbitraries and the examples put into requests: NUL bytes, lone UTF-16
 * surrogates, numbers out of range, junk strings and keys, methods no route allows.
 */
import fc from 'fast-check';

/** Methods no route allows; `patch` stays lower-case in a Request (only six are normalised). */
export const ODD_METHODS = ['patch', 'PROPFIND', 'FOO', 'LINK'];

export const POISONS = ['a\u0000b', '\ud800', '\udfff'];
export const NASTY_NUMBERS = [
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
export const codeUnit = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), weight: 3 },
  {
    arbitrary: fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '"', '\\', '%'),
    weight: 1,
  },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 2 },
);
export const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
);
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
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
export const nastyKey = fc.oneof(
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
