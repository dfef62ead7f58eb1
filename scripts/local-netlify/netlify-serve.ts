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
 * - **Offline**: `--offline`, and `--internal-disable-edge-functions` because the site has no
 *   edge functions and Netlify's edge runtime downloads Deno on first use.
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

const cli = spawn(
  path.join(PROJECT_ROOT, 'node_modules', '.bin', 'netlify'),
  [
    'serve',
    '--offline',
    '--internal-disable-edge-functions',
    '--context',
    values.context,
    '--port',
    values.port,
  ],
  {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
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
