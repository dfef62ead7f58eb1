/** GET /api/admin/orders?q&status&from&to&page&pageSize&format=csv */
import { parseListQuery } from '../../src/features/admin/admin.ts';
import { listResponse } from '../../src/features/admin/list.server.ts';
import { listOrders, ORDER_CSV } from '../../src/features/admin/orders.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';

export default adminHandler(['GET'], (_req, { db, url }) =>
  listResponse(parseListQuery('orders', url.searchParams), (q, w) => listOrders(db, q, w), {
    name: 'orders',
    columns: ORDER_CSV,
  }),
);

export const config = { path: '/api/admin/orders', method: ['GET'] };
