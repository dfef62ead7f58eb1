import type { Config } from '@netlify/functions';
import {
  listResponse,
  clientOnboardingCsv,
  listClientOnboarding,
} from '../../src/features/admin/admin.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';

export default adminHandler(['GET'], (_req, admin) =>
  listResponse(
    admin,
    'client-onboarding',
    (q, w) => listClientOnboarding(admin.db, q, w),
    clientOnboardingCsv(),
  ),
);

export const config: Config = { path: '/api/admin/client-onboarding', method: ['GET'] };
