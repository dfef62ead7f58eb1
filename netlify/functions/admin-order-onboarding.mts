import type { Config } from '@netlify/functions';
import {
  listResponse,
  listOrderOnboarding,
  ORDER_ONBOARDING_CSV,
} from '../../src/features/admin/admin.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';

export default adminHandler(['GET'], (_req, admin) =>
  listResponse(
    admin,
    'order-onboarding',
    (q, w) => listOrderOnboarding(admin.db, q, w),
    ORDER_ONBOARDING_CSV,
  ),
);

export const config: Config = { path: '/api/admin/order-onboarding', method: ['GET'] };
