// PGlite is imported only on its own path and left out of the function bundles
// (scripts/bundle-functions.ts): production never takes it.
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
  // `from`: a data directory dumped by PGlite's dumpDataDir (tests restore a migrated one).
  | { kind: 'pglite'; dir?: string; from?: Blob };

const GLOBAL_KEY = Symbol.for('agency.db');
const MIGRATION_LOCK_ID = 72_412_018;

type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Handle> };

export function databaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.NETLIFY_DB_URL || env.DATABASE_URL || undefined;
}

function isOnThisMachine(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1';
}

// On this machine NETLIFY_DB_URL is `npm run dev`'s emulated database, unless NETLIFY_DB_DRIVER
// asks for Neon's serverless driver by name (the restart test runs it against a local proxy).
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

// The emulated database URL carries no user name, and `pg` would then use $USER.
function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = 'postgres';
  return parsed.toString();
}

// An 'error' event nobody listens to ends the whole process, and the pool's listener is off while a
// connection is checked out: every connection gets one of its own for its whole life.
function guardPool(pool: PoolLike): void {
  pool.on('error', logDroppedConnection);
  pool.on('connect', (client) => client.on('error', logDroppedConnection));
}

function logDroppedConnection(error: Error) {
  const reason = error.message || (error as { code?: string }).code || error.name;
  logWarn('Database connection lost; it will be reopened on the next query', { reason });
}

// Gives up on an unreachable server in seconds, so a request answers 503, not a hang.
const CONNECT_TIMEOUT_MS = 5_000;

// A function instance serves one request at a time.
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

// Netlify's local database server is PGlite behind the wire protocol: ONE session for every
// connection, so two connections' transactions would run inside each other. Keep one connection.
async function isOneSessionEngine(conn: pg.PoolClient): Promise<boolean> {
  const { rows } = await conn.query<{ version: string }>('SELECT version() AS version');
  return /emscripten/i.test(rows[0]?.version ?? '');
}

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
    ...(target.from ? { loadDataDir: target.from } : {}),
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

// Outside a local run an in-process PGlite would be a private, throwaway database per function
// instance, so nothing acknowledged would last.
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

/** Cached on globalThis so dev-server module reloads share it. */
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
