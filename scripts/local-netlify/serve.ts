/**
 * Serves the production build the way Netlify would, so the Playwright suite and the
 * Lighthouse audit see real headers (the hashed CSP is enforced here, unlike under `astro dev`,
 * which cannot preview with the Netlify adapter).
 *
 * Order of resolution, as on Netlify:
 *   1. Functions v2 in netlify/functions (their `config.path`/`method`), unless `preferStatic`;
 *   2. files of dist/ (pretty URLs), with netlify.toml [[headers]] and the adapter's per-page
 *      headers from .netlify/v1/config.json;
 *   3. `_redirects` and netlify.toml [[redirects]];
 *   4. `preferStatic` functions, i.e. Astro's SSR function for on-demand pages;
 *   5. dist/404.html with status 404.
 * Custom headers apply to files only: function and SSR responses carry their own, exactly as
 * in production, so a page that forgets them fails here too.
 *
 * Functions are the bundles `npm run build` made for the deploy (.netlify/functions-bundled),
 * or their source (imported with tsx) when there are none; they share one process and one
 * database:
 *   - by default (`npm run preview`), Netlify's local Postgres-compatible server (the engine of
 *     `npm run dev`'s .netlify/db) keeping its data in .netlify/preview-db, so paid orders and
 *     messages survive a restart; --data-dir picks another folder, --fresh a throwaway one;
 *   - with --snapshot (the e2e suite, `npm run serve:dist`) or --fresh, an empty database in
 *     memory: the in-process PGlite of src/server/db/client.ts, or, with --db-port, that
 *     server in memory on a fixed port, reachable by tests and `npm run admin:create`;
 *   - with DATABASE_URL or NETLIFY_DB_URL set (and no --db-port, --data-dir or --fresh), that one.
 *
 *   npx tsx scripts/local-netlify/serve.ts [--port 4500] [--host 127.0.0.1] [--snapshot] [--quiet]
 *                            [--db-port 5500] [--data-dir .netlify/preview-db | --fresh]
 *
 * --snapshot copies dist/ and .netlify/v1 (under the shared build lock) before serving, so a
 * build started meanwhile by someone else cannot change the files under a running test.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { parse as parseToml } from 'smol-toml';
import {
  candidateFiles,
  contentTypeOf,
  headerRulesFromFrameworkConfig,
  headerRulesFromToml,
  headersFor,
  isCompressible,
  matchRedirect,
  parseRedirects,
  type FunctionRouteConfig,
  type HeaderRule,
  type RedirectRule,
} from './netlify-routing.ts';
import { startDatabaseServer } from './database-server.ts';
import {
  BUNDLED_DIR,
  SOURCE_DIR,
  asList,
  installNetlifyGlobal,
  invokeFunction as invoke,
  loadFunctions,
  pickFunction,
  toRequest,
  writeResponse,
  type FunctionHandler,
  type LoadedFunction,
} from './function-host.ts';
import { loadLocalEnv } from '../../src/server/local-env.ts';

// A local run: src/server/env.ts may fall back to its development SESSION_SECRET (never in a
// deployed invocation), payments are simulated unless .env brings a Stripe key or
// SIMULATED_PAYMENTS=0, and .env is read as under `npm run dev`.
process.env.NOVAREACH_LOCAL_RUN = 'preview';
loadLocalEnv();
process.env.SIMULATED_PAYMENTS ??= '1';

export type ServeOptions = {
  port?: number | undefined;
  host?: string | undefined;
  /** Project root (holds dist/, .netlify/, netlify/functions, netlify.toml). */
  root?: string | undefined;
  snapshot?: boolean | undefined;
  quiet?: boolean | undefined;
  /**
   * Run a Postgres-compatible database (Netlify's local DB, as under `astro dev`) on this port
   * and point the functions at it, so other processes (tests, `npm run admin:create`) can
   * reach the same data; 0 picks a free port. Without it (and without `dataDir`) the functions
   * use an in-process PGlite, or DATABASE_URL / NETLIFY_DB_URL when set.
   */
  dbPort?: number | undefined;
  /**
   * Keep the database in this PGlite data folder, served by that same local database server
   * (on `dbPort`, or a free port), so it survives restarts. Without it the database lives in
   * memory. The command line defaults it to .netlify/preview-db (see {@link parseCommandLine}).
   */
  dataDir?: string | undefined;
};

export type RunningServer = {
  origin: string;
  distDir: string;
  functions: { name: string; paths: string[] }[];
  hasSsr: boolean;
  close: () => Promise<void>;
};

