// Rows travel as Postgres's own JSON (`to_jsonb` / `jsonb_populate_recordset`), so timestamps keep
// their microseconds. Copies rows, never interprets them (table-owners.ts WHOLE_DATABASE_MODULES).
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { LogoStore } from '../uploads/logo.ts';
import type { Db } from './client.ts';
import { rowsOf } from './preview-data.ts';
import * as schema from './schema.ts';

export const BACKUP_FORMAT = 'novareach-backup';
export const BACKUP_FORMAT_VERSION = 1;
const PAGE = 1000;

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  schemaVersion: string;
  createdAt: string;
  tables: string[];
};
type Sequence = { table: string; column: string; lastValue: number; isCalled: boolean };
type StoredBlob = { key: string; metadata: Record<string, unknown>; data: string };
export type BackupLine =
  | { header: BackupHeader }
  | { table: string; row: Record<string, unknown> }
  | { sequence: Sequence }
  | { blob: StoredBlob }
  | { end: { rows: Record<string, number>; blobs: number } };

export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

// row_tallies last: triggers fill it.
export function tablesInDependencyOrder(): string[] {
  const refs = new Map<string, string[]>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const targets = config.foreignKeys.map(
      (fk) => getTableConfig(fk.reference().foreignTable).name,
    );
    refs.set(config.name, targets);
  }
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    for (const target of refs.get(name) ?? []) if (target !== name) visit(target);
    ordered.push(name);
  };
  for (const name of [...refs.keys()].sort()) if (name !== TALLIES) visit(name);
  return [...ordered, TALLIES];
}

const TALLIES = getTableConfig(schema.rowTallies).name;

async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

async function isOneSessionEngine(db: Db): Promise<boolean> {
  const [row] = await query<{ version: string }>(db, sql`SELECT version() AS version`);
  return /emscripten/i.test(row?.version ?? '');
}

export async function schemaVersionOf(db: Db): Promise<string> {
  const [last] = await query<{ name: string }>(
    db,
    sql`SELECT name FROM netlify.migrations ORDER BY name DESC LIMIT 1`,
  );
  if (!last)
    throw new BackupRefused('The database has no applied migrations (netlify.migrations).');
  return last.name;
}

async function primaryKey(db: Db, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    sql`SELECT a.attname AS name FROM pg_index i
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = ${`public.${table}`}::regclass AND i.indisprimary ORDER BY a.attnum`,
  );
  return rows.map((r) => r.name);
}

async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    sql`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
        ORDER BY ordinal_position`,
  );
  return rows.map((r) => r.name);
}

async function serialColumns(db: Db) {
  return query<{ table: string; column: string; seq: string }>(
    db,
    sql`SELECT table_name AS table, column_name AS column,
               pg_get_serial_sequence(quote_ident(table_name), column_name) AS seq
        FROM information_schema.columns
        WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'
        ORDER BY table_name, column_name`,
  );
}

const list = (names: string[]) =>
  sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );

