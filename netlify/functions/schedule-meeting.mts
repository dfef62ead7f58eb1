/** POST /api/schedule-meeting: stores a meeting request, queues its e-mails (with a tentative .ics). */
import type { Config } from '@netlify/functions';
import { scheduleMeetingHandler } from '../../src/features/meeting/meeting.server.ts';

export default scheduleMeetingHandler();

export const config: Config = {
  path: '/api/schedule-meeting',
  method: ['POST'],
  // The edge limit stops floods before they reach the function; the app limit (per address,
  // in the database) is in meeting.server.ts.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
