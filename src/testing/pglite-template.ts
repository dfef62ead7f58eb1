import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyMigrations, MIGRATIONS_DIR } from '../server/db/migrations.ts';
import { pgliteConnection } from './pglite-connection.ts';

const CACHE_DIR = path.resolve('.cache', 'pglite-template');

// A new migration or another PGlite makes another template.
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(path.resolve('node_modules/@electric-sql/pglite/package.json')));
  const dir = path.resolve(MIGRATIONS_DIR);
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.sql')).sort()) {
    hash.update(name);
    hash.update(await readFile(path.join(dir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function migratedDataDir(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pg = new PGlite({ extensions: { pg_trgm } });
  await applyMigrations(pgliteConnection(pg));
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  return dump;
}

let template: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data directory, kept in .cache between runs: restoring it takes a
 * fraction of a new database's start and 23 migrations, which every test file paid.
 */
export function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(CACHE_DIR, `${await templateKey()}.tar`);
    const kept = await readFile(file).catch(() => undefined);
    if (kept) return new Blob([kept]);
    const dump = await migratedDataDir();
    await mkdir(CACHE_DIR, { recursive: true });
    // Two workers may make it at once: each writes its own file and renames it into place.
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  })();
  return template;
}
