import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  isBackgroundFunction,
  matchFunctionRoute,
  type FunctionRouteConfig,
} from './netlify-routing.ts';

export const SOURCE_DIR = path.join('netlify', 'functions');
export const BUNDLED_DIR = path.join('.netlify', 'functions-bundled');

/** How a host reports an error that nothing handled, just before Node ends the process. */
export const FATAL_MARKER = '[serve] fatal';

export type FunctionHandler = (req: Request, context: unknown) => Promise<Response> | Response;
export type LoadedFunction = {
  name: string;
  file: string;
  handler: FunctionHandler;
  config: FunctionRouteConfig | undefined;
};

export function asList(v: string | string[] | undefined): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

export function pickFunction(list: LoadedFunction[], pathname: string, method: string) {
  for (const fn of list) {
    const params = matchFunctionRoute(fn.name, fn.config, pathname, method);
    if (params) return { fn, params };
  }
  return undefined;
}

/** Calls a function with a Netlify-like context; cookies set through it end up on the response. */
export async function invokeFunction(
  fn: LoadedFunction,
  request: Request,
  params: Record<string, string>,
  ip: string,
): Promise<Response> {
  const setCookies: string[] = [];
  const requestCookies = parseCookieHeader(request.headers.get('cookie'));
  // Netlify's edge gives every request an id in this header, and the context reads it there.
  const requestId = randomUUID();
  request = new Request(request, {
    headers: withHeader(request.headers, REQUEST_ID_HEADER, requestId),
  });
  const url = new URL(request.url);
  const context = {
    account: { id: 'local' },
    cookies: {
      get: (name: string) => requestCookies.get(name),
      set: (
        input: string | { name: string; value: string; [k: string]: unknown },
        value?: string,
      ) => {
        const c = typeof input === 'string' ? { name: input, value: value ?? '' } : input;
        setCookies.push(serializeCookie(c));
      },
      delete: (input: string | { name: string; path?: string; domain?: string }) => {
        const c = typeof input === 'string' ? { name: input } : input;
        setCookies.push(serializeCookie({ ...c, value: '', expires: new Date(0) }));
      },
    },
    deploy: { context: 'dev', id: '0', published: false },
    geo: {
      city: 'Local',
      country: { code: 'XX', name: 'Local' },
      subdivision: {},
      timezone: 'UTC',
    },
    // Local hosts only: a caller's X-Forwarded-For is the visitor (tests act as many visitors
    // through it). On Netlify `ip` is what the edge saw, and functions trust no header.
    ip: request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || ip,
    params,
    requestId,
    server: { region: 'local' },
    site: { id: 'local', name: 'local', url: process.env.URL },
    url,
    waitUntil: (promise: Promise<unknown>) => {
      promise.catch((error: unknown) =>
        console.error(`[functions] waitUntil in ${fn.name} failed`, error),
      );
    },
    json: (body: unknown, init?: ResponseInit) => Response.json(body, init),
    log: (...args: unknown[]) => console.log(`[${fn.name}]`, ...args),
    next: () => {
      throw new Error('context.next() is only available in edge functions');
    },
  };
  if (isBackgroundFunction(fn.name, fn.config)) {
    // As on Netlify: 202 at once, the function run detached and its answer dropped. The body
    // is read first, since the caller's connection ends with the 202.
    const body = request.body ? await request.arrayBuffer() : null;
    const detached = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body,
    });
    invocation
      .run(context, async () => fn.handler(detached, context))
      .catch((error: unknown) => console.error(`[functions] background ${fn.name} failed`, error));
    return new Response(null, { status: 202 });
  }
  let response = await invocation.run(context, () => fn.handler(request, context));
  if (!(response instanceof Response)) {
    throw new Error(`Function ${fn.name} did not return a Response`);
  }
  response = new Response(response.body, response);
  for (const c of setCookies) response.headers.append('Set-Cookie', c);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

/** The header in which Netlify names each request (its function log and support use it). */
export const REQUEST_ID_HEADER = 'x-nf-request-id';

function withHeader(headers: Headers, name: string, value: string): Headers {
  const copy = new Headers(headers);
  copy.set(name, value);
  return copy;
}

