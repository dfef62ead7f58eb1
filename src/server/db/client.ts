/**
 * The one database client. The driver follows the environment:
 * - NETLIFY_DB_URL with NETLIFY_DB_DRIVER=serverless (a Netlify deploy): Neon's serverless driver;
 * - NETLIFY_DB_URL from `astro dev`'s Netlify emulation, or DATABASE_URL: node-postgres;
 * - neither (unit tests, scripts): an in-process PGlite, in memory or in PGLITE_DIR.
 * Outside production the migrations in drizzle/ are applied on first use.
 */
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = { db: Db; close: () => Promise<void> };

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'drizzle');
const GLOBAL_KEY = Symbol.for('agency.db');
const MIGRATION_LOCK_ID = 72_412_018;

type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Handle> };

export function databaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.NETLIFY_DB_URL || env.DATABASE_URL || undefined;
}

/** The emulated database URL carries no user name, and `pg` would then use $USER. */
function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = 'postgres';
  return parsed.toString();
}

/**
 * An idle pooled connection that the server drops (restart, failover, network) is reported as
 * an 'error' event on the pool. Without a listener Node treats it as an uncaught exception and
 * the whole process, static pages included, goes down. The pool has already discarded that
 * client and opens a new one on the next query, so logging is all there is to do.
 */
function logIdleClientError(error: Error) {
  console.error('Database connection lost; it will be reopened on the next query:', error.message);
}

async function connect(env: NodeJS.ProcessEnv): Promise<Handle> {
  const url = databaseUrl(env);
  if (url && env.NETLIFY_DB_DRIVER === 'serverless') {
    const { Pool, neonConfig } = await import('@neondatabase/serverless');
    const { drizzle } = await import('drizzle-orm/neon-serverless');
    const ws = await import('ws');
    neonConfig.webSocketConstructor = ws.default;
    const pool = new Pool({ connectionString: url });
    pool.on('error', logIdleClientError);
    return { db: drizzle(pool, { schema }) as unknown as Db, close: () => pool.end() };
  }
  if (url) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.default.Pool({ connectionString: withDefaultUser(url), max: 5 });
    pool.on('error', logIdleClientError);
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Several function instances may start at once against a fresh database; an advisory
    // lock makes them migrate one after another instead of racing on CREATE TABLE.
    const conn = await pool.connect();
    try {
      await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migrate(drizzle(conn, { schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      conn.release();
    }
    return { db: drizzle(pool, { schema }) as unknown as Db, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = env.PGLITE_DIR ? new PGlite(env.PGLITE_DIR) : new PGlite();
  const db = drizzle(client, { schema }) as unknown as Db;
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, close: () => client.close() };
}

/** The process-wide database (cached on globalThis so dev-server module reloads share it). */
export function getDb(): Promise<Db> {
  const g = globalThis as GlobalWithDb;
  g[GLOBAL_KEY] ??= connect(process.env).catch((error: unknown) => {
    delete g[GLOBAL_KEY];
    throw error;
  });
  return g[GLOBAL_KEY].then((h) => h.db);
}

/** A fresh, migrated in-memory database that replaces the process-wide one (tests only). */
export async function useFreshTestDb(): Promise<Db> {
  const g = globalThis as GlobalWithDb;
  const previous = g[GLOBAL_KEY];
  g[GLOBAL_KEY] = connect({});
  if (previous) await previous.then((h) => h.close()).catch(() => undefined);
  return g[GLOBAL_KEY].then((h) => h.db);
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const current = g[GLOBAL_KEY];
  delete g[GLOBAL_KEY];
  if (current) await current.then((h) => h.close());
}

export { schema };
