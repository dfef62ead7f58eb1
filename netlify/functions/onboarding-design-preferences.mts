import type { Config } from '@netlify/functions';
import { onboardingStepHandler } from '../../src/features/order-onboarding/order-onboarding.server.ts';

export default onboardingStepHandler('designPreferences');

export const config: Config = {
  path: '/api/onboarding/design-preferences',
  method: ['POST'],
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
