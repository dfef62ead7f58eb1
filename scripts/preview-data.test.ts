/**
 * `npm run db:preview-data`, the deploy preview's step, as the build runs it: a copy of
 * production's data goes, sample data of nobody comes, once per branch; anywhere else it refuses.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { runScript, SCRIPT_TIMEOUT, useWireDatabase } from '../src/testing/script-runs';

const db = useWireDatabase();

function previewData(context: string | undefined) {
  return runScript('scripts/preview-data.ts', [], {
    env: { DATABASE_URL: db.url, ...(context ? { CONTEXT: context } : {}) },
  });
}

/** Rows of every public table that name Ada (a production client copied into the branch). */
async function mentionsOfAda(): Promise<string[]> {
  const tables = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await db.query<{ row: string }>(
      `SELECT to_jsonb(t)::text AS row FROM "${name}" t`,
    );
    found.push(...rows.filter((r) => /ada@example\.com|Lovelace/.test(r.row)).map(() => name));
  }
  return found;
}

describe('npm run db:preview-data', () => {
  it(
    'refuses outside a deploy preview; in one, empties the copy of production and seeds it once',
    async () => {
      // The schema (the platform migrates a branch), then production's people, as a new
      // preview branch holds them.
      await (await openDatabase({ kind: 'postgres', url: db.url })).close();
      await db.query(
        "INSERT INTO clients (email, name) VALUES ('ada@example.com', 'Ada Lovelace')",
      );
      await db.query(
        "INSERT INTO contact_messages (name, email, message) VALUES ('Ada Lovelace', 'ada@example.com', 'Hi')",
      );

      for (const context of [undefined, 'production', 'dev']) {
        const refused = await previewData(context);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain("it runs only in a deploy preview's build");
      }
      expect((await mentionsOfAda()).sort()).toEqual(['clients', 'contact_messages']);

      const scrubbed = await previewData('deploy-preview');
      expect(scrubbed.stderr).toBe('');
      expect(scrubbed.stdout).toContain('(a copy of production)');
      expect(await mentionsOfAda()).toEqual([]);
      const [sample] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM contact_messages',
      );
      expect(sample!.n).toBeGreaterThan(0);

      // A later build of the same pull request keeps what the testers entered.
      await db.query(
        "INSERT INTO subscribers (email, source) VALUES ('tester@example.com', 'preview')",
      );
      const again = await previewData('branch-deploy');
      expect(again.stdout).toContain('kept as it is');
      expect(await db.query('SELECT email FROM subscribers')).toEqual([
        { email: 'tester@example.com' },
      ]);

      // A branch whose schema is behind this build (its new migration comes at deploy): emptied,
      // without sample data.
      await db.query("DELETE FROM webhook_events WHERE id = 'preview-database-scrubbed'");
      await db.query('ALTER TABLE subscribers DROP COLUMN source');
      const behind = await previewData('deploy-preview');
      expect(behind.stderr).toBe('');
      expect(behind.stdout).toContain('no sample data: its schema is behind this build');
      expect(await db.query('SELECT count(*)::int AS n FROM subscribers')).toEqual([{ n: 0 }]);
      expect(await db.query('SELECT count(*)::int AS n FROM contact_messages')).toEqual([{ n: 0 }]);
    },
    SCRIPT_TIMEOUT * 2,
  );
});
