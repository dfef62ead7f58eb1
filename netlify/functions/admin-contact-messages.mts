import type { Config } from '@netlify/functions';
import { contactStatusSchema } from '../../src/features/admin/admin.ts';
import {
  CONTACT_CSV,
  listContactMessages,
  setContactStatus,
  listResponse,
} from '../../src/features/admin/admin.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { idParam } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { errorJson, json } from '../../src/server/responses.ts';

export default adminHandler(['GET', 'PATCH'], async (req, admin) => {
  const { db, context } = admin;
  if (req.method === 'GET') {
    return listResponse(
      admin,
      'contact-messages',
      (q, w) => listContactMessages(db, q, w),
      CONTACT_CSV,
    );
  }
  const id = idParam(context);
  if (id === null) return errorJson(404, 'Contact message not found');
  const { status } = await parseJson(req, contactStatusSchema);
  return json({ message: await setContactStatus(db, id, status) });
});

export const config: Config = {
  path: ['/api/admin/contact-messages', '/api/admin/contact-messages/:id'],
  method: ['GET', 'PATCH'],
};
