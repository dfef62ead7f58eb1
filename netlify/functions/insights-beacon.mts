import type { Config } from '@netlify/functions';
import { beaconHandler } from '../../src/features/insights/insights.server.ts';

export default beaconHandler();

export const config: Config = {
  path: '/api/insights',
  method: ['POST'],
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