function parseCookieHeader(header: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) map.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()));
  }
  return map;
}

function serializeCookie(c: Record<string, unknown>): string {
  let out = `${String(c.name)}=${encodeURIComponent(String(c.value ?? ''))}`;
  if (c.path) out += `; Path=${String(c.path)}`;
  if (c.domain) out += `; Domain=${String(c.domain)}`;
  if (c.expires) out += `; Expires=${new Date(c.expires as string | number | Date).toUTCString()}`;
  if (typeof c.maxAge === 'number') out += `; Max-Age=${c.maxAge}`;
  if (c.httpOnly) out += '; HttpOnly';
  if (c.secure) out += '; Secure';
  if (c.sameSite) out += `; SameSite=${String(c.sameSite)}`;
  return out;
}

export function toRequest(req: http.IncomingMessage, origin: string, ip: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // Netlify's edge sets the client address; like the Netlify dev emulation, a forwarded
  // address from the caller is kept so tests can act as several visitors.
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  headers.set('x-nf-client-connection-ip', forwarded || ip);
  if (!forwarded) headers.set('x-forwarded-for', ip);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // request.url carries the host the browser asked for, as on Netlify (origin checks use it).
  const base = req.headers.host ? `http://${req.headers.host}` : origin;
  return new Request(new URL(req.url ?? '/', base), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: hasBody ? 'half' : undefined,
  } as RequestInit);
}

export async function writeResponse(res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      res.write(chunk);
  } catch (error) {
    console.error('[functions] response stream failed', error);
  }
  res.end();
}

type ModuleImporter = (file: string) => Promise<Record<string, unknown>>;

const importWithNode: ModuleImporter = (file) => import(pathToFileURL(file).href);

/** `importModule`: Node's import, or Vite's loader from the dev server so edits apply at once. */
export async function loadFunctions(
  dir: string,
  log: (...a: unknown[]) => void,
  importModule: ModuleImporter = importWithNode,
): Promise<LoadedFunction[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  const files: { name: string; file: string }[] = [];
  const isEntry = (f: string) => /\.(mts|mjs|ts|js|cts|cjs)$/.test(f) && !/\.(test|spec)\./.test(f);
  for (const entry of entries) {
    if (entry.isFile() && isEntry(entry.name)) {
      files.push({ name: entry.name.replace(/\.[^.]+$/, ''), file: path.join(dir, entry.name) });
    } else if (entry.isDirectory()) {
      const inner = (await readdir(path.join(dir, entry.name))).filter(isEntry);
      const main =
        inner.find((f) => f.replace(/\.[^.]+$/, '') === entry.name) ??
        inner.find((f) => f.startsWith('index.'));
      if (main) files.push({ name: entry.name, file: path.join(dir, entry.name, main) });
    }
  }
  const loaded: LoadedFunction[] = [];
  const failures: string[] = [];
  for (const { name, file } of files.sort((a, b) => a.name.localeCompare(b.name))) {
    try {
      const mod = (await importModule(file)) as {
        default?: FunctionHandler;
        config?: FunctionRouteConfig;
      };
      if (typeof mod.default !== 'function') {
        failures.push(`${name}: no default export handler`);
        continue;
      }
      loaded.push({ name, file, handler: mod.default, config: mod.config });
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message}`);
    }
  }
  for (const f of failures) console.error(`[functions] not loaded: ${f}`);
  log(
    `functions: ${loaded.map((f) => `${f.name} ${asList(f.config?.path).join(',') || `/.netlify/functions/${f.name}`}`).join('; ') || 'none'}`,
  );
  return loaded;
}

const invocation = new AsyncLocalStorage<object>();

/** `Netlify.env`, and `Netlify.context` (null outside an invocation), as on the platform. */
export function installNetlifyGlobal(): void {
  const g = globalThis as { Netlify?: unknown };
  g.Netlify ??= {
    env: {
      get: (k: string) => process.env[k],
      has: (k: string) => k in process.env,
      set: (k: string, v: string) => {
        process.env[k] = v;
      },
      delete: (k: string) => {
        delete process.env[k];
      },
      toObject: () => ({ ...process.env }),
    },
    get context() {
      return invocation.getStore() ?? null;
    },
  };
}
