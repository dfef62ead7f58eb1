import type { Config } from '@netlify/functions';
import {
  listResponse,
  listOutbox,
  OUTBOX_CSV,
  outboxAttachment,
  retryOutboxEmail,
} from '../../src/features/admin/admin.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { idParam, pathParam } from '../../src/server/handler.ts';
import { errorJson, json, withSecurityHeaders } from '../../src/server/responses.ts';

export default adminHandler(['GET', 'POST'], async (req, admin) => {
  const { db, url, context } = admin;
  const id = idParam(context);
  if (req.method === 'GET' && !context.params?.id) {
    return listResponse(admin, 'outbox', (q, w) => listOutbox(db, q, w), OUTBOX_CSV);
  }
  const index = pathParam(context, 'index');
  if (req.method === 'GET' && id !== null && /^\d{1,3}$/.test(index)) {
    const file = await outboxAttachment(db, id, Number(index));
    // Served as a download, never rendered inline: the content came from e-mail templates.
    const safeName = file.filename.replace(/[^\w.-]+/g, '_');
    return new Response(new Uint8Array(file.bytes), {
      headers: withSecurityHeaders({
        'Content-Type': file.contentType.split(';')[0]!.trim() || 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${safeName}"`,
      }),
    });
  }
  if (req.method === 'POST' && id !== null && url.pathname.endsWith('/retry')) {
    return json({ email: await retryOutboxEmail(db, id) });
  }
  return errorJson(404, 'Not found');
});

export const config: Config = {
  path: [
    '/api/admin/outbox',
    '/api/admin/outbox/:id/attachments/:index',
    '/api/admin/outbox/:id/retry',
  ],
  method: ['GET', 'POST'],
};
