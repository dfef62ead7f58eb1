// A restore re-applies every erasure recorded after the backup was taken: those of the database
// it replaces (--force) and of newer backups named by --erasures-from (docs/backups.md).
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  canMatchErasedAddresses,
  erasureRecordOfRow,
  reapplyErasures,
  recordedErasures,
  restoredPeopleCollector,
  type ErasureRecord,
} from '../src/features/privacy/privacy.server.ts';
import {
  BackupRefused,
  checkBackupFile,
  readBackupFile,
  restoreBackupFile,
  writeBackupFile,
} from '../src/server/db/backup.ts';
import { loadLocalEnv } from '../src/server/local-env.ts';
import { openChosenSite, UsageError } from './lib/database-choice.ts';

loadLocalEnv();

const USAGE = `Usage:
  npm run db:backup -- --out <file or folder> [--keep-days <days>] [--without-logos]
  npm run db:restore -- <file> [--force] [--erasures-from <newer backup>]... [--without-logos]`;

/** `backup-2026-12-02T05-30-00Z.jsonl.gz`: sorts by date, safe in every file system. */
function backupFileName(now = new Date()): string {
  return `backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.jsonl.gz`;
}

async function outputFile(out: string | undefined): Promise<string> {
  if (!out) throw new UsageError(`Say where to write the backup: --out <file or folder>\n${USAGE}`);
  const isFolder = out.endsWith('/') || (await stat(out).catch(() => null))?.isDirectory();
  if (isFolder) await mkdir(out, { recursive: true });
  else if (!(await stat(path.dirname(out)).catch(() => null))?.isDirectory())
    throw new UsageError(`No folder ${path.dirname(out)} to write ${path.basename(out)} into.`);
  return isFolder ? path.join(out, backupFileName()) : out;
}

const BACKUP_NAME = /^backup-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)Z\.jsonl\.gz$/;

/** Deletes this command's backups over `days` old: an erased person stays in a backup until it goes. */
async function pruneBackups(folder: string, days: number, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(folder)) {
    const stamp = BACKUP_NAME.exec(name);
    if (!stamp) continue;
    const takenAt = Date.parse(`${stamp[1]}:${stamp[2]}:${stamp[3]}Z`);
    if (now - takenAt > days * 86_400_000) {
      await rm(path.join(folder, name));
      removed.push(name);
    }
  }
  return removed.sort();
}

async function erasuresIn(file: string): Promise<ErasureRecord[]> {
  const found: ErasureRecord[] = [];
  for await (const line of readBackupFile(file))
    if ('table' in line && line.table === 'erasure_records')
      found.push(erasureRecordOfRow(line.row));
  return found;
}

function rowLines(rows: Record<string, number>): string {
  const tables = Object.entries(rows).filter(([, n]) => n > 0);
  if (!tables.length) return '  (no rows)';
  const width = Math.max(...tables.map(([t]) => t.length));
  return tables.map(([table, n]) => `  ${table.padEnd(width)}  ${n}`).join('\n');
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'keep-days': { type: 'string' },
      force: { type: 'boolean' },
      'into-non-empty': { type: 'boolean' },
      'erasures-from': { type: 'string', multiple: true },
      'without-logos': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help || !command) return console.log(USAGE);
  if (command !== 'backup' && command !== 'restore')
    throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  const file = command === 'backup' ? await outputFile(values.out) : positionals[0];
  const keepDays = values['keep-days'] === undefined ? undefined : Number(values['keep-days']);
  if (keepDays !== undefined && !(Number.isInteger(keepDays) && keepDays > 0))
    throw new UsageError('--keep-days takes a whole number of days, e.g. --keep-days 30');
  if (keepDays !== undefined && command === 'backup' && !BACKUP_NAME.test(path.basename(file!)))
    throw new UsageError(
      '--keep-days needs --out <folder>: it deletes old backups in that folder.',
    );
  if (!file) throw new UsageError(`Name the backup file to restore.\n${USAGE}`);

  const site = await openChosenSite();
  try {
    const logos = typeof site.logos === 'string' ? undefined : site.logos;
    if (!logos && !values['without-logos'])
      throw new UsageError(
        `The uploaded logos cannot be reached: ${site.logos as string}.\n` +
          'Add --without-logos to leave them out.',
      );
    if (command === 'backup') {
      const summary = await writeBackupFile(site.db, logos, file);
      console.log(`Backed up ${site.source} to ${file}:`);
      console.log(rowLines(summary.rows));
      console.log(logos ? `  logos and upload slots  ${summary.blobs}` : '  logos: left out');
      if (keepDays !== undefined)
        for (const old of await pruneBackups(path.dirname(file), keepDays))
          console.log(`Deleted ${old} (over ${keepDays} days old).`);
      return;
    }
    const replace = Boolean(values.force || values['into-non-empty']);
    const records = replace ? await recordedErasures(site.db) : [];
    for (const newer of values['erasures-from'] ?? []) records.push(...(await erasuresIn(newer)));
    const takenAt = new Date((await checkBackupFile(file)).createdAt);
    const pending = records.filter((r) => r.erasedAt > takenAt && r.addressDigest);
    if (pending.length && !canMatchErasedAddresses())
      throw new UsageError(
        `${pending.length} erasure(s) recorded after this backup need the site's SESSION_SECRET ` +
          'to be applied again on restore. Set SESSION_SECRET and run the restore again.',
      );
    const collector = restoredPeopleCollector();
    const restored = await restoreBackupFile(site.db, logos, file, {
      replace,
      onRow: (table, row) => {
        collector.onRow(table, row);
        if (table === 'erasure_records') records.push(erasureRecordOfRow(row));
      },
    });
    const erased = await reapplyErasures(site.db, records, collector.people, {
      takenAt,
      logoStore: logos,
    });
    console.log(
      `Restored ${file} (taken ${restored.header.createdAt}, schema ${restored.header.schemaVersion}) into ${site.source}:`,
    );
    console.log(rowLines(restored.rows));
    console.log(logos ? `  logos and upload slots  ${restored.blobs}` : '  logos: left out');
    console.log(
      `Erasures recorded after the backup, applied again: ${erased.addresses} address(es).`,
    );
  } finally {
    await site.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof BackupRefused) {
    console.error(`db: ${error.message}`);
  } else if (error instanceof Error && error.name === 'TypeError' && 'code' in error) {
    console.error(`db: ${error.message}\n${USAGE}`);
  } else {
    console.error('db failed:', error);
  }
  process.exitCode = 1;
});
