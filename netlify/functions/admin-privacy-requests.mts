import type { Config } from '@netlify/functions';
import {
  answerRequestForAdmin,
  crmDeletedByHand,
  requestsForAdmin,
} from '../../src/features/admin/admin.server.ts';
import { requestAnswerSchema } from '../../src/features/admin/admin.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { idParam } from '../../src/server/handler.ts';
import { deliverInBackground } from '../../src/server/mail/delivery.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { errorJson, json } from '../../src/server/responses.ts';

export default adminHandler(['GET', 'POST'], async (req, { db, user, url, context }) => {
  if (req.method === 'GET' && url.pathname === '/api/admin/privacy-requests')
    return json(await requestsForAdmin(db));
  const id = idParam(context);
  if (req.method !== 'POST' || id === null) return errorJson(404, 'Not found');
  if (url.pathname.endsWith('/crm-deleted')) {
    await crmDeletedByHand(db, id);
    return json({ done: true });
  }
  const { leave } = await parseJson(req, requestAnswerSchema);
  const admin = { ...user, ip: clientIp(context) };
  const answered = await answerRequestForAdmin(db, admin, id, leave);
  if (answered.emailIds.length) void deliverInBackground(db, answered.emailIds, context);
  return json({ kind: answered.kind, erased: answered.erased });
});

export const config: Config = {
  path: [
    '/api/admin/privacy-requests',
    '/api/admin/privacy-requests/:id/answer',
    '/api/admin/privacy-requests/:id/crm-deleted',
  ],
  method: ['GET', 'POST'],
};
