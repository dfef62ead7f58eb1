import path from 'node:path';

function stripTrailingSlash(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/** Netlify's order: the exact file, then pretty URLs; [] for a path that tries to leave `root`. */
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

export function isBackgroundFunction(name: string, config: FunctionRouteConfig | undefined) {
  return name.endsWith('-background') || config?.background === true;
}

const asList = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/** URLPattern `config.path` minus `excludedPath`, in `config.method`; no path: /.netlify/functions/<name>. */
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

export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(
    contentType,
  );
}
