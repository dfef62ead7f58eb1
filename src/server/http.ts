/**
 * The one place functions turn results and failures into responses: JSON bodies, the
 * security headers, ZodError -> 400 with a readable `error`, and never a stack trace.
 */
import type { Context } from '@netlify/functions';
import { $ZodError as ZodError, config } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
} from './db/unavailable.ts';
import { ConfigurationError } from './env.ts';
import { loggableError } from './loggable-error.ts';
import { FUNCTION_CSP, SECURITY_HEADERS } from './security-headers.ts';

// The shared schemas are zod/mini (small for the islands), which ships no messages of its own:
// the server's answers name the problem in English, e.g. "expected object, received array".
config(en());

/** Largest JSON body any endpoint accepts; larger bodies are refused before parsing. */
const MAX_JSON_BYTES = 64 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function withSecurityHeaders(headers: HeadersInit = {}): Headers {
  const h = new Headers(headers);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!h.has(k)) h.set(k, v);
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', FUNCTION_CSP);
  if (!h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
  return h;
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = withSecurityHeaders(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function errorJson(status: number, error: string, headers: Record<string, string> = {}) {
  return json({ error }, { status, headers });
}

/** Turns a ZodError into one sentence naming the first problem, e.g. "email: Please enter a valid email address". */
function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

const BODY_TOO_LARGE = 'Request body is too large';

/**
 * Reads a body as a stream and stops at `maxBytes`: a body sent without Content-Length (or
 * with a false one) is never held in memory beyond the limit.
 */
export async function readBodyLimited(
  req: Request,
  maxBytes: number,
  tooLarge = BODY_TOO_LARGE,
): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new HttpError(413, tooLarge);
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, tooLarge);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * How deep a JSON body may nest. No form or API body of ours goes past 4; a deeper one is
 * refused before any other work, since walking a 60 KB body of 30,000 nested arrays is
 * work an attacker gets for free.
 */
export const MAX_JSON_DEPTH = 32;

type Visit = { value: unknown; key: string | null; parent: Visit | null; depth: number };

/** The keys from the body's root down to `visit` (built only when one is reported). */
function pathTo(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Walks a parsed JSON value once, iteratively (a body nested thousands deep must not overflow
 * the stack) and in linear time (a child points to its parent; no path is copied per level).
 * Calls `check` on every value (with its key, parent and depth); stops at the first non-null
 * answer.
 */
function walkJson<T>(value: unknown, check: (visit: Visit) => T | null): T | null {
  const stack: Visit[] = [{ value, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const visit = stack.pop()!;
    const found = check(visit);
    if (found !== null) return found;
    const { value: current, depth } = visit;
    if (!current || typeof current !== 'object') continue;
    const entries = Array.isArray(current)
      ? current.map((child, i) => [String(i), child] as const)
      : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, key, parent: visit, depth: depth + 1 });
    }
  }
  return null;
}

function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/**
 * The one text rule for everything the API accepts: no NUL characters and no unpaired UTF-16
 * surrogates. Postgres cannot store either (text refuses 0x00, jsonb refuses \u0000 and lone
 * surrogates), so they would otherwise surface as a server error. Answers the first offending
 * field's path, or null.
 */
export function unstorableTextAt(value: unknown): string[] | null {
  return walkJson(value, (visit) =>
    (visit.key !== null && !Array.isArray(visit.parent?.value) && isUnstorable(visit.key)) ||
    (typeof visit.value === 'string' && isUnstorable(visit.value))
      ? pathTo(visit)
      : null,
  );
}

/** Whether a parsed JSON value nests deeper than {@link MAX_JSON_DEPTH}. */
function nestedTooDeep(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  return (
    walkJson(value, (visit) =>
      visit.depth >= maxDepth && typeof visit.value === 'object' && visit.value !== null
        ? true
        : null,
    ) !== null
  );
}

/** 400 naming the field when a value holds text that cannot be stored. */
export function assertStorableText(value: unknown): void {
  const path = unstorableTextAt(value);
  if (!path) return;
  const field = path.join('.');
  throw new HttpError(
    400,
    `${field ? `${field}: ` : ''}Please remove invisible control characters from the text.`,
  );
}

/** A body's bytes as text; anything but valid UTF-8 is a 400 with `message`. */
export function utf8Body(bytes: Uint8Array, message: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, message);
  }
}

/** Reads a JSON body with a size limit; malformed, oversized or unstorable bodies become 400/413. */
export async function readJson(req: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const text = utf8Body(await readBodyLimited(req, maxBytes), 'Request body must be UTF-8 JSON');
  if (!text.trim()) throw new HttpError(400, 'Request body must be JSON');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  if (nestedTooDeep(value)) throw new HttpError(400, 'Request body is nested too deeply');
  assertStorableText(value);
  return value;
}

