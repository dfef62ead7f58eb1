import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { applyMigrations, listMigrations, type MigrationConnection } from './migrations';

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), sql);
  }
  return dir;
}

function connection(db: PGlite): MigrationConnection {
  return { exec: (sql) => db.exec(sql), query: (sql, params) => db.query(sql, params) as never };
}

describe('Netlify Database migrations', () => {
  it('lists flat files and migration.sql folders in name order, ignoring drizzle-kit meta', async () => {
    const dir = await folder({
      '0002_third/migration.sql': 'SELECT 1',
      '0000_first.sql': 'SELECT 1',
      '0001_second.sql': 'SELECT 1',
      'meta/_journal.json': '{}',
      'notes.md': '',
    });
    expect((await listMigrations(dir)).map((m) => m.name)).toEqual([
      '0000_first',
      '0001_second',
      '0002_third',
    ]);
  });

  it('rejects a name given twice, as the platform does', async () => {
    const dir = await folder({ '0001_a.sql': '', '0001_a/migration.sql': '' });
    await expect(listMigrations(dir)).rejects.toThrow(/0001_a exists twice/);
  });

  it('ships the repository migrations in the platform folder', async () => {
    const names = (await listMigrations()).map((m) => m.name);
    expect(names[0]).toBe('0000_init');
    expect(names.length).toBeGreaterThanOrEqual(3);
  });

  it('applies each pending migration once, records it in netlify.migrations, and rolls back a failing one', async () => {
    const db = new PGlite();
    const dir = await folder({
      '0000_t.sql': 'CREATE TABLE t (id int);\n--> statement-breakpoint\nINSERT INTO t VALUES (1);',
    });
    expect(await applyMigrations(connection(db), dir)).toEqual(['0000_t']);
    expect(await applyMigrations(connection(db), dir)).toEqual([]);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM netlify.migrations');
    expect(rows).toEqual([{ name: '0000_t' }]);

    await writeFile(
      path.join(dir, '0001_bad.sql'),
      'INSERT INTO t VALUES (2); SELECT * FROM nope;',
    );
    await expect(applyMigrations(connection(db), dir)).rejects.toThrow(/Migration 0001_bad failed/);
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
    expect(await applyMigrations(connection(db), dir)).toEqual(['0001_b']);
    await db.close();
  });
});
