import type { Config } from '@netlify/functions';
import {
  orderExportDownload,
  orderExportStatus,
  startOrderExport,
} from '../../src/features/admin/admin.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { getExportStore } from '../../src/server/exports/export-files.ts';
import { pathParam } from '../../src/server/handler.ts';
import { errorJson, json } from '../../src/server/responses.ts';

export default adminHandler(['GET', 'POST'], async (req, { db, user, url, context }) => {
  const admin = { db, user, url, ip: clientIp(context) };
  const id = pathParam(context, 'id');
  const part = pathParam(context, 'part');
  const store = await getExportStore();
  if (req.method === 'POST')
    return id
      ? errorJson(405, 'Method not allowed')
      : json(await startOrderExport(req, admin, store), { status: 202 });
  if (!id) return errorJson(405, 'Method not allowed');
  if (!part) return json(await orderExportStatus(store, id, user.id));
  return orderExportDownload(admin, store, id, part);
});

export const config: Config = {
  path: [
    '/api/admin/order-exports',
    '/api/admin/order-exports/:id',
    '/api/admin/order-exports/:id/parts/:part',
  ],
  method: ['GET', 'POST'],
};