/** Parses a JSON body with a shared zod schema. */
export async function parseJson<T>(req: Request, schema: { parse(data: unknown): T }): Promise<T> {
  return schema.parse(await readJson(req));
}

/**
 * Netlify's v2 function context as the functions read it: `params` (the `:names` of the
 * config's path), `ip`, `waitUntil`. Partial, so tests pass only what a case needs.
 */
export type FunctionContext = Partial<Context>;

export type Handler = (req: Request, context: FunctionContext) => Promise<Response> | Response;

/** A `:name` path parameter as Netlify matched it (undecoded; '' when absent). */
export function pathParam(context: FunctionContext, name: string): string {
  return context.params?.[name] ?? '';
}

/** A numeric `:name` path parameter (a positive row id), or null when absent or not one. */
export function idParam(context: FunctionContext, name = 'id'): number | null {
  const raw = pathParam(context, name);
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/**
 * Wraps a function handler: checks the method, maps HttpError and ZodError to 4xx JSON, a
 * missing secret and an unreachable database to 503 with Retry-After, and logs anything else
 * as a 500 with a generic message.
 */
export function handler(methods: string[], fn: Handler): Handler {
  return async (req, context) => {
    if (!methods.includes(req.method)) {
      return errorJson(405, `Method ${req.method} is not allowed`, { Allow: methods.join(', ') });
    }
    try {
      // The same text rule for query strings as for bodies (e.g. an admin search for "\u0000").
      assertStorableText(Object.fromEntries(new URL(req.url).searchParams));
      return await fn(req, context);
    } catch (error) {
      if (error instanceof HttpError) return errorJson(error.status, error.message, error.headers);
      if (error instanceof ZodError) return errorJson(400, describeZodError(error));
      if (error instanceof ConfigurationError) return configurationUnavailable(error);
      if (isDatabaseUnavailable(error)) {
        console.error('Database unavailable', loggableError(error));
        return errorJson(503, DATABASE_UNAVAILABLE, {
          'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
        });
      }
      console.error('Unhandled function error', loggableError(error));
      return errorJson(500, 'Something went wrong on our side. Please try again.');
    }
  };
}

/** What visitors read while a deploy lacks a required secret; the log names the variable. */
export const SERVICE_NOT_CONFIGURED =
  'This service is not available right now. Please try again later or contact us.';

/** 503 for a misconfigured deploy, with one log line naming the missing variable(s). */
function configurationUnavailable(error: ConfigurationError): Response {
  console.error(`[configuration] ${error.message}`);
  return errorJson(503, SERVICE_NOT_CONFIGURED, { 'Retry-After': '300' });
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * The visitor a rate limit counts: Netlify's `context.ip` (the address its edge saw; the local
 * hosts set it too), never a header, since X-Forwarded-For is whatever the caller typed. An
 * IPv6 address counts as its /64, the block one subscriber is given, so rotating addresses
 * inside it gives no new buckets. '' when no address is known (only possible off Netlify),
 * which the form limits count in one shared, larger bucket (form-submissions.ts).
 */
export function clientIp(context: FunctionContext): string {
  return addressBucket(context.ip ?? '');
}

/** An address as a rate-limit bucket: IPv4 as is, IPv6 as its /64 prefix ("2001:db8:0:1::/64"). */
export function addressBucket(raw: string): string {
  const ip = raw
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (!ip.includes(':')) return ip;
  const hextets = expandIpv6(ip);
  if (!hextets) return ip.toLowerCase();
  // An IPv4 address written as IPv6 (::ffff:192.0.2.1) is that IPv4 address.
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    return [hextets[6]! >> 8, hextets[6]! & 255, hextets[7]! >> 8, hextets[7]! & 255].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a trailing IPv4 part), or null. */
function expandIpv6(ip: string): number[] | null {
  const halves = ip.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (!part) return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const octets = piece.split('.').map(Number);
        if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255))
          return null;
        out.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        out.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/**
 * Same-origin check for state-changing requests from browsers (CSRF defence). The expected
 * host is the request URL's own (Netlify sets it); a caller-supplied X-Forwarded-Host is not
 * trusted. `Origin: null` (sandboxed frames, privacy redirects) and unparsable origins are
 * refused like foreign ones. Requests without Origin come from non-browser clients.
 */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get('origin');
  if (origin === null) return;
  if (!URL.canParse(origin) || new URL(origin).host !== new URL(req.url).host) {
    throw new HttpError(403, 'Cross-site request refused');
  }
}
