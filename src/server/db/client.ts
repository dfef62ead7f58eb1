/**
 * The one database client. Which database follows the environment ({@link databaseTarget}):
 * - a hosted Netlify Database (NETLIFY_DB_URL set by the platform): `@netlify/database` with
 *   drizzle's Netlify driver (HTTP queries, WebSocket transactions in functions). Netlify
 *   applies netlify/database/migrations when a deploy is published; the site only checks that
 *   the schema is there ({@link assertSchemaCurrent}) and never migrates it;
 * - a Postgres of the developer's own (`npm run dev`'s local server, DATABASE_URL in CI or on
 *   a laptop): node-postgres, migrated on first use from the same files;
 * - neither (unit tests, `npm run preview --snapshot`): an in-process PGlite, in memory or in
 *   PGLITE_DIR, migrated on first use.
 * PGlite is imported only on its own path and left out of the function bundles
 * (scripts/bundle-functions.ts): production never takes it.
 */
import { getDatabase } from '@netlify/database';
import { drizzle as netlifyDrizzle } from 'drizzle-orm/netlify-db';
import { drizzle as nodePgDrizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ConfigurationError, localRun } from '../env.ts';
import { applyMigrations, type MigrationConnection } from './migrations.ts';
import { assertSchemaCurrent } from './schema-check.ts';
import { emptyIfPreview } from './preview-data.ts';
import * as schema from './schema.ts';
import { logError, logWarn } from '../log.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = { db: Db; close: () => Promise<void> };

/** What `getDatabase()` of @netlify/database returns, or the same built by hand (tests). */
type NetlifyConnection =
  | { driver: 'serverless'; httpClient: unknown; pool: PoolLike }
  | { driver: 'server'; pool: PoolLike };
type PoolLike = {
  on(event: 'error', listener: (e: Error) => void): unknown;
  on(event: 'connect', listener: (client: ErrorEmitter) => void): unknown;
  end(): Promise<void>;
};
type ErrorEmitter = { on(event: 'error', listener: (e: Error) => void): unknown };

export type DatabaseTarget =
  | { kind: 'netlify'; connection?: NetlifyConnection }
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dir?: string };

const GLOBAL_KEY = Symbol.for('agency.db');
const MIGRATION_LOCK_ID = 72_412_018;

type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Handle> };

/** NETLIFY_DB_URL (Netlify, or `npm run dev`'s local server), else DATABASE_URL. */
export function databaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.NETLIFY_DB_URL || env.DATABASE_URL || undefined;
}

function isOnThisMachine(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1';
}

/**
 * A NETLIFY_DB_URL off this machine is a hosted Netlify Database (a deploy, or a preview's
 * branch); on this machine it is `npm run dev`'s emulated one, unless NETLIFY_DB_DRIVER asks
 * for Neon's serverless driver by name (the restart test runs it against a local proxy).
 */
export function databaseTarget(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  if (
    env.NETLIFY_DB_URL &&
    (!isOnThisMachine(env.NETLIFY_DB_URL) || env.NETLIFY_DB_DRIVER === 'serverless')
  )
    return { kind: 'netlify' };
  const url = databaseUrl(env);
  if (url) return { kind: 'postgres', url };
  return env.PGLITE_DIR ? { kind: 'pglite', dir: env.PGLITE_DIR } : { kind: 'pglite' };
}

/** The emulated database URL carries no user name, and `pg` would then use $USER. */
function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = 'postgres';
  return parsed.toString();
}

/**
 * A connection the server drops (a restart, a failover, a suspend, the network) reports an
 * 'error' event, and an 'error' event nobody listens to ends the whole process, static pages
 * included. The pool listens while a connection is idle, and drops it; while it is checked
 * out (a transaction between two statements, the migration lock) the pool's listener is off,
 * so every connection gets one of its own for its whole life. The statement that was running
 * fails with the same error, its transaction is rolled back by the server, and the request
 * answers 503 (src/server/db-errors.ts); the pool opens a new connection on the next query.
 * Node-postgres and Neon's serverless `Pool` (a node-postgres pool over WebSockets) alike.
 */
function guardPool(pool: PoolLike): void {
  pool.on('error', logDroppedConnection);
  pool.on('connect', (client) => client.on('error', logDroppedConnection));
}

function logDroppedConnection(error: Error) {
  const reason = error.message || (error as { code?: string }).code || error.name;
  logWarn('Database connection lost; it will be reopened on the next query', { reason });
}

/** A pool that gives up on an unreachable server in seconds, so a request answers 503, not a hang. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Connections per process: a function instance serves one request at a time. */
const POOL_SIZE = 5;

function postgresPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: withDefaultUser(url),
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  guardPool(pool);
  return pool;
}

/**
 * Netlify's local database server (`npm run dev`, `npm run preview`, the e2e suite) is PGlite
 * behind the wire protocol: ONE session for every connection, so two connections' transactions
 * would run inside each other (one's COMMIT or ROLLBACK ends the other's, seen in the e2e
 * suite as "SAVEPOINT can only be used in transaction blocks"). Against it the pool keeps one
 * connection, and every query and transaction of the process takes its turn.
 */
