/**
 * `npm run serve:netlify`: Netlify's own `netlify serve`, which builds the site as a deploy
 * and serves it with Netlify's function runtime, set up as a demo deploy preview:
 *
 * - **One database for every function and the SSR pages.** `netlify serve` starts no database
 *   (only `netlify dev` does), so this starts Netlify's local database server
 *   (`@netlify/database-dev`, kept in `.netlify/serve-db`) and hands its URL to the CLI as
 *   NETLIFY_DB_URL, as the platform hands a deploy preview its database branch.
 * - **Simulated payments, on purpose**: SIMULATED_PAYMENTS=1, as a demo preview without Stripe
 *   sets it in the UI; the deploy context stays `deploy-preview`, so SESSION_SECRET is required
 *   (a fresh random one per run unless the environment or .env gives one).
 * - **Offline, with supported flags only**: `--offline`, and Deno from the `deno` devDependency
 *   first on the CLI's PATH. `netlify serve` always starts its edge-functions runtime, which
 *   runs the `deno` found on PATH if its version is in range (^2.4.2 in netlify-cli 27), else
 *   one cached in ~/.config/netlify/deno-cli, else downloads one from GitHub (no network
 *   here). npm scripts have node_modules/.bin on PATH, `npx tsx` and other direct callers may
 *   not, and an older system Deno must not win, so it goes first. With no edge functions in
 *   the site, the CLI only asks Deno for its version: no bootstrap or modules are fetched
 *   (its check for newer edge types at edge.netlify.com fails at once and is ignored).
 *
 *   npm run serve:netlify -- [--port 8888] [--context deploy-preview]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startDatabaseServer } from './database-server.ts';
import { PROJECT_ROOT } from './host-harness.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8888' },
    context: { type: 'string', default: 'deploy-preview' },
  },
});

const database = await startDatabaseServer({
  directory: path.join(PROJECT_ROOT, '.netlify', 'serve-db'),
});
console.log(`[serve:netlify] database: ${database.url} (.netlify/serve-db)`);

const bin = path.join(PROJECT_ROOT, 'node_modules', '.bin');
const cli = spawn(
  path.join(bin, 'netlify'),
  ['serve', '--offline', '--context', values.context, '--port', values.port],
  {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: [bin, process.env.PATH].filter(Boolean).join(path.delimiter),
      BROWSER: 'none',
      NETLIFY_DB_URL: database.url,
      SIMULATED_PAYMENTS: '1',
      SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString('base64url'),
    },
  },
);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (cli.exitCode === null) cli.kill('SIGTERM');
  await database.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
cli.on('exit', (code) => void stop(code ?? 1));
