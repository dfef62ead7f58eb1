/**
 * The client session: a stateless, HMAC-signed cookie naming the purchaser (client id) and
 * an expiry. A paid order grants it (success page lookup, test orders, magic links); the
 * dashboard and onboarding read it to scope everything to that client's own orders.
 *
 * Cookie value: base64url(JSON {c: clientId, e: expiry in unix seconds}) + "." + base64url(HMAC-SHA256).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readEnv } from '../env.ts';

/** `__Host-` binds the cookie to this exact origin: Secure, Path=/ and no Domain are enforced by browsers. */
export const CLIENT_SESSION_COOKIE = '__Host-client_session';
export const CLIENT_SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type ClientSession = { clientId: number };

type Options = { secret?: string; now?: Date };

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

function secretOf(options: Options): string {
  return options.secret ?? readEnv().sessionSecret;
}

/** The signed cookie value for a client (exported for tests and other cookie writers). */
export function encodeClientSession(
  clientId: number,
  options: Options & { maxAgeSeconds?: number } = {},
): string {
  if (!Number.isSafeInteger(clientId) || clientId <= 0) throw new Error('Invalid client id');
  const now = options.now ?? new Date();
  const expiry =
    Math.floor(now.getTime() / 1000) + (options.maxAgeSeconds ?? CLIENT_SESSION_MAX_AGE_SECONDS);
  const body = Buffer.from(JSON.stringify({ c: clientId, e: expiry })).toString('base64url');
  return `${body}.${sign(body, secretOf(options))}`;
}

/** Verifies signature and expiry; anything malformed, forged or expired is simply no session. */
export function decodeClientSession(value: string, options: Options = {}): ClientSession | null {
  const [body, signature, extra] = value.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(body, secretOf(options)));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (typeof payload !== 'object' || payload === null) return null;
    const { c, e } = payload as { c?: unknown; e?: unknown };
    if (typeof c !== 'number' || !Number.isSafeInteger(c) || c <= 0) return null;
    if (typeof e !== 'number') return null;
    const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
    if (e <= now) return null;
    return { clientId: c };
  } catch {
    return null;
  }
}

function cookieAttributes(maxAgeSeconds: number): string {
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;
}

/** A `Set-Cookie` header value that signs the browser in as this client. */
export function createClientSessionCookie(
  clientId: number,
  options: Options & { maxAgeSeconds?: number } = {},
): string {
  const maxAge = options.maxAgeSeconds ?? CLIENT_SESSION_MAX_AGE_SECONDS;
  return `${CLIENT_SESSION_COOKIE}=${encodeClientSession(clientId, options)}; ${cookieAttributes(maxAge)}`;
}

/** A `Set-Cookie` header value that removes the client session. */
export function clearClientSessionCookie(): string {
  return `${CLIENT_SESSION_COOKIE}=; ${cookieAttributes(0)}`;
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

/** The signed-in client of a request, or null. */
export function readClientSession(req: Request, options: Options = {}): ClientSession | null {
  const value = readCookie(req.headers.get('cookie'), CLIENT_SESSION_COOKIE);
  return value ? decodeClientSession(value, options) : null;
}
