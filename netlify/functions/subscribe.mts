import type { Config } from '@netlify/functions';
import { subscribeHandler } from '../../src/features/subscribe/subscribe.server.ts';

export default subscribeHandler();

export const config: Config = {
  path: '/api/subscribe',
  method: ['POST'],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
