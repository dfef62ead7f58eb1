// Netlify's order: functions, files (pretty URLs), redirects and rewrites (a file shadows an
// unforced rule), `preferStatic` functions (Astro's SSR), 404.html. Files and rules go through
// the redirects engine first: only it knows whether a rule is forced.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { customHeaders } from './custom-headers.ts';
import type { DeployConfig } from './deploy-config.ts';
import { pickFunction, type LoadedFunction } from './function-host.ts';
import { redirectRules, type LocalAnswer } from './redirect-rules.ts';
import { findFile, type ServeFile } from './site-files.ts';

export type Invoke = (
  fn: LoadedFunction,
  request: Request,
  params: Record<string, string>,
  ip: string,
) => Promise<Response>;

export type SiteRouterOptions = {
  distDir: string;
  config: DeployConfig;
  /** Functions that answer before files. */
  routed: LoadedFunction[];
  /** Functions that answer only where no file and no rule does. */
  preferStatic: LoadedFunction[];
  serveFile: ServeFile;
  invoke: Invoke;
};

export function siteRouter(options: SiteRouterOptions) {
  const { distDir, routed, preferStatic, serveFile, invoke } = options;
  const headers = customHeaders(options.config, distDir);

  async function answerFile(request: Request, file: string, status: number) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    return serveFile(request, file, await headers(request.url), status);
  }

  async function notFound(request: Request): Promise<Response> {
    const page = path.join(distDir, '404.html');
    if (!existsSync(page)) return new Response('Not Found', { status: 404 });
    return serveFile(request, page, await headers(request.url), 404);
  }

  const rules = redirectRules(options.config, distDir, notFound);

  async function fileAt(request: Request, status: number) {
    const file = await findFile(distDir, new URL(request.url).pathname);
    return file ? () => answerFile(request, file, status) : undefined;
  }

  return async function route(request: Request, ip: string): Promise<Response> {
    const { pathname } = new URL(request.url);
    const fn = pickFunction(routed, pathname, request.method);
    if (fn) return invoke(fn.fn, request, fn.params, ip);

    // A rewrite's target is answered as a request for it would be, functions included; they
    // get the request as sent, as under `netlify dev`.
    const targetOf = async (target: Request, status: number) => {
      const targetPath = new URL(target.url).pathname;
      const early = pickFunction(routed, targetPath, request.method);
      if (early) return () => invoke(early.fn, request, early.params, ip);
      const file = await fileAt(target, status);
      if (file) return file;
      const late = pickFunction(preferStatic, targetPath, request.method);
      return late && (() => invoke(late.fn, request, late.params, ip));
    };
    const local: LocalAnswer = (target, rewriteStatus) =>
      rewriteStatus === undefined ? fileAt(target, 200) : targetOf(target, rewriteStatus);

    const ruled = await rules.apply(request, local);
    // A redirect carries the custom headers of the path asked for (HSTS on a 301 too).
    if (ruled?.redirect) return withHeaders(ruled.response, await headers(request.url));
    if (ruled) return ruled.response;

    const file = await fileAt(request, 200);
    if (file) return file();

    const late = pickFunction(preferStatic, pathname, request.method);
    if (late) return invoke(late.fn, request, late.params, ip);
    return notFound(request);
  };
}

/** A copy with `extra` added (the engine's redirects have immutable headers). */
function withHeaders(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
}
