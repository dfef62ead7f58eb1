/** Requests as a browser sends them to a function, for the function tests. */
import type { Config } from '@netlify/functions';
import { matchFunctionRoute } from '../../scripts/local-netlify/netlify-routing';
import type { FunctionContext } from '../server/handler';

/**
 * A JSON POST. `raw` sends a string body as is, for malformed-JSON cases; otherwise the body
 * is serialised. The visitor's address is not in the request: pass `{ ip }` as the context,
 * as Netlify does.
 */
export function jsonPost(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  raw = false,
): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw ? (body as string) : JSON.stringify(body),
  });
}

/**
 * A form the browser posts itself (a page navigation, URL-encoded), as before an island has
 * hydrated: Sec-Fetch-Mode, Origin and Referer as a browser sets them for `fromPath`.
 */
export function nativeFormPost(
  url: string,
  fields: Record<string, string>,
  {
    fromPath = '/contact',
    headers = {},
  }: { fromPath?: string; headers?: Record<string, string> } = {},
): Request {
  const origin = new URL(url).origin;
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'sec-fetch-mode': 'navigate',
      origin,
      referer: new URL(fromPath, origin).href,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * A POST with exactly these headers and this body, a string or a stream (sent as it comes), as
 * any client may send it: for the checks on bodies and origins.
 */
export function rawPost(
  url: string,
  headers: Record<string, string> = {},
  body?: BodyInit,
): Request {
  return new Request(url, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

export type FunctionHandler = (
  req: Request,
  context: FunctionContext,
) => Promise<Response> | Response;
export type FunctionModule = { default: FunctionHandler; config: Config };

/**
 * A function as Netlify calls it: `context.params` matched from its own `config.path`
 * (URLPattern, as on Netlify), the rest of the context as the test gives it.
 */
export function routed(mod: FunctionModule): FunctionHandler {
  return (req, context = {}) => {
    const params =
      matchFunctionRoute('test', mod.config, new URL(req.url).pathname, req.method) ?? {};
    return mod.default(req, { ...context, params: context.params ?? params });
  };
}
