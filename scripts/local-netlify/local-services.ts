import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startDatabaseServer } from './database-server.ts';

// Before any request, so the SSR bundle and the functions (which share it through globalThis)
// start from one migrated database.
export async function warmDatabase(
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

/** Points the functions at it (NETLIFY_DB_URL) until it is stopped. */
export async function startDatabase(
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

export async function startBlobsServer(
  log: (...a: unknown[]) => void,
  kept?: string,
): Promise<{ stop: () => Promise<void>; directory: string | undefined }> {
  if (process.env.NETLIFY_BLOBS_CONTEXT) return { stop: async () => {}, directory: undefined };
  const { BlobsServer } = await import('@netlify/blobs/server');
  const token = randomUUID();
  const directory = kept ?? (await mkdtemp(path.join(os.tmpdir(), 'serve-blobs-')));
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const edgeURL = `http://127.0.0.1:${port}`;
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ edgeURL, uncachedEdgeURL: edgeURL, token, siteID: 'local', deployID: '0' }),
  ).toString('base64');
  log(`blobs: local store in ${directory}`);
  return {
    directory,
    stop: async () => {
      await server.stop();
      delete process.env.NETLIFY_BLOBS_CONTEXT;
      if (!kept) await rm(directory, { recursive: true, force: true });
    },
  };
}
