// For sessions paid but never recorded: every webhook delivery failed, the buyer closed the tab.
import type { Config } from '@netlify/functions';
import { sweepCheckouts } from '../../src/features/checkout/checkout.server.ts';
import { scheduledJob } from '../../src/server/jobs/scheduled-job.ts';

export default scheduledJob('checkout-sweep', (db) => sweepCheckouts(db));

export const config: Config = { schedule: '*/10 * * * *' };
