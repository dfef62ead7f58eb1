// `npm run dev` loads netlify/functions through Vite itself: the adapter's dev plugin bundles and
// traces every function before the first answer (90 of the 97 s to the first page on 2 cores).
import type http from 'node:http';
import path from 'node:path';
import netlify from '@netlify/vite-plugin';
import type { Plugin, ViteDevServer } from 'vite';
import {
  SOURCE_DIR,
  installNetlifyGlobal,
  invokeFunction,
  loadFunctions,
  pickFunction,
  toRequest,
  writeResponse,
} from './function-host.ts';

const NETLIFY_PLUGIN = 'vite-plugin-netlify';
const FUNCTION_PATH = /^\/(?:api\/|\.netlify\/functions\/)/;

/** DEV_NETLIFY_FUNCTIONS=1 keeps Netlify's own emulation (to compare, or to debug bundling). */
export function devFunctions(env: NodeJS.ProcessEnv = process.env): Plugin[] {
  // Under `netlify dev` the CLI serves the functions from source itself (and the adapter's
  // plugin stands down), so there is nothing to replace.
  if (env.DEV_NETLIFY_FUNCTIONS === '1' || env.NETLIFY_DEV) return [];
  return [
    {
      name: 'novareach:dev-functions',
      apply: 'serve',
      configResolved(config) {
        const adapterPlugin = config.plugins.find((p) => p.name === NETLIFY_PLUGIN);
        if (!adapterPlugin) {
          throw new Error(
            `novareach:dev-functions: ${NETLIFY_PLUGIN} not found (adapter changed?)`,
          );
        }
        // The adapter's options (images on, environment variables and edge functions off, see
        // astro.config.mjs), plus functions off.
        const [withoutFunctions] = netlify({
          images: { enabled: true },
          environmentVariables: { enabled: false },
          edgeFunctions: { enabled: false },
          functions: { enabled: false },
        }) as Plugin[];
        (adapterPlugin as { configureServer?: Plugin['configureServer'] }).configureServer =
          withoutFunctions!.configureServer;
      },
      configureServer(server) {
        installNetlifyGlobal();
        server.middlewares.use(refusePrivateFiles);
        server.middlewares.use((req, res, next) => {
          if (!FUNCTION_PATH.test(req.url ?? '')) return next();
          serveFunction(server, req, res).then(
            (handled) => {
              if (!handled) next();
            },
            (error: unknown) => next(error),
          );
        });
      },
    },
  ];
}

// What Netlify never serves (.netlify/ but its images, .env files), which Vite's dev server would.
const PRIVATE_PATH = /^\/(?:\.netlify(?:\/(?!images(?:\/|$))|$)|(?:.*\/)?\.env(?:\.|$))/;

export function isRefusedInDev(url: string): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return true;
  }
  return PRIVATE_PATH.test(pathname);
}

function refusePrivateFiles(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next: () => void,
): void {
  if (!isRefusedInDev(req.url ?? '/')) return next();
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('Not Found');
}

let announced = false;

async function serveFunction(
  server: ViteDevServer,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<boolean> {
  // Cheap after the first call: Vite keeps each module until its file (or an import) changes.
  const log = announced ? () => {} : (...a: unknown[]) => server.config.logger.info(a.join(' '));
  const functions = await loadFunctions(path.join(server.config.root, SOURCE_DIR), log, (file) =>
    server.ssrLoadModule(file),
  );
  announced = true;
  const ip = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  const origin = `http://${req.headers.host ?? 'localhost'}`;
  // Routed before the body is read: a request no function takes (an Astro endpoint under
  // /api/) must reach the next handler with its body unread.
  const pathname = new URL(req.url ?? '/', origin).pathname;
  const match = pickFunction(functions, pathname, req.method ?? 'GET');
  if (!match) return false;
  const request = toRequest(req, origin, ip);
  let response: Response;
  try {
    response = await invokeFunction(match.fn, request, match.params, ip);
  } catch (error) {
    console.error('[functions] request failed', req.method, req.url, error);
    response = Response.json({ error: 'Internal error' }, { status: 500 });
  }
  await writeResponse(res, response);
  return true;
}
