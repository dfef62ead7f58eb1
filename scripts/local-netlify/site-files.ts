/**
 * The deploy's files as Netlify serves them: pretty URLs, ETags, `Cache-Control` for deploy
 * files, compression, and the custom headers (netlify.toml `[[headers]]`, `_headers`, the
 * framework API's .netlify/v1/config.json) and redirects (`_redirects`, `[[redirects]]`) that
 * serve.ts applies.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { parse as parseToml } from 'smol-toml';
import {
  candidateFiles,
  contentTypeOf,
  headerRulesFromFrameworkConfig,
  headerRulesFromToml,
  isCompressible,
  parseRedirects,
  type HeaderRule,
  type RedirectRule,
} from './netlify-routing.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The file of `distDir` that `pathname` names (pretty URLs), if there is one. */
export async function findFile(distDir: string, pathname: string): Promise<string | undefined> {
  for (const candidate of candidateFiles(distDir, pathname)) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
  }
  return undefined;
}

/**
 * Answers requests with files: `serveFile(request, file, custom headers, status)`. Compressed
 * bodies are kept (by encoding and ETag) for the life of the returned function.
 */
export function fileServer() {
  const compressed = new Map<string, Buffer>();
  return async function serveFile(
    request: Request,
    file: string,
    custom: Record<string, string>,
    status: number,
  ): Promise<Response> {
    const info = await stat(file);
    const type = contentTypeOf(file);
    const etag = `"${createHash('sha1').update(`${file}:${info.size}:${info.mtimeMs}`).digest('hex').slice(0, 20)}"`;
    const headers = new Headers({
      'Content-Type': type,
      // Netlify's default for deploy files: always revalidate (assets get immutable via config.json).
      'Cache-Control': 'public, max-age=0, must-revalidate',
      ETag: etag,
    });
    for (const [k, v] of Object.entries(custom)) headers.set(k, v);
    if (status === 200 && request.headers.get('if-none-match') === etag) {
      return new Response(null, { status: 304, headers });
    }
    let body: Buffer = await readFile(file);
    const accept = request.headers.get('accept-encoding') ?? '';
    if (isCompressible(type) && body.length > 256) {
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
      if (encoding) {
        const key = `${encoding}:${etag}`;
        let packed = compressed.get(key);
        if (!packed) {
          packed = encoding === 'br' ? await brotli(body) : await gzip(body);
          compressed.set(key, packed);
        }
        body = packed;
        headers.set('Content-Encoding', encoding);
      }
      headers.set('Vary', 'Accept-Encoding');
    }
    headers.set('Content-Length', String(body.length));
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status,
      headers,
    });
  };
}

export async function loadHeaderRules(root: string, buildRoot: string): Promise<HeaderRule[]> {
  const rules: HeaderRule[] = [];
  const tomlPath = path.join(root, 'netlify.toml');
  if (existsSync(tomlPath))
    rules.push(...headerRulesFromToml(parseToml(await readFile(tomlPath, 'utf8'))));
  const headersFile = path.join(buildRoot, 'dist', '_headers');
  if (existsSync(headersFile)) rules.push(...parseHeadersFile(await readFile(headersFile, 'utf8')));
  const frameworkConfig = path.join(buildRoot, '.netlify', 'v1', 'config.json');
  if (existsSync(frameworkConfig)) {
    rules.push(
      ...headerRulesFromFrameworkConfig(JSON.parse(await readFile(frameworkConfig, 'utf8'))),
    );
  }
  return rules;
}

/** `_headers` file: a path line followed by indented `Name: value` lines. */
function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = { for: line.trim(), values: {} };
      rules.push(current);
    } else if (current) {
      const i = line.indexOf(':');
      if (i > 0) current.values[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return rules;
}

export async function loadRedirects(root: string, distDir: string): Promise<RedirectRule[]> {
  const rules: RedirectRule[] = [];
  const file = path.join(distDir, '_redirects');
  if (existsSync(file)) rules.push(...parseRedirects(await readFile(file, 'utf8')));
  const tomlPath = path.join(root, 'netlify.toml');
  if (existsSync(tomlPath)) {
    const parsed = parseToml(await readFile(tomlPath, 'utf8')) as {
      redirects?: { from: string; to: string; status?: number; force?: boolean }[];
    };
    for (const r of parsed.redirects ?? []) {
      rules.push({ from: r.from, to: r.to, status: r.status ?? 301, force: Boolean(r.force) });
    }
  }
  return rules;
}
