/**
 * The one place functions turn results and failures into responses: JSON bodies, the
 * security headers, ZodError -> 400 with a readable `error`, and never a stack trace.
 */
import { ZodError, type ZodType } from 'zod';
import { FUNCTION_CSP, SECURITY_HEADERS } from './security-headers.ts';

/** Largest JSON body any endpoint accepts; larger bodies are refused before parsing. */
export const MAX_JSON_BYTES = 64 * 1024;

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
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Reads a JSON body with a size limit; malformed or oversized bodies become 400/413. */
export async function readJson(req: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new HttpError(413, 'Request body is too large');
  const text = await req.text();
  if (new TextEncoder().encode(text).byteLength > maxBytes) {
    throw new HttpError(413, 'Request body is too large');
  }
  if (!text.trim()) throw new HttpError(400, 'Request body must be JSON');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
}

/** Parses a JSON body with a shared zod schema. */
export async function parseJson<T>(req: Request, schema: ZodType<T>): Promise<T> {
  return schema.parse(await readJson(req));
}

type Handler = (req: Request, context: unknown) => Promise<Response> | Response;

/**
 * Wraps a function handler: checks the method, maps HttpError and ZodError to 4xx JSON,
 * and logs anything else as a 500 with a generic message.
 */
export function handler(methods: string[], fn: Handler): Handler {
  return async (req, context) => {
    if (!methods.includes(req.method)) {
      return errorJson(405, `Method ${req.method} is not allowed`, { Allow: methods.join(', ') });
    }
    try {
      return await fn(req, context);
    } catch (error) {
      if (error instanceof HttpError) return errorJson(error.status, error.message, error.headers);
      if (error instanceof ZodError) return errorJson(400, describeZodError(error));
      console.error('Unhandled function error', error);
      return errorJson(500, 'Something went wrong on our side. Please try again.');
    }
  };
}

/** The request's client address as Netlify reports it (falls back for local runs). */
export function clientIp(req: Request): string {
  return (
    // `??`, not `||`: an empty header is Netlify's dev emulation saying "no address known",
    // which the form limits count in one shared, larger bucket (contact.server.ts).
    req.headers.get('x-nf-client-connection-ip') ??
    req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ??
    '127.0.0.1'
  );
}

/** Same-origin check for state-changing requests from browsers (CSRF defence). */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get('origin');
  if (!origin) return;
  const expected = new URL(req.url).origin;
  const forwardedHost = req.headers.get('x-forwarded-host');
  const hosts = new Set([new URL(expected).host, forwardedHost].filter(Boolean));
  if (!hosts.has(new URL(origin).host)) throw new HttpError(403, 'Cross-site request refused');
}
