/**
 * Scheduled daily: applies the retention rules (src/server/privacy/retention.ts) to every table
 * with personal data and to the order logos in Blobs, and records the run for the admin
 * overview. Like every scheduled function it has no URL; a run deletes only what its period
 * has passed, so an extra run removes nothing early.
 */
import type { Config } from '@netlify/functions';
import { purgeExpired } from '../../src/features/privacy/privacy.server.ts';
import { scheduledJob } from '../../src/server/jobs/scheduled-job.ts';
import { getLogoStore } from '../../src/server/uploads/logo.ts';

export default scheduledJob('privacy-purge', async (db) => {
  const { counts } = await purgeExpired(db, {
    logoStore: await getLogoStore(),
    source: 'schedule',
  });
  return { counts };
});

export const config: Config = { schedule: '@daily' };
