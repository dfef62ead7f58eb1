// A preview's database branch starts as a copy of production's, people and all: emptied once per
// branch so personal data never lives on where erasure and the daily purge do not reach.
import { sql } from 'drizzle-orm';
import { platformDeployContext } from '../deploy-context.ts';
import type { Db } from './client.ts';

const PREVIEW_MARKER = 'preview-database-scrubbed';
const SCRUB_LOCK = 7_202_612;
export const PREVIEW_CONTEXTS = ['deploy-preview', 'branch-deploy'];

export function rowsOf<T>(result: unknown): T[] {
  return ((Array.isArray(result) ? result : (result as { rows?: T[] }).rows) ?? []) as T[];
}

async function markerExists(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(
    await db.execute(
      sql`SELECT EXISTS (SELECT 1 FROM webhook_events WHERE id = ${PREVIEW_MARKER}) AS any`,
    ),
  );
  return Boolean(row?.any);
}

// Emptied once only, so it keeps what testers add.
export function wasScrubbedForPreview(db: Db): Promise<boolean> {
  return markerExists(db);
}

export async function emptyForPreview(db: Db): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SCRUB_LOCK})`);
    if (await markerExists(tx)) return null;
    const tables = rowsOf<{ name: string }>(
      await tx.execute(
        sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      ),
    ).map((t) => t.name);
    if (tables.length)
      await tx.execute(
        sql`TRUNCATE ${sql.join(
          tables.map((t) => sql.identifier(t)),
          sql`, `,
        )} RESTART IDENTITY CASCADE`,
      );
    await tx.execute(
      sql`INSERT INTO webhook_events (id, type) VALUES (${PREVIEW_MARKER}, 'preview.scrubbed')`,
    );
    return tables;
  });
}

export async function emptyIfPreview(
  db: Db,
  context = platformDeployContext(),
): Promise<string[] | null> {
  if (!context || !PREVIEW_CONTEXTS.includes(context)) return null;
  if (await markerExists(db)) return null;
  return emptyForPreview(db);
}
