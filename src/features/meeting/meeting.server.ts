import type { MeetingRequest } from '../../server/db/schema.ts';
import { storedForm } from '../../server/form-submissions.ts';
import { countStep } from '../insights/insights.server.ts';
import { textAttachment } from '../../server/mail/attachments.ts';
import { meetingReceiptEmail, meetingTeamEmail } from './meeting-emails.tsx';
import {
  earliestToday,
  MEETING_FORM_PAGES,
  MEETING_SUCCESS,
  meetingRequestSchema,
} from './meeting.ts';
import { buildMeetingIcs, describeSlot } from './meeting-ics.server.ts';
import { insertMeetingRequest } from './meeting-requests.server.ts';

export { buildMeetingIcs } from './meeting-ics.server.ts';

export { answerMeetingRequest, meetingAction } from './meeting-replies.server.ts';
export {
  findMeetingRequestIds,
  listMeetingRequests,
  meetingRequestCounts,
  meetingAddressesSince,
  meetingRequestsByWeek,
} from './meeting-requests.server.ts';

const meetingForm = storedForm({
  pages: MEETING_FORM_PAGES,
  key: 'request',
  limitName: 'schedule-meeting',
  parse: (body, now) => meetingRequestSchema(earliestToday(now)).parse(body),
  store: (tx, fields): Promise<MeetingRequest> => insertMeetingRequest(tx, fields),
  emails: (request, now) => {
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
  successMessage: MEETING_SUCCESS.description,
  failureMessage: true,
  onStored: (db, visitor) => countStep(db, 'meetings', visitor),
});

export const submitMeetingRequest = meetingForm.submit;

/** `rateLimit` replaces the app limit (`false` for the property tests). */
export const scheduleMeetingHandler = meetingForm.handler;