async function isOneSessionEngine(conn: pg.PoolClient): Promise<boolean> {
  const { rows } = await conn.query<{ version: string }>('SELECT version() AS version');
  return /emscripten/i.test(rows[0]?.version ?? '');
}

/** One pooled node-postgres connection as the migrator's connection (BEGIN/COMMIT on it). */
function nodePgMigrationConnection(conn: pg.PoolClient): MigrationConnection {
  const statements = {
    exec: (sql: string) => conn.query(sql),
    query: (sql: string, params?: unknown[]) => conn.query(sql, params) as never,
  };
  return {
    ...statements,
    transaction: async (fn) => {
      await conn.query('BEGIN');
      try {
        const result = await fn(statements);
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK');
        throw error;
      }
    },
  };
}

let lastSchemaLog = '';

/** Checks the schema once per connection; says what is missing once, not once per request. */
async function checkSchema(handle: Handle): Promise<Handle> {
  try {
    await assertSchemaCurrent(handle.db);
    lastSchemaLog = '';
    return handle;
  } catch (error) {
    const message = (error as Error).message;
    if (message !== lastSchemaLog) logError(`[database] ${message}`);
    lastSchemaLog = message;
    await handle.close().catch(() => undefined);
    throw error;
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<Handle> {
  if (target.kind === 'netlify') {
    const connection = target.connection ?? getDatabase();
    guardPool(connection.pool);
    const db = netlifyDrizzle({ client: connection as never, schema }) as unknown as Db;
    return checkSchema({ db, close: () => connection.pool.end() });
  }
  if (target.kind === 'postgres') {
    let pool = postgresPool(target.url, POOL_SIZE);
    // Several processes may start at once against a fresh database (a dev server and a
    // script); an advisory lock makes them migrate one after another.
    const conn = await pool.connect().catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
    let oneSession: boolean;
    try {
      await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await applyMigrations(nodePgMigrationConnection(conn));
      oneSession = await isOneSessionEngine(conn);
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      conn.release();
    }
    if (oneSession) {
      await pool.end();
      pool = postgresPool(target.url, 1);
    }
    const db = nodePgDrizzle(pool, { schema }) as unknown as Db;
    return checkSchema({ db, close: () => pool.end() });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // pg_trgm serves the admin searches (migration 0005), as on Netlify Database.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({
    ...(target.dir ? { dataDir: target.dir } : {}),
    extensions: { pg_trgm },
  });
  const conn: MigrationConnection = {
    exec: (sql) => client.exec(sql),
    query: (sql, params) => client.query(sql, params) as never,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({ exec: (sql) => tx.exec(sql), query: (sql, params) => tx.query(sql, params) as never }),
      ),
  };
  await applyMigrations(conn);
  const db = drizzle(client, { schema }) as unknown as Db;
  return checkSchema({ db, close: () => client.close() });
}

/**
 * The database of this process's environment. Outside a local run (a deploy, `netlify serve`)
 * a missing database URL is a configuration error: an in-process PGlite there would be a
 * private, throwaway database per function instance, so nothing acknowledged would last.
 */
function processDatabaseTarget(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const target = databaseTarget(env);
  if (target.kind === 'pglite' && !localRun(env)) {
    throw new ConfigurationError(
      ['NETLIFY_DB_URL'],
      'No database: NETLIFY_DB_URL (Netlify Database) or DATABASE_URL is required outside a local run',
    );
  }
  return target;
}

/** The process-wide database (cached on globalThis so dev-server module reloads share it). */
export function getDb(): Promise<Db> {
  const g = globalThis as GlobalWithDb;
  g[GLOBAL_KEY] ??= Promise.resolve()
    .then(async () => {
      const target = processDatabaseTarget();
      const handle = await openDatabase(target);
      // Only a hosted branch is a copy of production; a local preview keeps its own data.
      if (target.kind === 'netlify') await emptyIfPreview(handle.db);
      return handle;
    })
    .catch((error: unknown) => {
      delete g[GLOBAL_KEY];
      throw error;
    });
  return g[GLOBAL_KEY].then((h) => h.db);
}

/**
 * Makes `next` the process-wide database and closes the one it replaces
 * (src/testing/test-db.ts gives each test file a fresh one through it).
 */
export async function replaceProcessDatabase(next: Promise<Handle>): Promise<Db> {
  const g = globalThis as GlobalWithDb;
  const previous = g[GLOBAL_KEY];
  g[GLOBAL_KEY] = next;
  if (previous) await previous.then((h) => h.close()).catch(() => undefined);
  return next.then((h) => h.db);
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const current = g[GLOBAL_KEY];
  delete g[GLOBAL_KEY];
  if (current) await current.then((h) => h.close());
}

export { schema };
