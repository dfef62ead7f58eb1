/**
 * `npm run db:migrate`: applies drizzle/ to the configured database over node-postgres.
 * The Netlify build runs it (see netlify.toml) so production is migrated before new
 * functions go live; locally and in tests the client migrates on first use instead.
 */
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { databaseUrl } from './client.ts';
import { loadLocalEnv } from '../local-env.ts';

loadLocalEnv();

const url = databaseUrl();
if (!url) {
  console.log('db:migrate: no NETLIFY_DB_URL or DATABASE_URL set; nothing to migrate.');
} else {
  const pool = new pg.Pool({ connectionString: url });
  await migrate(drizzle(pool), { migrationsFolder: path.resolve('drizzle') });
  await pool.end();
  console.log('db:migrate: migrations applied.');
}
