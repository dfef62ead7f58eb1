/** Requests as a browser sends them to a function, for the function tests. */
import type { Config } from '@netlify/functions';
import { matchFunctionRoute } from '../../scripts/lib/netlify-routing';
import type { FunctionContext } from '../server/http';

/**
 * A JSON POST from `ip` (Netlify's client-address header). `raw` sends a string body as is,
 * for malformed-JSON cases; otherwise the body is serialised.
 */
export function jsonPost(
  url: string,
  ip: string,
  body: unknown,
  headers: Record<string, string> = {},
  raw = false,
): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-nf-client-connection-ip': ip, ...headers },
    body: raw ? (body as string) : JSON.stringify(body),
  });
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
