// Serves the build as Netlify would (site-router.ts), so the e2e suite and Lighthouse see real
// headers: the hashed CSP is enforced here, unlike under `astro dev`. Function and SSR responses
// carry their own headers, as in production, so a page that forgets them fails here too.
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { snapshotBuild } from './build-snapshot.ts';
import { startBlobsServer, startDatabase, warmDatabase } from './local-services.ts';
import { loadDeployConfig } from './deploy-config.ts';
import type { FunctionRouteConfig } from './netlify-routing.ts';
import { fileServer } from './site-files.ts';
import { siteRouter } from './site-router.ts';
import {
  BUNDLED_DIR,
  FATAL_MARKER,
  SOURCE_DIR,
  asList,
  installNetlifyGlobal,
  invokeFunction,
  loadFunctions,
  toRequest,
  writeResponse,
  type FunctionHandler,
  type LoadedFunction,
} from './function-host.ts';
import { loadLocalEnv } from '../../src/server/local-env.ts';
import { PREVIEW_STATE_FILE, type PreviewState } from '../lib/preview-state.ts';

// A local run: src/server/env.ts may fall back to its development SESSION_SECRET (never in a
// deployed invocation), payments are simulated unless .env brings a Stripe key or
// SIMULATED_PAYMENTS=0, and .env is read as under `npm run dev`.
process.env.NOVAREACH_LOCAL_RUN = 'preview';
loadLocalEnv();
process.env.SIMULATED_PAYMENTS ??= '1';

export type ServeOptions = {
  port?: number | undefined;
  host?: string | undefined;
  root?: string | undefined;
  snapshot?: boolean | undefined;
  quiet?: boolean | undefined;
  /** Serve the database on this port (0: a free one) so tests and `npm run admin:create` reach it. */
  dbPort?: number | undefined;
  /** A kept PGlite folder, which survives restarts; in memory without it. */
  dataDir?: string | undefined;
  /** The Blobs folder; .netlify/preview-state.json names it and the database for `privacy:*`, `admin:*`, `db:*`. */
  blobsDir?: string | undefined;
};

export type RunningServer = {
  origin: string;
  distDir: string;
  functions: { name: string; paths: string[] }[];
  hasSsr: boolean;
  close: () => Promise<void>;
};

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
  const blobs = await startBlobsServer(log, options.blobsDir);
  const stopBlobs = blobs.stop;
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
  const stateFile = path.join(root, PREVIEW_STATE_FILE);
  if (options.blobsDir && blobs.directory && process.env.NETLIFY_DB_URL) {
    const state: PreviewState = {
      dbConnectionString: process.env.NETLIFY_DB_URL,
      blobsDirectory: blobs.directory,
      pid: process.pid,
    };
    await writeFile(stateFile, `${JSON.stringify(state, null, 2)}\n`).catch(abort);
    const stop = stopDb;
    stopDb = async () => {
      await rm(stateFile, { force: true });
      await stop?.();
    };
  }
  const config = await loadDeployConfig(root, buildRoot).catch(abort);
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
  const handle = siteRouter({
    distDir,
    config,
    routed,
    preferStatic,
    serveFile: fileServer(),
    invoke: invokeFunction,
  });

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

export const PREVIEW_DATA_DIR = path.join('.netlify', 'preview-db');
export const PREVIEW_BLOBS_DIR = path.join('.netlify', 'preview-blobs');

/** Without --fresh, --data-dir, --snapshot or a database URL (`npm run preview`): .netlify/preview-db. */
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
  if (opts.dataDir && opts.dataDir === path.resolve(opts.root ?? '.', PREVIEW_DATA_DIR))
    opts.blobsDir = path.resolve(opts.root ?? '.', PREVIEW_BLOBS_DIR);
  return opts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Nothing is swallowed: Node still ends the process. The line tells the tests (and whoever
  // reads the log) which driver or socket error nobody listened to.
  process.on('uncaughtExceptionMonitor', (error, origin) =>
    console.error(`${FATAL_MARKER} ${origin}:`, error),
  );
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
