/**
 * Scheduled every hour: deletes rate-limit counters of windows that ended days ago, so the
 * table stays small (its keys name visitors and clients). A scheduled function has no path,
 * so Netlify serves it at no URL; and it deletes only windows long over, so even a forced run
 * resets no live limit.
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/client.ts';
import { json } from '../../src/server/responses.ts';
import { loggableError } from '../../src/server/loggable-error.ts';
import { purgeEndedWindows } from '../../src/server/rate-limit.ts';

export default async function rateLimitsPurge(): Promise<Response> {
  try {
    const purged = await purgeEndedWindows(await getDb());
    if (purged) console.info('Rate-limit counters purged', purged);
    return json({ purged });
  } catch (error) {
    console.error('Rate-limit purge failed', loggableError(error));
    return json({ error: 'Rate-limit purge failed' }, { status: 500 });
  }
}

export const config: Config = { schedule: '@hourly' };
