import type { Config } from '@netlify/functions';
import { scheduleMeetingHandler } from '../../src/features/meeting/meeting.server.ts';

export default scheduleMeetingHandler();

export const config: Config = {
  path: '/api/schedule-meeting',
  method: ['POST'],
  // The edge limit stops floods; the app's per-address limit is in meeting.server.ts.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
