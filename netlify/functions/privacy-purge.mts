/**
 * Scheduled daily: applies the retention rules (src/server/privacy/retention.ts) to every table
 * with personal data and to the order logos in Blobs, and records the run for the admin
 * overview. Like every scheduled function it has no URL; a run deletes only what its period
 * has passed, so an extra run removes nothing early.
 */
import type { Config } from '@netlify/functions';
import { purgeExpired } from '../../src/features/privacy/privacy.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { json } from '../../src/server/responses.ts';
import { loggableError } from '../../src/server/loggable-error.ts';
import { getLogoStore } from '../../src/server/uploads/logo.ts';

export default async function privacyPurge(): Promise<Response> {
  try {
    const { counts } = await purgeExpired(await getDb(), {
      logoStore: await getLogoStore(),
      source: 'schedule',
    });
    console.info('Retention rules applied', counts);
    return json({ counts });
  } catch (error) {
    console.error('Retention purge failed', loggableError(error));
    return json({ error: 'Retention purge failed' }, { status: 500 });
  }
}

export const config: Config = { schedule: '@daily' };