const BUILD_LOCK = '/tmp/astro-build.lock';
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const root = path.resolve(options.root ?? process.cwd());
  const port = options.port ?? 4500;
  const host = options.host ?? '127.0.0.1';
  const log = options.quiet ? () => {} : (...a: unknown[]) => console.log('[serve]', ...a);

  const snapshot = options.snapshot ? await snapshotBuild(root) : undefined;
  const buildRoot = snapshot?.dir ?? root;
  const distDir = path.join(buildRoot, 'dist');
  if (
    !existsSync(path.join(distDir, 'index.html')) &&
    !existsSync(path.join(distDir, '404.html'))
  ) {
    throw new Error(`No build in ${distDir}: run \`npm run build\` first.`);
  }

  const origin = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  // Netlify gives functions their site URL in URL; readEnv() falls back to it for SITE_URL.
  process.env.URL ??= origin;
  installNetlifyGlobal();
  const stopBlobs = await startBlobsServer(log);
  let stopDb: (() => Promise<void>) | undefined;
  let closeDb: (() => Promise<void>) | undefined;
  // A start that fails half-way (a port in use, a failing migration) leaves nothing running;
  // a persistent database folder in particular is closed cleanly and unlocked.
  const abort = async (error: unknown): Promise<never> => {
    await Promise.allSettled([closeDb?.()]);
    await Promise.allSettled([stopBlobs(), stopDb?.(), snapshot?.remove()]);
    throw error;
  };

  if (options.dbPort !== undefined || options.dataDir) {
    stopDb = await startDatabase(options.dbPort, options.dataDir, log).catch(abort);
  }
  const headerRules = await loadHeaderRules(root, buildRoot).catch(abort);
  const redirects = await loadRedirects(root, distDir).catch(abort);
  // The functions as they deploy (bundled by `npm run build`), else their source.
  const bundled = path.join(buildRoot, BUNDLED_DIR);
  const functionsDir = existsSync(bundled) ? bundled : path.join(root, SOURCE_DIR);
  const functions = await loadFunctions(functionsDir, log).catch(abort);
  const ssr = await loadSsrFunction(buildRoot, log).catch(abort);
  if (functions.length || ssr) closeDb = await warmDatabase(root, log).catch(abort);

  const routed: LoadedFunction[] = [...functions.filter((f) => !f.config?.preferStatic)];
  const preferStatic: LoadedFunction[] = [
    ...functions.filter((f) => f.config?.preferStatic),
    ...(ssr ? [ssr] : []),
  ];
  const compressed = new Map<string, Buffer>();

  async function handle(request: Request, ip: string): Promise<Response> {
    const url = new URL(request.url);
    const pathname = url.pathname;

    const fn = pickFunction(routed, pathname, request.method);
    if (fn) return invoke(fn.fn, request, fn.params, ip);

    const file = await findFile(distDir, pathname);
    if (file) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
      }
      return serveFile(request, file, headersFor(headerRules, pathname), 200);
    }

    const redirect = matchRedirect(redirects, pathname);
    if (redirect) {
      if (redirect.status === 200) {
        const rewritten = new URL(redirect.target, url);
        rewritten.search = url.search;
        if (rewritten.pathname.startsWith('/.netlify/functions/ssr') && ssr) {
          return invoke(ssr, request, {}, ip);
        }
        const target = await findFile(distDir, rewritten.pathname);
        if (target) return serveFile(request, target, headersFor(headerRules, pathname), 200);
      } else {
        return new Response(null, {
          status: redirect.status,
          headers: { Location: redirect.target, ...headersFor(headerRules, pathname) },
        });
      }
    }

    const late = pickFunction(preferStatic, pathname, request.method);
    if (late) return invoke(late.fn, request, late.params, ip);

    const notFound = path.join(distDir, '404.html');
    if (existsSync(notFound))
      return serveFile(request, notFound, headersFor(headerRules, pathname), 404);
    return new Response('Not Found', { status: 404 });
  }

  async function serveFile(
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
  }

  const server = http.createServer(async (req, res) => {
    const started = performance.now();
    const ip = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    let response: Response;
    try {
      response = await handle(toRequest(req, origin, ip), ip);
    } catch (error) {
      console.error('[serve] request failed', req.method, req.url, error);
      response = new Response('Internal Server Error', { status: 500 });
    }
    await writeResponse(res, response);
    if (!options.quiet && process.env.SERVE_LOG_REQUESTS) {
      log(req.method, req.url, response.status, `${Math.round(performance.now() - started)}ms`);
    }
  });
  // Keep-alive sockets must not outlive close() (Playwright and Lighthouse open many).
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  }).catch(abort);
  log(
    `serving ${path.relative(process.cwd(), distDir) || distDir} at ${origin}`,
    `(${functions.length} function(s)${ssr ? ', SSR pages' : ''})`,
  );

  return {
    origin,
    distDir,
    functions: functions.map((f) => ({ name: f.name, paths: asList(f.config?.path) })),
    hasSsr: Boolean(ssr),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      // Every step runs even if one before it failed: the database server must always get
      // its stop(), which flushes a persistent data folder and releases its lock.
      const results = await Promise.allSettled([closeDb?.()]);
      results.push(...(await Promise.allSettled([stopBlobs(), stopDb?.(), snapshot?.remove()])));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}

