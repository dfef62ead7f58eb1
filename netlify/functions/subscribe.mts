/** POST /api/subscribe: stores an early-access e-mail address from /airbnb-automation. */
import type { Config } from '@netlify/functions';
import { subscribeHandler } from '../../src/features/subscribe/subscribe.server.ts';

export default subscribeHandler();

export const config: Config = {
  path: '/api/subscribe',
  method: ['POST'],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
