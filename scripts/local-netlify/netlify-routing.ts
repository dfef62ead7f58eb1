/**
 * The routing rules Netlify applies to a deploy, as pure functions so the local production
 * server (scripts/local-netlify/serve.ts) and its unit tests share them:
 * - custom headers from netlify.toml [[headers]] and the adapter's .netlify/v1/config.json,
 *   applied to files served from the publish directory only (Netlify does not add them to
 *   function or SSR responses: those set their own);
 * - `_redirects` lines (redirects and 200 rewrites);
 * - which file of the publish directory answers a pretty URL;
 * - Functions v2 `config.path` / `excludedPath` / `method` matching.
 */
import path from 'node:path';

export type HeaderRule = { for: string; values: Record<string, string> };
export type RedirectRule = { from: string; to: string; status: number; force: boolean };

/** Turns a Netlify path pattern (`/*`, `/blog/:slug`, `/_astro/*`) into an anchored RegExp. */
export function netlifyPatternToRegExp(pattern: string): RegExp {
  const normalized = stripTrailingSlash(pattern);
  let source = '';
  for (let i = 0; i < normalized.length; i++) {
    const ch = normalized[i]!;
    if (ch === '*') {
      source += '.*';
    } else if (ch === ':' && /[A-Za-z_]/.test(normalized[i + 1] ?? '')) {
      const name = /^[A-Za-z_]\w*/.exec(normalized.slice(i + 1))![0];
      source += `(?<${name}>[^/]+)`;
      i += name.length;
    } else {
      source += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  // `/*` also matches `/` itself, as on Netlify.
  if (source.endsWith('/.*')) source = `${source.slice(0, -3)}(?:/.*)?`;
  return new RegExp(`^${source}/?$`);
}

function stripTrailingSlash(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/** Whether `pathname` is matched by a `[[headers]] for` pattern (trailing slash ignored). */
export function headerRuleMatches(pattern: string, pathname: string): boolean {
  return netlifyPatternToRegExp(pattern).test(stripTrailingSlash(pathname) || '/');
}

/**
 * The custom headers for one static response. Like Netlify, every matching rule contributes;
 * a header set by two rules gets both values joined with ", " (so a duplicated
 * Content-Security-Policy shows up in tests instead of being silently overwritten).
 */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  const seen = new Map<string, string>();
  for (const rule of rules) {
    if (!headerRuleMatches(rule.for, pathname)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      const existing = seen.get(key);
      if (existing === undefined) {
        seen.set(key, name);
        out[name] = value;
      } else if (out[existing] !== value) {
        out[existing] = `${out[existing]}, ${value}`;
      }
    }
  }
  return out;
}

/** `[[headers]]` tables of a parsed netlify.toml (values may be strings or lists). */
export function headerRulesFromToml(parsed: unknown): HeaderRule[] {
  const tables = (parsed as { headers?: unknown })?.headers;
  if (!Array.isArray(tables)) return [];
  return tables.flatMap((t: { for?: unknown; values?: Record<string, unknown> }) => {
    if (typeof t?.for !== 'string' || !t.values) return [];
    const values = Object.fromEntries(
      Object.entries(t.values).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
    );
    return [{ for: t.for, values }];
  });
}

/** The `headers` the adapter writes to .netlify/v1/config.json (per-page CSP, asset caching). */
export function headerRulesFromFrameworkConfig(parsed: unknown): HeaderRule[] {
  const list = (parsed as { headers?: unknown })?.headers;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (h): h is HeaderRule => typeof h?.for === 'string' && typeof h?.values === 'object',
  );
}

/** Parses a `_redirects` file: `from to [status][!]`, comments and blank lines ignored. */
export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const [from, to, statusToken = '301'] = line.split(/\s+/);
    if (!from || !to) continue;
    const force = statusToken.endsWith('!');
    const status = Number.parseInt(statusToken, 10) || 301;
    rules.push({ from, to, status, force });
  }
  return rules;
}

/** The first `_redirects` rule matching `pathname`, with `:splat` and `:params` filled in. */
export function matchRedirect(
  rules: RedirectRule[],
  pathname: string,
): (RedirectRule & { target: string }) | undefined {
  for (const rule of rules) {
    const match = netlifyPatternToRegExp(rule.from).exec(stripTrailingSlash(pathname) || '/');
    if (!match) continue;
    let target = rule.to;
    const splat = rule.from.endsWith('*')
      ? pathname.slice(rule.from.length - 1).replace(/^\//, '')
      : '';
    target = target.replace(':splat', splat);
    for (const [name, value] of Object.entries(match.groups ?? {})) {
      target = target.replace(`:${name}`, value);
    }
    return { ...rule, target };
  }
  return undefined;
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
};

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
