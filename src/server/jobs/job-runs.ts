import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns, type JobRun } from '../db/schema.ts';

export type { JobRun };

export async function recordJobStart(db: Db, name: string, now = new Date()): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ name, firstExpectedAt: now, lastStartedAt: now, lastStatus: 'running' })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastStartedAt: now, lastStatus: 'running' },
    });
}

export async function recordJobEnd(
  db: Db,
  name: string,
  outcome: 'ok' | 'failed',
  now = new Date(),
): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      lastFinishedAt: now,
      lastStatus: outcome,
      ...(outcome === 'ok' ? { lastSucceededAt: now } : {}),
    })
    .where(eq(jobRuns.name, name));
}

// A job without a row gets one now, so its grace period starts at the first check expecting it.
export async function jobRunsOf(db: Db, names: string[], now = new Date()): Promise<JobRun[]> {
  const rows = await db.select().from(jobRuns).where(inArray(jobRuns.name, names));
  const missing = names.filter((name) => !rows.some((r) => r.name === name));
  if (!missing.length) return rows;
  const added = await db
    .insert(jobRuns)
    .values(missing.map((name) => ({ name, firstExpectedAt: now })))
    .onConflictDoUpdate({ target: jobRuns.name, set: { name: sql`excluded.name` } })
    .returning();
  return [...rows, ...added];
}
