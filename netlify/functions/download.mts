import type { Config } from '@netlify/functions';
import { orderItemDownload } from '../../src/features/orders/orders.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, pathParam } from '../../src/server/handler.ts';
import { errorJson, withSecurityHeaders } from '../../src/server/responses.ts';
import { enforceVisitorLimit } from '../../src/server/rate-limit.ts';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';

export default handler(['GET'], async (req, context) => {
  const raw = pathParam(context, 'itemId');
  const itemId = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || !Number.isSafeInteger(itemId) || itemId <= 0) {
    return errorJson(404, 'File not found');
  }
  const db = await getDb();
  await enforceVisitorLimit(db, 'download', context);
  const access = await readClientAccess(db, req);
  if (!access)
    return errorJson(
      403,
      'Please open this link from the browser you purchased with, or sign in from your dashboard.',
    );
  const file = await orderItemDownload(db, itemId, access);
  if (!file) return errorJson(404, 'File not found');
  return new Response(new Blob([file.bytes as Uint8Array<ArrayBuffer>]), {
    headers: withSecurityHeaders({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Content-Length': String(file.bytes.byteLength),
      'Cache-Control': 'private, no-store',
    }),
  });
});

export const config: Config = { path: '/api/download/:itemId', method: ['GET'] };
