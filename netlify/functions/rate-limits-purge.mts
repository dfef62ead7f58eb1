// It deletes only windows long over, so even a forced run resets no live limit.
import type { Config } from '@netlify/functions';
import { scheduledJob } from '../../src/server/jobs/scheduled-job.ts';
import { purgeEndedWindows } from '../../src/server/rate-limit.ts';

export default scheduledJob('rate-limits-purge', async (db) => ({
  purged: await purgeEndedWindows(db),
}));

export const config: Config = { schedule: '@hourly' };
