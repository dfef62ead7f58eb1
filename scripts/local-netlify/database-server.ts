// A data folder is opened by one server at a time: PGlite has no lock of its own and two writers
// corrupt it, so `<folder>.lock` holds the owner's pid, taken over once that process is gone.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { NetlifyDB } from '@netlify/database-dev';

export type DatabaseServerOptions = {
  /** Port to listen on (localhost); a free one when left out. */
  port?: number | undefined;
  /** PGlite data folder, created when missing; in memory when left out. */
  directory?: string | undefined;
};

export type DatabaseServer = {
  url: string;
  port: number;
  directory: string | undefined;
  /** Closes every client connection and the database (flushing the folder). Idempotent. */
  stop: () => Promise<void>;
};

export async function startDatabaseServer(
  options: DatabaseServerOptions = {},
): Promise<DatabaseServer> {
  const directory = options.directory ? path.resolve(options.directory) : undefined;
  const unlock = directory ? await lockFolder(directory) : undefined;
  let db: NetlifyDB | undefined;
  let started: string;
  try {
    const { NetlifyDB } = await import('@netlify/database-dev');
    db = new NetlifyDB({
      logger: () => {},
      ...(options.port ? { port: options.port } : {}),
      ...(directory ? { directory } : {}),
    });
    started = await db.start();
  } catch (error) {
    // A port in use fails after the database was opened: close what was opened.
    await db?.stop().catch(() => undefined);
    await unlock?.();
    throw error;
  }
  const url = new URL(started);
  // The emulated server names no user, and `pg` would then use $USER.
  if (!url.username) url.username = 'postgres';
  let stopping: Promise<void> | undefined;
  const running = db;
  return {
    url: url.toString(),
    port: Number(url.port),
    directory,
    stop: () => (stopping ??= running.stop().finally(() => unlock?.())),
  };
}

/** The lock file of a data folder (beside it: PGlite owns the folder's contents). */
export function lockFileOf(directory: string): string {
  return `${path.resolve(directory)}.lock`;
}

async function lockFolder(directory: string): Promise<() => Promise<void>> {
  const file = lockFileOf(directory);
  await mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (owner > 0 && isAlive(owner)) {
      throw new Error(
        `The database folder ${directory} is in use by process ${owner} (another \`npm run preview\`?). ` +
          'Stop that process, or pass --fresh for a throwaway database or --data-dir for another folder.',
      );
    }
    // Left behind by a process that ended without stopping its server.
    await rm(file, { force: true });
  }
  throw new Error(`Could not lock the database folder ${directory} (${file})`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
