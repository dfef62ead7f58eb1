/**
 * Scheduled every 10 minutes: fulfils checkout sessions that were paid but never recorded as
 * an order (every webhook delivery failed, the buyer closed the tab before the success page),
 * through the same exactly-once fulfilment as the webhook. Like every scheduled function it
 * has no URL.
 */
import type { Config } from '@netlify/functions';
import { sweepCheckouts } from '../../src/features/checkout/checkout.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { json } from '../../src/server/responses.ts';
import { loggableError } from '../../src/server/loggable-error.ts';

export default async function checkoutSweep(): Promise<Response> {
  try {
    const result = await sweepCheckouts(await getDb());
    if (result.fulfilled || result.expired || result.failed) console.info('Checkout sweep', result);
    return json(result);
  } catch (error) {
    console.error('Checkout sweep failed', loggableError(error));
    return json({ error: 'Checkout sweep failed' }, { status: 500 });
  }
}

export const config: Config = { schedule: '*/10 * * * *' };
