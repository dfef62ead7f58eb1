// Without SMTP_URL it does nothing and the e-mails stay pending for the admin panel.
import type { Config } from '@netlify/functions';
import { scheduledJob } from '../../src/server/jobs/scheduled-job.ts';
import { deliverDue } from '../../src/server/mail/delivery.ts';

export default scheduledJob('outbox-deliver', (db) => deliverDue(db));

export const config: Config = { schedule: '*/5 * * * *' };
