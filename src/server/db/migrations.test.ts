import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteConnection } from '../../testing/pglite-connection';
import { applyMigrations, MIGRATIONS_DIR } from './migrations';

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), sql);
  }
  return dir;
}

type Validation =
  { valid: true; dirs: string[]; files: string[] } | { valid: false; errors: { type: string }[] };

/**
 * Netlify's own check, run by every build before it hands the migrations to the platform
 * (@netlify/build, plugins_core/db_setup; not exported, so loaded by its file).
 */
async function platformValidation(dir: string): Promise<Validation> {
  const lib = path.resolve('node_modules/@netlify/build/lib/plugins_core/db_setup');
  const { validateMigrations } = (await import(
    pathToFileURL(path.join(lib, 'validation.js')).href
  )) as {
    validateMigrations: (dirs: string[], files: string[], withSql: Set<string>) => Validation;
  };
  const entries = await readdir(dir, { withFileTypes: true });
  const dirs = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  const files = entries.filter((e) => e.isFile()).map((e) => e.name);
  const withSql = new Set(dirs.filter((d) => existsSync(path.join(dir, d, 'migration.sql'))));
  return validateMigrations(dirs, files, withSql);
}

/** Every entry that looks like a migration and that the platform would apply. */
async function platformProblems(dir: string): Promise<string[]> {
  const result = await platformValidation(dir);
  if (!result.valid) return result.errors.map((e) => e.type);
  const applied = new Set([...result.dirs, ...result.files.map((f) => f.replace(/\.sql$/, ''))]);
  const entries = await readdir(dir);
  // A name that is meant as a migration (digits, underscore) but that the platform passes over.
  return entries
    .map((e) => e.replace(/\.sql$/, ''))
    .filter((name) => /^\d+_/.test(name) && !applied.has(name))
    .map((name) => `skipped: ${name}`);
}

describe('Netlify Database migrations', () => {
  it("the repository's migrations are all applied by the platform, none skipped or refused", async () => {
    const dir = path.resolve(MIGRATIONS_DIR);
    expect(await platformProblems(dir)).toEqual([]);
    const result = await platformValidation(dir);
    expect(result.valid && result.files[0]).toBe('0000_init.sql');
  });

  it('the platform check catches what the local migrator would accept', async () => {
    // Upper case: the local migrator applies it, the platform silently skips it.
    expect(
      await platformProblems(await folder({ '0000_a.sql': '', '0001_Add_Users.sql': '' })),
    ).toEqual(['skipped: 0001_Add_Users']);
    // One number twice (0002 and 2 are the same number): the platform refuses the build.
    expect(
      await platformProblems(
        await folder({ '0002_a.sql': '', '2_b.sql': '', '0003_c/migration.sql': '' }),
      ),
    ).toEqual(['duplicate_migration_number']);
    // A folder without migration.sql.
    expect(await platformProblems(await folder({ '0004_x/readme.txt': '' }))).toEqual([
      'missing_sql_file',
    ]);
    expect(
      await platformProblems(await folder({ '0000_ok.sql': '', 'meta/_journal.json': '{}' })),
    ).toEqual([]);
  });

  it('applies each pending migration once, records it in netlify.migrations, and rolls back a failing one', async () => {
    const db = new PGlite();
    const dir = await folder({
      '0000_t.sql': 'CREATE TABLE t (id int);\n--> statement-breakpoint\nINSERT INTO t VALUES (1);',
    });
    expect(await applyMigrations(pgliteConnection(db), dir)).toEqual(['0000_t']);
    expect(await applyMigrations(pgliteConnection(db), dir)).toEqual([]);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM netlify.migrations');
    expect(rows).toEqual([{ name: '0000_t' }]);

    await writeFile(
      path.join(dir, '0001_bad.sql'),
      'INSERT INTO t VALUES (2); SELECT * FROM nope;',
    );
    await expect(applyMigrations(pgliteConnection(db), dir)).rejects.toThrow(/nope/);
    expect((await db.query('SELECT * FROM t')).rows).toHaveLength(1);
    await db.close();
  });

  it("adopts a database migrated earlier by drizzle's migrator instead of running the files twice", async () => {
    const db = new PGlite();
    const dir = await folder({
      '0000_a.sql': 'CREATE TABLE a (id int);',
      '0001_b.sql': 'CREATE TABLE b (id int);',
    });
    await db.exec(`CREATE TABLE a (id int);
      CREATE SCHEMA drizzle; CREATE TABLE drizzle.__drizzle_migrations (id serial, hash text, created_at bigint);
      INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('x', 1);`);
    expect(await applyMigrations(pgliteConnection(db), dir)).toEqual(['0001_b']);
    await db.close();
  });
});
