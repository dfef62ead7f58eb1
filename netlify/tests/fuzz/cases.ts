/**
 * Requests as data, shared by the arbitraries, the examples and the sender: a `Case` is one
 * request (method, params, query, session, headers, body) that fast-check can print and shrink,
 * and `Routes` is what the engine asks about each route (answered by routes.ts).
 */
import type { Fixtures } from './fixtures.ts';

export const ORIGIN = 'http://localhost:4321';

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
/* Requests as data (so fast-check can print and shrink them)                                 */

export type SessionKind = 'none' | 'forged' | 'junk' | 'client+admin' | 'order-only+admin';
export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: number[] }
  | { kind: 'nested'; shape: 'array' | 'object'; depth: number }
  | { kind: 'stream'; size: number }
  | { kind: 'form'; fields: [string, string][] }
  | { kind: 'multipart'; boundary: string; text: string }
  | { kind: 'webhook'; event: unknown; signature: 'valid' | 'stale' | string | null };
export type Case = {
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

export const paramNames = (pattern: string) =>
  [...pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
export const isBodyless = (method: string) => method === 'GET' || method === 'HEAD';
export const AUTO = 'auto';
export const json = (value: unknown): BodySpec => ({ kind: 'json', value });
