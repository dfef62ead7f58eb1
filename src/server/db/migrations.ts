/**
 * The schema's migrations, in Netlify Database's format: netlify/database/migrations holds
 * `<number>_<slug>.sql` files (or `<number>_<slug>/migration.sql` folders), applied in name
 * order, each once, recorded in `netlify.migrations`. drizzle-kit writes them
 * (`npm run db:generate`, see drizzle.config.ts); its `meta/` folder is not a migration.
 *
 * On Netlify the platform applies them when a deploy is published (a failing one blocks the
 * publish), and the site never migrates a hosted database itself. This module applies the
 * same files the same way to the databases that are the developer's own: the in-process
 * PGlite of tests and `npm run preview --snapshot`, `npm run dev`'s local database, and a
 * Postgres named by DATABASE_URL (CI, a laptop).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export const MIGRATIONS_DIR = path.join('netlify', 'database', 'migrations');

const NAME = /^\d+_.+$/;
const TRACKING_TABLE = 'netlify.migrations';
/** Where drizzle's own migrator recorded databases set up before the move to Netlify's format. */
const DRIZZLE_TRACKING_TABLE = 'drizzle.__drizzle_migrations';

export type Migration = { name: string; file: string };

/** The migrations of `dir`, in the order Netlify applies them. */
export async function listMigrations(
  dir: string = path.resolve(process.cwd(), MIGRATIONS_DIR),
): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => {
    throw new Error(`Migration folder not found: ${dir}`);
  });
  const migrations: Migration[] = [];
  for (const entry of entries) {
    if (entry.isDirectory() && NAME.test(entry.name)) {
      migrations.push({ name: entry.name, file: path.join(dir, entry.name, 'migration.sql') });
    } else if (
      entry.isFile() &&
      entry.name.endsWith('.sql') &&
      NAME.test(entry.name.slice(0, -4))
    ) {
      migrations.push({ name: entry.name.slice(0, -4), file: path.join(dir, entry.name) });
    }
  }
  const names = new Set<string>();
  for (const m of migrations) {
    if (names.has(m.name)) throw new Error(`Migration ${m.name} exists twice in ${dir}`);
    names.add(m.name);
  }
  return migrations.sort((a, b) => a.name.localeCompare(b.name));
}

/** The little a migrator needs from a connection: simple-protocol SQL and a parameterised query. */
export type MigrationConnection = {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

/**
 * Applies the pending migrations of `dir` to a database of the developer's own, one
 * transaction each, and returns the names applied. The caller serialises concurrent callers
 * (an advisory lock on a server, a single connection in PGlite).
 */
export async function applyMigrations(conn: MigrationConnection, dir?: string): Promise<string[]> {
  const migrations = await listMigrations(dir);
  await conn.exec(
    `CREATE SCHEMA IF NOT EXISTS netlify;
     CREATE TABLE IF NOT EXISTS ${TRACKING_TABLE} (
       name TEXT PRIMARY KEY,
       applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
     )`,
  );
  await adoptDrizzleHistory(conn, migrations);
  const { rows } = await conn.query<{ name: string }>(`SELECT name FROM ${TRACKING_TABLE}`);
  const applied = new Set(rows.map((r) => r.name));
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    const sql = await readFile(migration.file, 'utf8');
    await conn.exec('BEGIN');
    try {
      await conn.exec(sql);
      await conn.query(`INSERT INTO ${TRACKING_TABLE} (name) VALUES ($1)`, [migration.name]);
      await conn.exec('COMMIT');
    } catch (error) {
      await conn.exec('ROLLBACK');
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    done.push(migration.name);
  }
  return done;
}

/**
 * A local database migrated before by drizzle's migrator (which applied the same files in the
 * same order) has its first N migrations recorded there: they count as applied, instead of
 * being run twice and failing on tables that exist.
 */
async function adoptDrizzleHistory(conn: MigrationConnection, migrations: Migration[]) {
  const { rows: tracked } = await conn.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${TRACKING_TABLE}`,
  );
  if ((tracked[0]?.n ?? 0) > 0) return;
  // Two statements: Postgres resolves a table name even in a CASE branch that never runs.
  const { rows: exists } = await conn.query<{ found: boolean }>(
    `SELECT to_regclass('${DRIZZLE_TRACKING_TABLE}') IS NOT NULL AS found`,
  );
  if (!exists[0]?.found) return;
  const { rows: legacy } = await conn.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${DRIZZLE_TRACKING_TABLE}`,
  );
  const count = legacy[0]?.n ?? 0;
  for (const migration of migrations.slice(0, count)) {
    await conn.query(`INSERT INTO ${TRACKING_TABLE} (name) VALUES ($1) ON CONFLICT DO NOTHING`, [
      migration.name,
    ]);
  }
}
