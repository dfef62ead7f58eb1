/**
 * The schema's migrations, in Netlify Database's format: netlify/database/migrations holds
 * `<number>_<slug>.sql` files (or `<number>_<slug>/migration.sql` folders), applied in name
 * order, each once, recorded in `netlify.migrations`. drizzle-kit writes them
 * (`npm run db:generate`, see drizzle.config.ts); its `meta/` folder is not a migration.
 *
 * On Netlify the platform applies them when a deploy is published (a failing one blocks the
 * publish), and the site never migrates a hosted database itself. Locally, the databases that
 * are the developer's own (the in-process PGlite of tests and `npm run preview --snapshot`,
 * `npm run dev`'s local database, a Postgres named by DATABASE_URL) are migrated by
 * `applyMigrations` of @netlify/database-dev, the code `netlify dev` itself runs, so local and
 * platform history cannot drift. It is loaded only here, on that local path, and never bundled
 * into a deployed function. Which names the platform's build accepts is checked by
 * migrations.test.ts against @netlify/build's own validation.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export const MIGRATIONS_DIR = path.join('netlify', 'database', 'migrations');

/** Where drizzle's own migrator recorded databases set up before the move to Netlify's format. */
const DRIZZLE_TRACKING_TABLE = 'drizzle.__drizzle_migrations';
const TRACKING_TABLE = 'netlify.migrations';

type Statements = {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

/**
 * What @netlify/database-dev's migrator needs from a connection: simple-protocol SQL, a
 * parameterised query, and a transaction on one connection.
 */
export type MigrationConnection = Statements & {
  transaction<T>(fn: (tx: Statements) => Promise<T>): Promise<T>;
};

/**
 * Applies the pending migrations of `dir` to a database of the developer's own, one
 * transaction each, and returns the names applied. The caller serialises concurrent callers
 * (an advisory lock on a server, a single connection in PGlite).
 */
export async function applyMigrations(
  conn: MigrationConnection,
  dir: string = path.resolve(process.cwd(), MIGRATIONS_DIR),
): Promise<string[]> {
  const netlify = await import('@netlify/database-dev');
  await netlify.initializeTrackingTable(conn);
  await adoptDrizzleHistory(conn, dir);
  return netlify.applyMigrations(conn, dir);
}

/**
 * A local database migrated before by drizzle's migrator (which applied the same files in the
 * same order) has its first N migrations recorded there: they count as applied, instead of
 * being run twice and failing on tables that exist.
 */
async function adoptDrizzleHistory(conn: MigrationConnection, dir: string) {
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
  const names = (await migrationNames(dir)).slice(0, legacy[0]?.n ?? 0);
  for (const name of names) {
    await conn.query(`INSERT INTO ${TRACKING_TABLE} (name) VALUES ($1) ON CONFLICT DO NOTHING`, [
      name,
    ]);
  }
}

/** The migration names of `dir` in the order they apply (the legacy adoption needs them). */
async function migrationNames(dir: string): Promise<string[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() || e.name.endsWith('.sql'))
    .map((e) => e.name.replace(/\.sql$/, ''))
    .filter((name) => /^\d+_.+$/.test(name));
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}
