/**
 * Scheduled every 5 minutes: sends the outbox e-mails that are due (new ones the inline
 * attempt missed, and retries whose backoff has passed). Without SMTP_URL it does nothing
 * and the e-mails stay pending for the admin panel.
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/client.ts';
import { json } from '../../src/server/responses.ts';
import { loggableError } from '../../src/server/loggable-error.ts';
import { deliverDue } from '../../src/server/mail/outbox.ts';

export default async function outboxDeliver(): Promise<Response> {
  try {
    const result = await deliverDue(await getDb());
    if (result.sent || result.retrying || result.failed) console.info('Outbox delivery', result);
    return json(result);
  } catch (error) {
    console.error('Outbox delivery run failed', loggableError(error));
    return json({ error: 'Outbox delivery run failed' }, { status: 500 });
  }
}

export const config: Config = { schedule: '*/5 * * * *' };
