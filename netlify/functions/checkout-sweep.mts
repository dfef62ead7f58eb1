/**
 * Scheduled every 10 minutes: fulfils checkout sessions that were paid but never recorded as
 * an order (every webhook delivery failed, the buyer closed the tab before the success page),
 * through the same exactly-once fulfilment as the webhook. Like every scheduled function it
 * has no URL.
 */
import type { Config } from '@netlify/functions';
import { sweepCheckouts } from '../../src/features/checkout/checkout.server.ts';
import { scheduledJob } from '../../src/server/jobs/scheduled-job.ts';

export default scheduledJob('checkout-sweep', (db) => sweepCheckouts(db));

export const config: Config = { schedule: '*/10 * * * *' };
