// A hosted database is migrated by the platform, never by the site: if a migration did not run,
// answer 503 and log what is missing once, instead of "relation does not exist" on every request.
import { eq, is, max } from 'drizzle-orm';
import { PgTable, getTableConfig, pgSchema, text } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import * as schema from './schema.ts';

export class DatabaseSchemaError extends Error {
  readonly missing: string[];
  constructor(missing: string[]) {
    super(
      `Database schema is behind the code: missing ${missing.slice(0, 8).join(', ')}` +
        `${missing.length > 8 ? ` and ${missing.length - 8} more` : ''}. ` +
        'Netlify applies netlify/database/migrations when a deploy is published; ' +
        'check that deploy log (a failed migration blocks the publish), or run ' +
        '`npm run db:migrate` for a database of your own.',
    );
    this.missing = missing;
    this.name = 'DatabaseSchemaError';
  }
}

const informationSchema = pgSchema('information_schema');
const columns = informationSchema.table('columns', {
  tableSchema: text('table_schema'),
  tableName: text('table_name'),
  columnName: text('column_name'),
});

const appliedMigrations = pgSchema('netlify').table('migrations', { name: text('name') });

export async function migrationState(
  db: Db,
  expected: string,
): Promise<{ applied: boolean; newest: string | null }> {
  const [found] = await db
    .select({ name: appliedMigrations.name })
    .from(appliedMigrations)
    .where(eq(appliedMigrations.name, expected));
  const [latest] = await db.select({ newest: max(appliedMigrations.name) }).from(appliedMigrations);
  return { applied: found !== undefined, newest: latest?.newest ?? null };
}

export function expectedColumns(): string[] {
  const expected: string[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    for (const column of config.columns) expected.push(`${config.name}.${column.name}`);
  }
  return expected;
}

export async function missingFromDatabase(db: Db): Promise<string[]> {
  const rows = await db
    .select({ table: columns.tableName, column: columns.columnName })
    .from(columns)
    .where(eq(columns.tableSchema, 'public'));
  const present = new Set(rows.map((r) => `${r.table}.${r.column}`));
  const tables = new Set(rows.map((r) => r.table));
  const missing: string[] = [];
  for (const name of expectedColumns()) {
    const [table] = name.split('.');
    if (!tables.has(table!)) {
      if (!missing.includes(`table ${table}`)) missing.push(`table ${table}`);
    } else if (!present.has(name)) {
      missing.push(`column ${name}`);
    }
  }
  return missing;
}

export async function assertSchemaCurrent(db: Db): Promise<void> {
  const missing = await missingFromDatabase(db);
  if (missing.length) throw new DatabaseSchemaError(missing);
}
