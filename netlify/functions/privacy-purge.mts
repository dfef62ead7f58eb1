/**
 * Scheduled daily: applies the retention rules (src/server/privacy/retention.ts) to every table
 * with personal data and to the order logos in Blobs, and records the run for the admin
 * overview, and deletes the admin's order exports older than a day. Like every scheduled
 * function it has no URL; a run deletes only what its period has passed, so an extra run
 * removes nothing early.
 */
import type { Config } from '@netlify/functions';
import { purgeExpiredExports } from '../../src/features/admin/admin.server.ts';
import { purgeExpired } from '../../src/features/privacy/privacy.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { json } from '../../src/server/responses.ts';
import { loggableError } from '../../src/server/loggable-error.ts';
import { getExportStore } from '../../src/server/exports/export-files.ts';
import { getLogoStore } from '../../src/server/uploads/logo.ts';

export default async function privacyPurge(): Promise<Response> {
  try {
    const { counts } = await purgeExpired(await getDb(), {
      logoStore: await getLogoStore(),
      source: 'schedule',
    });
    // Apart: the retention rules above have run whether or not the exports' store answers.
    const exportsRemoved = await getExportStore()
      .then((store) => purgeExpiredExports(store))
      .catch((error: unknown) => {
        console.error('Export purge failed', loggableError(error));
        return null;
      });
    console.info('Retention rules applied', counts, { exportsRemoved });
    return json({ counts, exportsRemoved });
  } catch (error) {
    console.error('Retention purge failed', loggableError(error));
    return json({ error: 'Retention purge failed' }, { status: 500 });
  }
}

export const config: Config = { schedule: '@daily' };
