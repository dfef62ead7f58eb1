// Local databases are migrated by @netlify/database-dev's `applyMigrations`, the code `netlify dev`
// runs, so local and platform history cannot drift. Loaded only on that path, never bundled.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export const MIGRATIONS_DIR = path.join('netlify', 'database', 'migrations');

const DRIZZLE_TRACKING_TABLE = 'drizzle.__drizzle_migrations';
const TRACKING_TABLE = 'netlify.migrations';

type Statements = {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

export type MigrationConnection = Statements & {
  transaction<T>(fn: (tx: Statements) => Promise<T>): Promise<T>;
};

// The caller serialises concurrent callers (an advisory lock on a server, one PGlite connection).
export async function applyMigrations(
  conn: MigrationConnection,
  dir: string = path.resolve(process.cwd(), MIGRATIONS_DIR),
): Promise<string[]> {
  const netlify = await import('@netlify/database-dev');
  await netlify.initializeTrackingTable(conn);
  await adoptDrizzleHistory(conn, dir);
  return netlify.applyMigrations(conn, dir);
}

// Migrations drizzle's migrator applied count as applied, instead of failing on tables that exist.
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

async function migrationNames(dir: string): Promise<string[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() || e.name.endsWith('.sql'))
    .map((e) => e.name.replace(/\.sql$/, ''))
    .filter((name) => /^\d+_.+$/.test(name));
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}
