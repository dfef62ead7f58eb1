// Deployed functions carry no migrations folder: src/server/db/latest-migration.ts names the
// newest one so /api/health can tell whether the database has had it applied.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MIGRATIONS_DIR } from '../src/server/db/migrations.ts';

export const LATEST_MIGRATION_FILE = path.join('src', 'server', 'db', 'latest-migration.ts');

/** The migration Netlify applies last (its name order), from `<n>_<slug>.sql` or `<n>_<slug>/`. */
export async function newestMigration(dir = MIGRATIONS_DIR): Promise<string> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .map((e) => (e.isDirectory() ? e.name : e.name.replace(/\.sql$/, '')))
    .filter((name) => /^\d+_[^.]+$/.test(name))
    .sort((a, b) => a.localeCompare(b));
  const newest = names.at(-1);
  if (!newest) throw new Error(`No migrations in ${dir}`);
  return newest;
}

export function latestMigrationSource(name: string): string {
  return (
    '// Written by `npm run db:generate` (scripts/latest-migration.ts); do not edit.\n' +
    `export const LATEST_MIGRATION = '${name}';\n`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const name = await newestMigration();
  await writeFile(LATEST_MIGRATION_FILE, latestMigrationSource(name));
  console.log(`${LATEST_MIGRATION_FILE}: ${name}`);
}
