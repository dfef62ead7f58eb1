/**
 * Which database a maintenance command works on, in this order:
 *   1. NETLIFY_DB_URL or DATABASE_URL, when set (production, CI, any Postgres);
 *   2. the database of the running `npm run dev` server (its emulated Postgres URL is in
 *      .netlify/state.json under `dbConnectionString`);
 *   3. otherwise the command stops and says how to provide one: it never works on a throwaway
 *      database.
 * The same choice as scripts/admin-create.ts makes for the admin account.
 */
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { databaseTarget, databaseUrl, openDatabase } from '../../src/server/db/client.ts';

/** A mistake in how the command was called or set up: its message is the whole story. */
export class UsageError extends Error {}

/** The running dev server's emulated database, if there is one and it answers. */
async function devServerDatabase(root: string): Promise<string | undefined> {
  let url: string | undefined;
  try {
    const state = JSON.parse(await readFile(path.join(root, '.netlify', 'state.json'), 'utf8'));
    url = typeof state.dbConnectionString === 'string' ? state.dbConnectionString : undefined;
  } catch {
    return undefined;
  }
  if (!url) return undefined;
  const { hostname, port } = new URL(url);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname || 'localhost', port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
  if (!reachable) {
    throw new UsageError(
      `The dev server's database (${url}, from .netlify/state.json) is not answering.\n` +
        'Start the site with `npm run dev` and run this command again, or set DATABASE_URL.',
    );
  }
  return url;
}

export async function chooseDatabase(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
): Promise<{ url: string; source: string }> {
  const configured = databaseUrl(env);
  if (configured)
    return { url: configured, source: env.NETLIFY_DB_URL ? 'NETLIFY_DB_URL' : 'DATABASE_URL' };
  const dev = await devServerDatabase(root);
  if (dev) return { url: dev, source: 'the running dev server (.netlify/state.json)' };
  throw new UsageError(
    'No database to work on.\n' +
      'Set DATABASE_URL (or NETLIFY_DB_URL) to your Postgres URL, or start `npm run dev` first to\n' +
      "use the dev server's database.",
  );
}

/**
 * Opens the chosen database. A hosted Netlify Database is only checked (the platform migrates
 * it); a database of your own gets any pending migration first, as the dev server does.
 */
export async function openChosenDatabase(env: NodeJS.ProcessEnv = process.env) {
  const { url, source } = await chooseDatabase(env);
  const hosted = source === 'NETLIFY_DB_URL' && databaseTarget(env).kind === 'netlify';
  const handle = await openDatabase(hosted ? { kind: 'netlify' } : { kind: 'postgres', url });
  return { ...handle, source };
}
