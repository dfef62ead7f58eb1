/**
 * The parts of Netlify's routing the local host still does itself (README.md says why), as
 * pure functions so the host, src/testing/requests.ts and the unit tests share them:
 * - Functions v2 `config.path` / `excludedPath` / `method` matching (checked against
 *   `netlify build`'s manifest by conformance.ts);
 * - which file of the publish directory answers a pretty URL;
 * - content types and which of them the CDN compresses.
 * Redirects and custom headers are Netlify's own engines' (redirect-rules.ts, custom-headers.ts).
 */
import path from 'node:path';

function stripTrailingSlash(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/**
 * The files that may answer `pathname` in the publish directory, in Netlify's order:
 * the exact file, then pretty URLs (`/about` → about.html or about/index.html).
 * Returns [] for paths that try to leave the directory.
 */
export function candidateFiles(root: string, pathname: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return [];
  }
  if (decoded.includes('\0')) return [];
  const resolvedRoot = path.resolve(root);
  const target = path.resolve(resolvedRoot, `.${decoded}`);
  if (target !== resolvedRoot && !target.startsWith(resolvedRoot + path.sep)) return [];
  if (decoded.endsWith('/')) {
    const base = stripTrailingSlash(target);
    return [path.join(target, 'index.html'), ...(decoded === '/' ? [] : [`${base}.html`])];
  }
  return [target, `${target}.html`, path.join(target, 'index.html')];
}

export type FunctionRouteConfig = {
  path?: string | string[];
  excludedPath?: string | string[];
  method?: string | string[];
  preferStatic?: boolean;
  /** A scheduled function: run by the platform's clock, never reachable by URL. */
  schedule?: string;
  /** A background function (also named `*-background`): answered 202, run detached. */
  background?: boolean;
};

/** Netlify runs a function in the background when its name or its config says so. */
export function isBackgroundFunction(name: string, config: FunctionRouteConfig | undefined) {
  return name.endsWith('-background') || config?.background === true;
}

const asList = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/**
 * Matches a Functions v2 route: URLPattern syntax for `config.path`, minus `excludedPath`,
 * limited to `config.method`. Functions without a path answer at /.netlify/functions/<name>.
 * Returns the named parameters on a match, undefined otherwise.
 */
export function matchFunctionRoute(
  name: string,
  config: FunctionRouteConfig | undefined,
  pathname: string,
  method: string,
): Record<string, string> | undefined {
  // Netlify runs scheduled functions on their schedule only; a request for one is a 404.
  if (config?.schedule) return undefined;
  const paths = asList(config?.path);
  const patterns = paths.length ? paths : [`/.netlify/functions/${name}`];
  const methods = asList(config?.method).map((m) => m.toUpperCase());
  if (methods.length && !methods.includes(method.toUpperCase())) {
    // HEAD is answered by a GET function, as on Netlify.
    if (!(method.toUpperCase() === 'HEAD' && methods.includes('GET'))) return undefined;
  }
  for (const excluded of asList(config?.excludedPath)) {
    if (new URLPattern({ pathname: excluded }).test({ pathname })) return undefined;
  }
  for (const pattern of patterns) {
    const result = new URLPattern({ pathname: pattern }).exec({ pathname });
    if (result) {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(result.pathname.groups)) {
        if (v !== undefined && !/^\d+$/.test(k)) params[k] = v;
      }
      return params;
    }
  }
  return undefined;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Text responses Netlify's CDN compresses. */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(
    contentType,
  );
}