export async function writeBackupLines(
  db: Db,
  logos: LogoStore | undefined,
  write: (line: BackupLine) => Promise<void> | void,
  now = new Date(),
): Promise<{ rows: Record<string, number>; blobs: number }> {
  const tables = tablesInDependencyOrder();
  const counts: Record<string, number> = {};
  const snapshot = async (tx: Db) => {
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      schemaVersion: await schemaVersionOf(tx),
      createdAt: now.toISOString(),
      tables,
    };
    await write({ header });
    for (const table of tables) {
      counts[table] = 0;
      const order = list(await primaryKey(tx, table));
      for (let offset = 0; ; offset += PAGE) {
        const page = await query<{ row: Record<string, unknown> }>(
          tx,
          sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(table)} t
                ORDER BY ${order} LIMIT ${PAGE} OFFSET ${offset}`,
        );
        for (const { row } of page) await write({ table, row: parsed(row) });
        counts[table] += page.length;
        if (page.length < PAGE) break;
      }
    }
    for (const { table, column, seq } of await serialColumns(tx)) {
      const [state] = await query<{ last_value: string; is_called: boolean }>(
        tx,
        sql`SELECT last_value, is_called FROM ${sql.raw(seq)}`,
      );
      const lastValue = Number(state?.last_value ?? 1);
      await write({
        sequence: { table, column, lastValue, isCalled: Boolean(state?.is_called) },
      });
    }
  };
  // `npm run dev`'s emulated server runs every connection in one session: a transaction here
  // would hold the dev server's own requests in it (read-only), so there it reads without one.
  if (await isOneSessionEngine(db)) await snapshot(db);
  else
    await db.transaction((tx) => snapshot(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  let blobs = 0;
  if (logos) {
    for (const { key } of (await logos.list({ prefix: '' })).blobs) {
      const blob = await logos.getWithMetadata(key, { type: 'arrayBuffer' });
      if (!blob) continue;
      const data = Buffer.from(blob.data).toString('base64');
      await write({ blob: { key, metadata: blob.metadata, data } });
      blobs++;
    }
  }
  await write({ end: { rows: counts, blobs } });
  return { rows: counts, blobs };
}

function parsed(row: unknown): Record<string, unknown> {
  return (typeof row === 'string' ? JSON.parse(row) : row) as Record<string, unknown>;
}

export async function writeBackupFile(db: Db, logos: LogoStore | undefined, file: string) {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file));
  // Failing to open the file must not end the process before the backup can say so.
  written.catch(() => undefined);
  try {
    const summary = await writeBackupLines(db, logos, async (line) => {
      if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
    });
    gzip.end();
    await written;
    return summary;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    throw error;
  }
}

export async function* readBackupFile(file: string): AsyncGenerator<BackupLine> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as BackupLine;
}

export async function checkBackupFile(file: string): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  let ended = false;
  try {
    for await (const line of readBackupFile(file)) {
      if ('header' in line) header = line.header;
      if ('end' in line) ended = true;
    }
  } catch (error) {
    throw new BackupRefused(`${file} is not a readable backup: ${(error as Error).message}`);
  }
  if (header?.format !== BACKUP_FORMAT)
    throw new BackupRefused(`${file} is not a backup made by \`npm run db:backup\`.`);
  if (header.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new BackupRefused(
      `${file} is in backup format ${header.formatVersion}; this code reads format ${BACKUP_FORMAT_VERSION}.`,
    );
  if (!ended) throw new BackupRefused(`${file} is incomplete (it ends before its last line).`);
  return header;
}

export async function nonEmptyTables(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const table of tablesInDependencyOrder()) {
    const [row] = await query<{ any: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table)}) AS any`,
    );
    if (row?.any) found.push(table);
  }
  return found;
}

export type RestoreOptions = {
  replace?: boolean;
  onRow?: (table: string, row: Record<string, unknown>) => void;
};

export async function restoreBackupFile(
  db: Db,
  logos: LogoStore | undefined,
  file: string,
  options: RestoreOptions = {},
): Promise<{ header: BackupHeader; rows: Record<string, number>; blobs: number }> {
  const header = await checkBackupFile(file);
  const version = await schemaVersionOf(db);
  if (header.schemaVersion !== version)
    throw new BackupRefused(
      `The backup is of schema version ${header.schemaVersion}, the database is at ${version}. ` +
        `Restore it into a database migrated to ${header.schemaVersion} (a checkout whose last ` +
        'migration that is), then deploy the current code to migrate it.',
    );
  const tables = tablesInDependencyOrder();
  const unknown = header.tables.filter((t) => !tables.includes(t));
  if (unknown.length)
    throw new BackupRefused(
      `The backup has tables this code does not know: ${unknown.join(', ')}.`,
    );
  if (!options.replace) {
    const full = await nonEmptyTables(db);
    if (full.length)
      throw new BackupRefused(
        `The database is not empty (${full.slice(0, 6).join(', ')}${full.length > 6 ? ', …' : ''}). ` +
          'Restore into an empty database, or add --force to replace everything in it.',
      );
    if (logos && (await logos.list({ prefix: '' })).blobs.length)
      throw new BackupRefused(
        'The logo store is not empty. Restore into an empty one, or add --force to replace it.',
      );
  }
  const rows: Record<string, number> = {};
  await db.transaction(async (tx) => {
    if (options.replace) await tx.execute(sql`TRUNCATE ${list(tables)} RESTART IDENTITY CASCADE`);
    const columns = new Map<string, string[]>();
    let batch: { table: string; rows: Record<string, unknown>[] } | undefined;
    const flush = async () => {
      if (!batch?.rows.length) return;
      const { table } = batch;
      if (!columns.has(table)) {
        columns.set(table, await writableColumns(tx, table));
        // The triggers counted the restored rows already; the backup's own tallies replace them.
        if (table === TALLIES) await tx.execute(sql`DELETE FROM ${sql.identifier(table)}`);
      }
      const names = list(columns.get(table)!);
      await tx.execute(
        sql`INSERT INTO ${sql.identifier(table)} (${names}) SELECT ${names}
            FROM jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(batch.rows)}::jsonb)`,
      );
      rows[table] = (rows[table] ?? 0) + batch.rows.length;
      batch.rows = [];
    };
    for await (const line of readBackupFile(file)) {
      if ('table' in line) {
        if (batch?.table !== line.table) await flush();
        if (batch?.table !== line.table) batch = { table: line.table, rows: [] };
        batch.rows.push(line.row);
        options.onRow?.(line.table, line.row);
        if (batch.rows.length >= 500) await flush();
      } else if ('sequence' in line) {
        await flush();
        const { table, column, lastValue, isCalled } = line.sequence;
        await tx.execute(
          sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), ${lastValue}, ${isCalled})`,
        );
      }
    }
    await flush();
  });
  let blobs = 0;
  if (logos) {
    if (options.replace)
      for (const { key } of (await logos.list({ prefix: '' })).blobs) await logos.delete(key);
    for await (const line of readBackupFile(file)) {
      if (!('blob' in line)) continue;
      const bytes = Buffer.from(line.blob.data, 'base64');
      const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      await logos.set(line.blob.key, data as ArrayBuffer, {
        metadata: line.blob.metadata as never,
      });
      blobs++;
    }
  }
  return { header, rows, blobs };
}