async function findFile(distDir: string, pathname: string): Promise<string | undefined> {
  for (const candidate of candidateFiles(distDir, pathname)) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
  }
  return undefined;
}

/**
 * Copies the build under .netlify/ (inside the project, so the SSR bundle still finds the
 * project's node_modules for anything it did not copy). Copies of dead servers are removed.
 */
async function snapshotBuild(root: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const parent = path.join(root, '.netlify');
  await mkdir(parent, { recursive: true });
  for (const name of await readdir(parent)) {
    const pid = /^serve-(\d+)-/.exec(name)?.[1];
    if (pid && !isAlive(Number(pid)))
      await rm(path.join(parent, name), { recursive: true, force: true });
  }
  const dir = await mkdtemp(path.join(parent, `serve-${process.pid}-`));
  // A build run without the lock can still be half-written: copy again until every asset a
  // page references is there.
  for (let attempt = 1; ; attempt++) {
    copyBuild(root, dir);
    const missing = await missingAssets(path.join(dir, 'dist'));
    if (!missing.length) break;
    if (attempt === 10) {
      throw new Error(
        `The build in ${root}/dist is incomplete (missing ${missing.slice(0, 3).join(', ')})`,
      );
    }
    console.warn(`[serve] build incomplete (${missing[0]} missing), copying again in 5 s`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    await new Promise((r) => setTimeout(r, 5_000));
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

function copyBuild(root: string, dir: string): void {
  const script =
    'cp -a dist "$1/dist" && mkdir -p "$1/.netlify" && ' +
    '{ if [ -d .netlify/v1 ]; then cp -a .netlify/v1 "$1/.netlify/v1"; fi; } && ' +
    `{ if [ -d ${BUNDLED_DIR} ]; then cp -a ${BUNDLED_DIR} "$1/${BUNDLED_DIR}"; fi; }`;
  const result = spawnSync('flock', [BUILD_LOCK, 'sh', '-c', script, 'sh', dir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new Error(`Could not copy the build (is there a dist/ in ${root}?)`);
}

/** Site-relative /_astro/ files referenced by the HTML pages of `distDir` that do not exist. */
async function missingAssets(distDir: string): Promise<string[]> {
  const missing = new Set<string>();
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.name.endsWith('.html')) {
        const html = await readFile(full, 'utf8');
        for (const m of html.matchAll(
          /(?:href|src|component-url|renderer-url)="(\/_astro\/[^"?#]+)"/g,
        )) {
          if (!existsSync(path.join(distDir, m[1]!))) missing.add(m[1]!);
        }
      }
    }
  };
  await walk(distDir);
  return [...missing];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function loadHeaderRules(root: string, buildRoot: string): Promise<HeaderRule[]> {
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

async function loadRedirects(root: string, distDir: string): Promise<RedirectRule[]> {
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

async function loadSsrFunction(
  buildRoot: string,
  log: (...a: unknown[]) => void,
): Promise<LoadedFunction | undefined> {
  const entry = path.join(buildRoot, '.netlify', 'v1', 'functions', 'ssr', 'ssr.mjs');
  if (!existsSync(entry)) {
    // `astro check` (npm run typecheck) empties .netlify/v1/functions: say so instead of
    // answering every on-demand page (404, /pay/simulated, ...) with a bare "Not Found".
    console.warn(
      '[serve] no Astro SSR function in .netlify/v1/functions/ssr: on-demand pages will 404. Run `npm run build` again.',
    );
    return undefined;
  }
  const mod = (await import(pathToFileURL(entry).href)) as {
    default: FunctionHandler;
    config: FunctionRouteConfig;
  };
  log('on-demand pages: Astro SSR function loaded');
  return {
    name: 'ssr',
    file: entry,
    handler: mod.default,
    config: { ...mod.config, preferStatic: true },
  };
}

/**
 * Opens the process-wide database from the project's own modules before any request, so the
 * SSR bundle and the functions (which share it through globalThis) start from one migrated DB.
 */
async function warmDatabase(
  root: string,
  log: (...a: unknown[]) => void,
): Promise<(() => Promise<void>) | undefined> {
  const client = path.join(root, 'src', 'server', 'db', 'client.ts');
  if (!existsSync(client)) return undefined;
  const started = performance.now();
  const { getDb, closeDb } = (await import(pathToFileURL(client).href)) as {
    getDb: () => Promise<unknown>;
    closeDb: () => Promise<void>;
  };
  await getDb();
  log(`database ready in ${Math.round(performance.now() - started)} ms`);
  return closeDb;
}

/**
 * Netlify's local database server on `port` (a free one if unset), kept in `directory` or in
 * memory; NETLIFY_DB_URL points the functions at it until it is stopped.
 */
async function startDatabase(
  port: number | undefined,
  directory: string | undefined,
  log: (...a: unknown[]) => void,
): Promise<() => Promise<void>> {
  const db = await startDatabaseServer({ port, directory });
  const previous = { url: process.env.NETLIFY_DB_URL, driver: process.env.NETLIFY_DB_DRIVER };
  process.env.NETLIFY_DB_URL = db.url;
  delete process.env.NETLIFY_DB_DRIVER;
  const relative = db.directory && path.relative(process.cwd(), db.directory);
  const kept = db.directory
    ? `kept in ${relative && !relative.startsWith('..') ? relative : db.directory} (--fresh for a throwaway one)`
    : 'in memory: a restart starts empty';
  log(`database: ${db.url}, ${kept}`);
  return async () => {
    await db.stop();
    restoreEnv('NETLIFY_DB_URL', previous.url);
    restoreEnv('NETLIFY_DB_DRIVER', previous.driver);
  };
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** A local Netlify Blobs endpoint in a temporary directory, as the platform provides. */
async function startBlobsServer(log: (...a: unknown[]) => void): Promise<() => Promise<void>> {
  if (process.env.NETLIFY_BLOBS_CONTEXT) return async () => {};
  const { BlobsServer } = await import('@netlify/blobs/server');
  const token = randomUUID();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'serve-blobs-'));
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const edgeURL = `http://127.0.0.1:${port}`;
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ edgeURL, uncachedEdgeURL: edgeURL, token, siteID: 'local', deployID: '0' }),
  ).toString('base64');
  log(`blobs: local store in ${directory}`);
  return async () => {
    await server.stop();
    delete process.env.NETLIFY_BLOBS_CONTEXT;
    await rm(directory, { recursive: true, force: true });
  };
}

/** Where `npm run preview` keeps its database, under the project root. */
export const PREVIEW_DATA_DIR = path.join('.netlify', 'preview-db');

/**
 * The command line's options. Which database (see the top of this file): --fresh means a
 * throwaway one in memory, --data-dir a kept folder; otherwise --snapshot (the e2e suite) and
 * a configured DATABASE_URL / NETLIFY_DB_URL (without --db-port) keep their behaviour, and
 * everything else, i.e. `npm run preview`, keeps its data in .netlify/preview-db.
 */
export function parseCommandLine(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): ServeOptions {
  const opts: ServeOptions = {};
  let fresh = false;
  const value = (i: number, name: string) => {
    const v = argv[i];
    if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') opts.port = Number(value(++i, arg));
    else if (arg === '--host') opts.host = value(++i, arg);
    else if (arg === '--root') opts.root = value(++i, arg);
    else if (arg === '--snapshot') opts.snapshot = true;
    else if (arg === '--quiet') opts.quiet = true;
    else if (arg === '--db-port') opts.dbPort = Number(value(++i, arg));
    else if (arg === '--data-dir') opts.dataDir = path.resolve(value(++i, arg));
    else if (arg === '--fresh') fresh = true;
    else throw new Error(`Unknown option ${arg}`);
  }
  if (fresh && opts.dataDir) throw new Error('--fresh and --data-dir exclude each other');
  const externalDb = Boolean(env.NETLIFY_DB_URL || env.DATABASE_URL) && opts.dbPort === undefined;
  // --fresh is a throwaway database even when a database URL is configured: a server in memory.
  if (fresh && externalDb) opts.dbPort = 0;
  else if (!fresh && !opts.dataDir && !opts.snapshot && !externalDb) {
    opts.dataDir = path.resolve(opts.root ?? '.', PREVIEW_DATA_DIR);
  }
  return opts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const opts = parseCommandLine(process.argv.slice(2));
  opts.port ??= Number(process.env.PORT ?? 4500);
  const running = await startServer(opts);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[serve] stopping failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
