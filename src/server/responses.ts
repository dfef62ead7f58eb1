import { FUNCTION_CSP, SECURITY_HEADERS } from './security-headers.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
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
