import type { Config } from '@netlify/functions';
import {
  answerMeetingRequest,
  listMeetingRequests,
  meetingAction,
  MEETING_CSV,
  listResponse,
} from '../../src/features/admin/admin.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { idParam } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { errorJson, json } from '../../src/server/responses.ts';
import { deliverInBackground } from '../../src/server/mail/delivery.ts';

export default adminHandler(['GET', 'POST'], async (req, admin) => {
  const { db, context } = admin;
  if (req.method === 'GET') {
    return listResponse(
      admin,
      'meeting-requests',
      (q, w) => listMeetingRequests(db, q, w),
      MEETING_CSV,
    );
  }
  const id = idParam(context);
  if (id === null) return errorJson(404, 'Meeting request not found');
  const action = await parseJson(req, meetingAction);
  const { request, emailId } = await answerMeetingRequest(db, id, action);
  void deliverInBackground(db, [emailId], context);
  return json({ request, emailId });
});

export const config: Config = {
  path: ['/api/admin/meeting-requests', '/api/admin/meeting-requests/:id'],
  method: ['GET', 'POST'],
};
