// A run deletes only what its period has passed, so an extra run removes nothing early.
import type { Config } from '@netlify/functions';
import { purgeExpiredExports } from '../../src/features/admin/admin.server.ts';
import { purgeExpired } from '../../src/features/privacy/privacy.server.ts';
import { getExportStore } from '../../src/server/exports/export-files.ts';
import { scheduledJob } from '../../src/server/jobs/scheduled-job.ts';
import { logError } from '../../src/server/log.ts';
import { getLogoStore } from '../../src/server/uploads/logo.ts';

export default scheduledJob('privacy-purge', async (db) => {
  const { counts } = await purgeExpired(db, {
    logoStore: await getLogoStore(),
    source: 'schedule',
  });
  // Apart: the retention rules above have run whether or not the exports' store answers.
  const exportsRemoved = await getExportStore()
    .then((store) => purgeExpiredExports(store))
    .catch((error: unknown) => {
      logError('Export purge failed', error);
      return null;
    });
  return { counts, exportsRemoved };
});

export const config: Config = { schedule: '@daily' };
