// Lines never hold a body, cookie, token, query string or e-mail address: callers pass fields, not
// objects from the request, and every string is scrubbed of addresses.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { loggableError } from './loggable-error.ts';

export type LogLevel = 'info' | 'warn' | 'error';

export type RequestScope = {
  requestId: string;
  function: string;
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

export function inRequestScope<T>(request: RequestScope, fn: () => T): T {
  return scope.run(request, fn);
}

export function currentScope(): RequestScope | undefined {
  return scope.getStore();
}

export function noteForRequestLog(text: string): void {
  const request = scope.getStore();
  if (request) request.note = text;
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const TOKEN_LIKE = /\b[A-Za-z0-9_-]{32,}\b/g;

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

export function errorField(error: unknown): string {
  return scrub(loggableError(error));
}

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

// stderr for `error` and `warn`: Netlify marks those lines as such.
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
export function logError(msg: string, error?: unknown, fields?: Record<string, unknown>): void {
  log('error', msg, { ...fields, ...(error === undefined ? {} : { error: errorField(error) }) });
}

export function requestIdOf(req: Request, context?: { requestId?: string }): string {
  const given = req.headers.get('x-nf-request-id') || context?.requestId || '';
  return /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
}

// Each matched `:name` parameter put back as its name: a path may carry an id or a token.
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

const FUNCTION_FILE = /[\\/](netlify[\\/]functions|functions-bundled)[\\/][^\\/]+$/;
const SITE_MODULE = /[\\/]src[\\/](?!.*\.test\.[cm]?[jt]sx?$)/;

// The first frame in a function's file (a form helper may stand between), else the first outside
// the site's modules (a test). In a bundle every frame is the bundle's, named like its function.
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
