// A deploy preview's database branch starts as a copy of production, personal data included: this
// empties every table once per branch and loads sample data of nobody (docs/backups.md).
import { drizzle as nodePgDrizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/server/db/client.ts';
import { missingFromDatabase } from '../src/server/db/schema-check.ts';
import { loadLocalEnv } from '../src/server/local-env.ts';
import { emptyForPreview, PREVIEW_CONTEXTS } from '../src/server/db/preview-data.ts';
import { seedAdminBench } from '../src/testing/admin-bench-seed.ts';
import { chooseDatabase, UsageError } from './lib/database-choice.ts';

loadLocalEnv();

const SAMPLE_ROWS = 40;

async function main() {
  const context = process.env.CONTEXT ?? '';
  if (!PREVIEW_CONTEXTS.includes(context))
    throw new UsageError(
      `This step empties the database; it runs only in a deploy preview's build ` +
        `(CONTEXT=deploy-preview or branch-deploy), and CONTEXT is "${context || 'unset'}".`,
    );
  if (!process.env.NETLIFY_DB_URL && !process.env.DATABASE_URL)
    throw new UsageError('No database: NETLIFY_DB_URL (the preview branch) is not set.');
  const { url, source } = await chooseDatabase();
  // Not the site's client: the branch's schema may be behind this build's (the platform applies
  // a new migration at deploy), and emptying must not wait for it.
  const address = new URL(url);
  // Netlify's local database server names no user, and `pg` would then use $USER.
  if (!address.username) address.username = 'postgres';
  const pool = new pg.Pool({ connectionString: address.toString(), max: 1 });
  const db = nodePgDrizzle(pool) as unknown as Db;
  try {
    const tables = await emptyForPreview(db);
    if (!tables) {
      console.log(`db:preview-data: ${source} was emptied for this preview before; kept as it is.`);
      return;
    }
    const behind = await missingFromDatabase(db);
    if (behind.length) {
      console.log(
        `db:preview-data: emptied ${tables.length} tables of ${source} (a copy of production); ` +
          `no sample data: its schema is behind this build (${behind.slice(0, 3).join(', ')}).`,
      );
      return;
    }
    await seedAdminBench(db, SAMPLE_ROWS);
    console.log(
      `db:preview-data: emptied ${tables.length} tables of ${source} (a copy of production) ` +
        `and loaded ${SAMPLE_ROWS} sample contact messages and orders of nobody.`,
    );
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? `db:preview-data: ${error.message}` : error);
  process.exitCode = 1;
});
