/**
 * The one logger: JSON lines on stdout/stderr (Netlify's function log keeps them; docs/operations.md).
 * A line inside a request carries that request's id and function (an AsyncLocalStorage set by
 * handler.ts). Lines never hold a body, cookie, token, query string or e-mail address: callers
 * pass fields, not objects from the request, and every string is scrubbed of addresses.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { loggableError } from './loggable-error.ts';

export type LogLevel = 'info' | 'warn' | 'error';

export type RequestScope = {
  requestId: string;
  function: string;
  /** What the request's own log line says went wrong, when nothing was thrown. */
  note?: string;
};

export type LogLine = {
  level: LogLevel;
  time: string;
  msg: string;
  requestId?: string;
  function?: string;
  [field: string]: unknown;
};

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` with every line it logs tagged with the request's id and function. */
export function inRequestScope<T>(request: RequestScope, fn: () => T): T {
  return scope.run(request, fn);
}

export function currentScope(): RequestScope | undefined {
  return scope.getStore();
}

/** Puts `text` into the `error` field of this request's line (when it is logged at all). */
export function noteForRequestLog(text: string): void {
  const request = scope.getStore();
  if (request) request.note = text;
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** Long opaque runs (session tokens, magic-link codes, hashes) in free text. */
const TOKEN_LIKE = /\b[A-Za-z0-9_-]{32,}\b/g;

/** Free text as a log may keep it: no e-mail addresses, no token-like strings. */
export function scrub(text: string): string {
  return text.replace(EMAIL, '[address]').replace(TOKEN_LIKE, '[token]');
}

function scrubbed(value: unknown): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map(scrubbed);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubbed(v)]));
  }
  return value;
}

/** The error as a log field: its causes and frames, no bound query values, no addresses. */
export function errorField(error: unknown): string {
  return scrub(loggableError(error));
}

/** Builds the line (time, the request's scope, scrubbed fields) without writing it. */
export function logLine(
  level: LogLevel,
  msg: string,
  fields: Record<string, unknown> = {},
): LogLine {
  const request = scope.getStore();
  return {
    level,
    time: new Date().toISOString(),
    msg: scrub(msg),
    ...(request ? { requestId: request.requestId, function: request.function } : {}),
    ...(scrubbed(fields) as Record<string, unknown>),
  };
}

/** Writes one JSON line; `error` and `warn` go to stderr, which Netlify marks as such. */
export function writeLine(line: LogLine): void {
  const text = JSON.stringify(line);
  if (line.level === 'error') console.error(text);
  else if (line.level === 'warn') console.warn(text);
  else console.info(text);
}

export function log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void {
  writeLine(logLine(level, msg, fields));
}

export const logInfo = (msg: string, fields?: Record<string, unknown>) => log('info', msg, fields);
export const logWarn = (msg: string, fields?: Record<string, unknown>) => log('warn', msg, fields);
/** An error line; `error` (any thrown value) becomes the `error` field. */
export function logError(msg: string, error?: unknown, fields?: Record<string, unknown>): void {
  log('error', msg, { ...fields, ...(error === undefined ? {} : { error: errorField(error) }) });
}

/** Netlify's id of the request (its `x-nf-request-id`), or one of our own where there is none. */
export function requestIdOf(req: Request, context?: { requestId?: string }): string {
  const given = req.headers.get('x-nf-request-id') || context?.requestId || '';
  return /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
}

/**
 * The request path as logged: no query string, each matched `:name` parameter put back as its
 * name (a path may carry an id or a token), any other long opaque segment withheld.
 */
export function loggablePath(url: string, params: Record<string, string> = {}): string {
  const names = new Map(Object.entries(params).map(([name, value]) => [value, name]));
  return new URL(url).pathname
    .split('/')
    .map((segment) => {
      const name = names.get(segment);
      if (name !== undefined && segment) return `:${name}`;
      return scrub(decodeSegment(segment));
    })
    .join('/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A function's own file: its source in netlify/functions, or its bundle. */
const FUNCTION_FILE = /[\\/](netlify[\\/]functions|functions-bundled)[\\/][^\\/]+$/;
/** The site's own modules (the wrapper, form helpers, features), but not their tests. */
const SITE_MODULE = /[\\/]src[\\/](?!.*\.test\.[cm]?[jt]sx?$)/;

/**
 * Which function `handler()` is wrapping, named like its file: the first stack frame in a
 * function's file (a form helper may stand between), else the first outside the site's own
 * modules (a test). In a bundle every frame is the bundle's file, named like the function.
 */
export function callerFileName(stack: string | undefined): string {
  const files = (stack ?? '')
    .split('\n')
    .slice(1)
    .map((frame) => /(?:\(|at )(?:file:\/\/)?([^()\s]+?):\d+:\d+\)?\s*$/.exec(frame)?.[1])
    .filter((file): file is string => !!file && !file.startsWith('node:'));
  const file = files.find((f) => FUNCTION_FILE.test(f)) ?? files.find((f) => !SITE_MODULE.test(f));
  const base = file?.split(/[\\/]/).pop() ?? '';
  return base.replace(/\?.*$/, '').replace(/\.(m?[jt]s|tsx?)$/, '') || 'unknown';
}
