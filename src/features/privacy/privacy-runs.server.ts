import { desc } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { privacyRuns, type PrivacyRun } from '../../server/db/schema.ts';
import type { PurgeCounts } from '../../server/privacy/personal-data.ts';

export type PurgeSource = PrivacyRun['source'];

export async function recordPrivacyRun(
  db: Db,
  run: { startedAt: Date; finishedAt: Date; source: PurgeSource; counts: PurgeCounts },
): Promise<PrivacyRun> {
  const [row] = await db
    .insert(privacyRuns)
    .values({ ...run, counts: run.counts as Record<string, Record<string, number>> })
    .returning();
  if (!row) throw new Error('Recording the privacy run returned no row');
  return row;
}

export async function latestPrivacyRun(db: Db): Promise<PrivacyRun | null> {
  const [row] = await db
    .select()
    .from(privacyRuns)
    .orderBy(desc(privacyRuns.finishedAt), desc(privacyRuns.id))
    .limit(1);
  return row ?? null;
}
