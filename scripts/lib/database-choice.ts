// Never a throwaway database: without NETLIFY_DB_URL or DATABASE_URL, and with no `npm run dev` or
// `npm run preview` running beside it, a command stops and says how to provide one.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { databaseTarget, databaseUrl, openDatabase } from '../../src/server/db/client.ts';
import { getLogoStore, remoteLogoStore, type LogoStore } from '../../src/server/uploads/logo.ts';
import { PREVIEW_STATE_FILE, type PreviewState } from './preview-state.ts';

/** A mistake in how the command was called or set up: its message is the whole story. */
export class UsageError extends Error {}

const DEV_BLOBS_DIR = path.join('.netlify', 'blobs-serve');

type LocalServer = {
  name: string;
  /** What the server beside it marks itself as (src/server/env.ts's NOVAREACH_LOCAL_RUN). */
  run: 'astro-dev' | 'preview';
  url: string;
  blobs: { directory: string; siteID: string };
};

const NO_BLOBS =
  'set NETLIFY_SITE_ID (the project id: Project configuration > General) and NETLIFY_AUTH_TOKEN ' +
  '(a personal access token: User settings > Applications) to reach Netlify Blobs';

async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname || 'localhost', port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

async function localServers(root: string): Promise<{ running: LocalServer[]; deadDev?: string }> {
  const running: LocalServer[] = [];
  let deadDev: string | undefined;
  const dev = await readJson(path.join(root, '.netlify', 'state.json'));
  if (typeof dev?.dbConnectionString === 'string' && dev.dbConnectionString) {
    const siteID = typeof dev.siteId === 'string' && dev.siteId ? dev.siteId : '0';
    const server = {
      name: 'the running dev server (.netlify/state.json)',
      run: 'astro-dev' as const,
      url: dev.dbConnectionString,
      blobs: { directory: path.join(root, DEV_BLOBS_DIR), siteID },
    };
    if (await answers(server.url)) running.push(server);
    else deadDev = server.url;
  }
  const preview = (await readJson(path.join(root, PREVIEW_STATE_FILE))) as
    Partial<PreviewState> | undefined;
  if (preview?.dbConnectionString && preview.blobsDirectory) {
    const server = {
      name: `the running preview (${PREVIEW_STATE_FILE})`,
      run: 'preview' as const,
      url: preview.dbConnectionString,
      blobs: { directory: preview.blobsDirectory, siteID: 'local' },
    };
    // A preview that ended without removing its file left nothing to reach.
    if (await answers(server.url)) running.push(server);
  }
  return { running, ...(deadDev ? { deadDev } : {}) };
}

type Choice = { url: string; source: string; local?: LocalServer | undefined };

async function choose(env: NodeJS.ProcessEnv, root: string): Promise<Choice> {
  const configured = databaseUrl(env);
  if (configured)
    return { url: configured, source: env.NETLIFY_DB_URL ? 'NETLIFY_DB_URL' : 'DATABASE_URL' };
  const { running, deadDev } = await localServers(root);
  if (running.length > 1)
    throw new UsageError(
      `Both ${running.map((s) => s.name).join(' and ')} are running.\n` +
        'Stop one of them, or set DATABASE_URL to the one to work on.',
    );
  const local = running[0];
  if (local) {
    // The command then runs as the server beside it does (its development SESSION_SECRET, for
    // the keyed digests the erasure and the restore compute).
    env.NOVAREACH_LOCAL_RUN ??= local.run;
    return { url: local.url, source: local.name, local };
  }
  if (deadDev)
    throw new UsageError(
      `The dev server's database (${deadDev}, from .netlify/state.json) is not answering.\n` +
        'Start the site with `npm run dev` (or `npm run preview`) and run this command again, or set DATABASE_URL.',
    );
  throw new UsageError(
    'No database to work on.\n' +
      'Set DATABASE_URL (or NETLIFY_DB_URL) to your Postgres URL, or start `npm run dev` or\n' +
      "`npm run preview` first to use that server's database.",
  );
}

export async function chooseDatabase(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
): Promise<{ url: string; source: string }> {
  const { url, source } = await choose(env, root);
  return { url, source };
}

async function openHandle(env: NodeJS.ProcessEnv, url: string, source: string) {
  const hosted = source === 'NETLIFY_DB_URL' && databaseTarget(env).kind === 'netlify';
  return openDatabase(hosted ? { kind: 'netlify' } : { kind: 'postgres', url });
}

/**
 * Opens the chosen database. A hosted Netlify Database is only checked (the platform migrates
 * it); a database of your own gets any pending migration first, as the dev server does.
 */
export async function openChosenDatabase(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
) {
  const { url, source } = await choose(env, root);
  return { ...(await openHandle(env, url, source)), source };
}

async function localLogoStore(blobs: LocalServer['blobs']) {
  const { BlobsServer } = await import('@netlify/blobs/server');
  const { getStore } = await import('@netlify/blobs');
  const token = randomUUID();
  const server = new BlobsServer({ directory: blobs.directory, token });
  const { port } = await server.start();
  const edgeURL = `http://127.0.0.1:${port}`;
  const store = getStore({
    name: 'onboarding-logos',
    edgeURL,
    uncachedEdgeURL: edgeURL,
    token,
    siteID: blobs.siteID,
    consistency: 'strong',
  }) as unknown as LogoStore;
  return { store, stop: () => server.stop() };
}

/** The chosen database and its logo store, or (as a string) which variables would reach the logos. */
export async function openChosenSite(env: NodeJS.ProcessEnv = process.env, root = process.cwd()) {
  const { url, source, local } = await choose(env, root);
  let logos: LogoStore | string = NO_BLOBS;
  let stopBlobs = async () => {};
  if (env.NETLIFY_SITE_ID && env.NETLIFY_AUTH_TOKEN)
    logos = await remoteLogoStore(env.NETLIFY_SITE_ID, env.NETLIFY_AUTH_TOKEN);
  else if (env.NETLIFY_BLOBS_CONTEXT) logos = await getLogoStore();
  else if (local) {
    const opened = await localLogoStore(local.blobs);
    logos = opened.store;
    stopBlobs = opened.stop;
  }
  try {
    const handle = await openHandle(env, url, source);
    return {
      ...handle,
      source,
      logos,
      close: async () => {
        await Promise.allSettled([handle.close(), stopBlobs()]);
      },
    };
  } catch (error) {
    await stopBlobs();
    throw error;
  }
}
