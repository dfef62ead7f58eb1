/**
 * Meeting requests on the server: the form's schema (with "today" taken as the earliest date
 * anywhere), the per-address limit and honeypot, then the request and its two e-mails in one
 * transaction. The visitor's e-mail carries a tentative .ics invitation.
 *
 * The team's answers live in meeting-replies.server.ts, the table in
 * meeting-requests.server.ts, the invitations in meeting-ics.server.ts; this is the door.
 */
import type { Db } from '../../server/db/client.ts';
import type { MeetingRequest } from '../../server/db/schema.ts';
import {
  enforceFormLimit,
  formSubmissionHandler,
  storeWithEmails,
  type SubmitOptions,
  type Submitted,
} from '../../server/form-submissions.ts';
import { textAttachment } from '../../server/mail/outbox.ts';
import type { RateLimit } from '../../server/rate-limit.ts';
import { meetingReceiptEmail, meetingTeamEmail } from './meeting-emails.tsx';
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

const MEETING_RATE_LIMIT: RateLimit = { limit: 10, windowSeconds: 10 * 60 };

export async function submitMeetingRequest(
  db: Db,
  body: unknown,
  options: SubmitOptions,
): Promise<Submitted<'request', MeetingRequest>> {
  const now = options.now ?? new Date();
  const input = meetingRequestSchema(earliestToday(now)).parse(body);
  await enforceFormLimit(db, 'schedule-meeting', { ...options, now }, MEETING_RATE_LIMIT);
  if (input.website) return { request: null, emailIds: [] };

  const { row, emailIds } = await storeWithEmails(
    db,
    (tx) =>
      insertMeetingRequest(tx, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        meetingType: input.meetingType,
        preferredDate: input.preferredDate,
        preferredTime: input.preferredTime,
        timezone: input.timezone,
        message: input.message,
      }),
    (request) => {
      const slot = describeSlot(request);
      const ics = buildMeetingIcs(request, { status: 'TENTATIVE', now });
      const invitation = textAttachment(
        'meeting-request.ics',
        'text/calendar; charset=utf-8; method=REQUEST',
        ics,
      );
      return {
        team: { kind: 'meeting.team', ...meetingTeamEmail(request, slot) },
        receipt: {
          kind: 'meeting.receipt',
          ...meetingReceiptEmail(request, slot),
          attachments: [invitation],
        },
      };
    },
  );
  return { request: row, emailIds };
}

/**
 * The /api/schedule-meeting handler: `{ success: true, message }`, or
 * `{ success: false, message, error }` with a 4xx (the form reads `success` and `message`).
 * `rateLimit` replaces the app limit (`false` for the property tests).
 */
export function scheduleMeetingHandler(options: { rateLimit?: RateLimit | false } = {}) {
  return formSubmissionHandler(
    MEETING_FORM_PAGES,
    submitMeetingRequest,
    MEETING_SUCCESS.description,
    { ...options, failureMessage: true },
  );
}
