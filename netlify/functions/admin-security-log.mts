import type { Config } from '@netlify/functions';
import {
  listResponse,
  listSecurityLogForAdmin,
  SECURITY_LOG_CSV,
} from '../../src/features/admin/admin.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';

export default adminHandler(['GET'], (_req, admin) =>
  listResponse(
    admin,
    'security-log',
    (q, w) => listSecurityLogForAdmin(admin.db, q, w),
    SECURITY_LOG_CSV,
  ),
);

export const config: Config = { path: '/api/admin/security-log', method: ['GET'] };
