/**
 * A backup beside `npm run dev`: its emulated database runs every connection in one session, so
 * the backup must not hold that session in a (read-only) transaction while the dev server writes.
 */
import { describe, expect, it } from 'vitest';
import { useWireDatabase } from '../../testing/script-runs';
import { tablesInDependencyOrder, writeBackupLines, type BackupLine } from './backup';
import { openDatabase } from './client';

const wire = useWireDatabase();

describe('a backup of the dev server’s one-session database', () => {
  it('leaves the dev server’s writes meanwhile working, and lists every table in order', async () => {
    const { db, close } = await openDatabase({ kind: 'postgres', url: wire.url });
    try {
      await wire.query("INSERT INTO subscribers (email, source) VALUES ('a@example.com', 'x')");
      const lines: BackupLine[] = [];
      let wroteMeanwhile: unknown;
      await writeBackupLines(db, undefined, async (line) => {
        lines.push(line);
        if ('table' in line && wroteMeanwhile === undefined)
          wroteMeanwhile = await wire
            .query("INSERT INTO subscribers (email, source) VALUES ('b@example.com', 'x')")
            .then(
              () => 'written',
              (error: Error) => error.message,
            );
      });
      expect(wroteMeanwhile).toBe('written');
      const header = lines[0] as Extract<BackupLine, { header: unknown }>;
      expect(header.header.tables).toEqual(tablesInDependencyOrder());
      expect(header.header.tables.indexOf('clients')).toBeLessThan(
        header.header.tables.indexOf('orders'),
      );
      expect(header.header.tables.at(-1)).toBe('row_tallies');
      expect(lines.at(-1)).toMatchObject({ end: { rows: { subscribers: 1 } } });
    } finally {
      await close();
    }
  });
});
