import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useFreshTestDb } from '../../testing/test-db';
import { closeDb, databaseTarget, openDatabase } from './client';
import { expectedColumns, missingFromDatabase } from './schema-check';
import { isDatabaseUnavailable } from './unavailable';

afterAll(() => closeDb());

describe('schema check', () => {
  it('finds nothing missing after the migrations ran', async () => {
    const db = await useFreshTestDb();
    expect(expectedColumns()).toContain('orders.product_name');
    expect(await missingFromDatabase(db)).toEqual([]);
  });

  it('names a missing table and a missing column', async () => {
    const db = await useFreshTestDb();
    await db.execute(sql`DROP TABLE subscribers`);
    await db.execute(sql`ALTER TABLE orders DROP COLUMN refunded_at`);
    expect(await missingFromDatabase(db)).toEqual(
      expect.arrayContaining(['table subscribers', 'column orders.refunded_at']),
    );
  });

  it('fails a connection to a database without the schema loudly, once, as "unavailable" (503)', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
    try {
      // A database whose recorded migrations no longer match its tables (a restored branch).
      const dir = await mkdtemp(path.join(os.tmpdir(), 'stale-db-'));
      const first = await openDatabase({ kind: 'pglite', dir });
      await first.db.execute(sql`DROP TABLE subscribers`);
      await first.close();
      const attempt = openDatabase({ kind: 'pglite', dir });
      const error = await attempt.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(
        /Database schema is behind the code: missing table subscribers/,
      );
      expect((error as Error).message).toMatch(/netlify\/database\/migrations/);
      expect(isDatabaseUnavailable(error)).toBe(true);
      const lines = errors.map((e) => JSON.parse(e) as { msg: string });
      expect(lines.filter((l) => l.msg.startsWith('[database]'))).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});

describe('which database', () => {
  it('treats a NETLIFY_DB_URL off this machine as hosted, and never migrates it', () => {
    expect(databaseTarget({ NETLIFY_DB_URL: 'postgres://u:p@ep-x.neon.tech/db' })).toEqual({
      kind: 'netlify',
    });
  });
  it("uses Neon's serverless driver on this machine only when NETLIFY_DB_DRIVER names it", () => {
    const local = 'postgres://127.0.0.1:5432/postgres';
    expect(databaseTarget({ NETLIFY_DB_URL: local, NETLIFY_DB_DRIVER: 'serverless' })).toEqual({
      kind: 'netlify',
    });
    expect(databaseTarget({ NETLIFY_DB_URL: local, NETLIFY_DB_DRIVER: 'server' })).toEqual({
      kind: 'postgres',
      url: local,
    });
  });
  it("uses node-postgres for the dev server's local database and for DATABASE_URL", () => {
    expect(databaseTarget({ NETLIFY_DB_URL: 'postgres://localhost:5432/postgres' })).toEqual({
      kind: 'postgres',
      url: 'postgres://localhost:5432/postgres',
    });
    expect(databaseTarget({ DATABASE_URL: 'postgres://db.internal/app' })).toEqual({
      kind: 'postgres',
      url: 'postgres://db.internal/app',
    });
  });
  it('falls back to PGlite', () => {
    expect(databaseTarget({})).toEqual({ kind: 'pglite' });
    expect(databaseTarget({ PGLITE_DIR: '/tmp/x' })).toEqual({ kind: 'pglite', dir: '/tmp/x' });
  });
});
