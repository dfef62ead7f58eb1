/**
 * Meeting requests on the server: the form's schema (with "today" taken as the earliest date
 * anywhere), the per-address limit and honeypot, then the request and its two e-mails in one
 * transaction. The visitor's e-mail carries a tentative .ics invitation.
 *
 * The team's answers live in meeting-replies.server.ts, the table in
 * meeting-requests.server.ts, the invitations in meeting-ics.server.ts; this is the door.
 */
import { $ZodError as ZodError } from 'zod/v4/core';
import { getDb, type Db } from '../../server/db/client.ts';
import type { MeetingRequest } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import {
  assertSameOrigin,
  clientIp,
  describeZodError,
  handler,
  HttpError,
  json,
} from '../../server/http.ts';
import { deliverInBackground, enqueueEmail, textAttachment } from '../../server/mail/outbox.ts';
import { meetingReceiptEmail, meetingTeamEmail } from './meeting-emails.tsx';
import type { RateLimit } from '../../server/rate-limit.ts';
import { answeringNativePosts, readFormBody } from '../../server/form-posts.ts';
import {
  enforceFormLimit,
  type ContactResult,
  type SubmitOptions,
} from '../contact/contact.server.ts';
import {
  earliestToday,
  MEETING_FORM_PAGES,
  MEETING_SUCCESS,
  meetingRequestSchema,
} from './meeting.ts';

import { buildMeetingIcs, describeSlot } from './meeting-ics.server.ts';
import { insertMeetingRequest } from './meeting-requests.server.ts';

export { buildMeetingIcs, describeSlot, meetingUid } from './meeting-ics.server.ts';

export {
  answerMeetingRequest,
  meetingAction,
  type MeetingAnswer,
} from './meeting-replies.server.ts';
export {
  findMeetingRequestIds,
  listMeetingRequests,
  meetingRequestCounts,
  meetingRequestsByWeek,
  type MeetingStatus,
} from './meeting-requests.server.ts';

export const MEETING_RATE_LIMIT: RateLimit = { limit: 10, windowSeconds: 10 * 60 };

export type MeetingResult = Omit<ContactResult, 'message'> & { request: MeetingRequest | null };

export async function submitMeetingRequest(
  db: Db,
  body: unknown,
  options: SubmitOptions,
): Promise<MeetingResult> {
  const now = options.now ?? new Date();
  const input = meetingRequestSchema(earliestToday(now)).parse(body);
  await enforceFormLimit(db, 'schedule-meeting', { ...options, now }, MEETING_RATE_LIMIT);
  if (input.website) return { request: null, emailIds: [] };

  const { teamEmail } = readEnv();
  return db.transaction(async (tx) => {
    const request = await insertMeetingRequest(tx as unknown as Db, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      meetingType: input.meetingType,
      preferredDate: input.preferredDate,
      preferredTime: input.preferredTime,
      timezone: input.timezone,
      message: input.message,
    });
    const slot = describeSlot(request);
    const ics = buildMeetingIcs(request, { status: 'TENTATIVE', now });
    const team = await enqueueEmail(tx as unknown as Db, {
      kind: 'meeting.team',
      to: teamEmail,
      ...meetingTeamEmail(request, slot),
    });
    const receipt = await enqueueEmail(tx as unknown as Db, {
      kind: 'meeting.receipt',
      to: request.email,
      ...meetingReceiptEmail(request, slot),
      attachments: [
        textAttachment('meeting-request.ics', 'text/calendar; charset=utf-8; method=REQUEST', ics),
      ],
    });
    return { request, emailIds: [team.id, receipt.id] };
  });
}

function failure(status: number, message: string, headers: Record<string, string> = {}) {
  return json({ success: false, message, error: message }, { status, headers });
}

/**
 * The /api/schedule-meeting handler: `{ success: true, message }`, or
 * `{ success: false, message, error }` with a 4xx (the form reads `success` and `message`).
 * `rateLimit` replaces the app limit (`false` for the property tests).
 */
export function scheduleMeetingHandler(options: { rateLimit?: RateLimit | false } = {}) {
  return answeringNativePosts(
    MEETING_FORM_PAGES,
    handler(['POST'], async (req, context) => {
      try {
        assertSameOrigin(req);
        const body = await readFormBody(req);
        const db = await getDb();
        const { emailIds } = await submitMeetingRequest(db, body, {
          ip: clientIp(context),
          ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
        });
        // The answer does not wait for SMTP; whatever is not sent now stays queued.
        if (emailIds.length) void deliverInBackground(db, emailIds, context);
        return json({ success: true, message: MEETING_SUCCESS.description });
      } catch (error) {
        if (error instanceof HttpError) return failure(error.status, error.message, error.headers);
        if (error instanceof ZodError) return failure(400, describeZodError(error));
        throw error;
      }
    }),
  );
}
