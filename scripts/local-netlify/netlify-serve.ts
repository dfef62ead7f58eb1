// `netlify serve` starts no database (only `netlify dev` does): Netlify's local database server is
// handed to it as NETLIFY_DB_URL. The `deno` devDependency goes first on its PATH: its edge runtime
// otherwise downloads a Deno (offline here), and an older system Deno must not win.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
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

const directory = path.join(PROJECT_ROOT, '.netlify', 'serve-db');
// What a run sealed with a random secret no later run can open (its stored keys answer 503).
if (!process.env.SESSION_SECRET) await rm(directory, { recursive: true, force: true });
const database = await startDatabaseServer({ directory });
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
