/**
 * Scheduled every hour: deletes rate-limit counters of windows that ended days ago, so the
 * table stays small (its keys name visitors and clients). A scheduled function has no path,
 * so Netlify serves it at no URL; and it deletes only windows long over, so even a forced run
 * resets no live limit.
 */
import type { Config } from '@netlify/functions';
import { scheduledJob } from '../../src/server/jobs/scheduled-job.ts';
import { purgeEndedWindows } from '../../src/server/rate-limit.ts';

export default scheduledJob('rate-limits-purge', async (db) => ({
  purged: await purgeEndedWindows(db),
}));

export const config: Config = { schedule: '@hourly' };
