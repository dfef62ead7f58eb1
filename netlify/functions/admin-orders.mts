import type { Config } from '@netlify/functions';
import {
  listResponse,
  exportOrders,
  listOrders,
  ORDER_CSV,
} from '../../src/features/admin/admin.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';

export default adminHandler(['GET'], (_req, admin) =>
  listResponse(
    admin,
    'orders',
    (q, w) => listOrders(admin.db, q, w),
    ORDER_CSV,
    (q, w) => exportOrders(admin.db, q, w),
  ),
);

export const config: Config = { path: '/api/admin/orders', method: ['GET'] };
