// Each answer updates the request and queues its e-mail in one transaction; its calendar file
// updates the tentative invitation (same UID, higher SEQUENCE); a decline is METHOD:CANCEL.
import type { Db } from '../../server/db/client.ts';
import type { MeetingRequest } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/responses.ts';
import { invitationAttachment } from '../../server/mail/attachments.ts';
import { enqueueEmail, type OutboxAttachment } from '../../server/mail/outbox.ts';
import type { EmailContent } from '../../server/mail/render-email.ts';
import { meetingActionSchema, type MeetingAction } from './meeting.ts';
import { buildMeetingIcs, describeSlot, icsSequence } from './meeting-ics.server.ts';
import {
  meetingConfirmedEmail,
  meetingDeclinedEmail,
  meetingProposalEmail,
} from './meeting-emails.tsx';
import { lockMeetingRequest, updateMeetingRequest } from './meeting-requests.server.ts';
import { earliestToday, TIME_SLOTS } from './meeting.ts';

type Status = MeetingRequest['status'];

export const meetingAction = meetingActionSchema(TIME_SLOTS);

/** Which answers each status allows; anything else is a 409 with a readable reason. */
const ALLOWED: Record<MeetingAction['action'], Status[]> = {
  confirm: ['requested', 'proposed'],
  propose: ['requested', 'proposed', 'confirmed'],
  decline: ['requested', 'proposed', 'confirmed'],
};

const NEXT_STATUS: Record<MeetingAction['action'], Status> = {
  confirm: 'confirmed',
  propose: 'proposed',
  decline: 'declined',
};

/** Confirming after a proposal confirms the proposed time. */
function currentOverride(row: MeetingRequest) {
  return row.proposedDate && row.proposedTime
    ? { date: row.proposedDate, time: row.proposedTime }
    : undefined;
}

const overrideOption = (row: MeetingRequest) => {
  const override = currentOverride(row);
  return override ? { override } : {};
};

function answerMessage(
  row: MeetingRequest,
  action: MeetingAction,
  sequence: number,
  now: Date,
): { content: EmailContent; attachment: OutboxAttachment } {
  const current = describeSlot(row, currentOverride(row));
  if (action.action === 'confirm') {
    const ics = buildMeetingIcs(row, {
      status: 'CONFIRMED',
      sequence,
      ...overrideOption(row),
      location: 'Zoom (we will e-mail the link before the meeting)',
      now,
    });
    return {
      content: meetingConfirmedEmail(row, current, action.note),
      attachment: invitationAttachment('meeting.ics', 'REQUEST', ics),
    };
  }
  if (action.action === 'propose') {
    const override = { date: action.date, time: action.time };
    const ics = buildMeetingIcs(row, { status: 'TENTATIVE', sequence, override, now });
    const proposed = describeSlot(row, override);
    return {
      content: meetingProposalEmail(row, { requested: current, proposed }, action.note),
      attachment: invitationAttachment('meeting-proposal.ics', 'REQUEST', ics),
    };
  }
  const ics = buildMeetingIcs(row, {
    status: 'CANCELLED',
    method: 'CANCEL',
    sequence,
    ...overrideOption(row),
    now,
  });
  const scheduleUrl = new URL('/schedule-meeting', readEnv().siteUrl).toString();
  return {
    content: meetingDeclinedEmail(row, current, action.note, scheduleUrl),
    attachment: invitationAttachment('meeting-cancelled.ics', 'CANCEL', ics),
  };
}

export type MeetingAnswer = { request: MeetingRequest; emailId: number };

export async function answerMeetingRequest(
  db: Db,
  id: number,
  action: MeetingAction,
  now = new Date(),
): Promise<MeetingAnswer> {
  if (action.action === 'propose' && action.date < earliestToday(now)) {
    throw new HttpError(400, 'date: Please choose today or a later date');
  }
  return db.transaction(async (tx) => {
    const row = await lockMeetingRequest(tx, id);
    if (!row) throw new HttpError(404, 'Meeting request not found');
    if (!ALLOWED[action.action].includes(row.status)) {
      throw new HttpError(
        409,
        `This meeting request is already ${row.status}; it cannot be ${NEXT_STATUS[action.action]}.`,
      );
    }
    const { content, attachment } = answerMessage(row, action, icsSequence(row, now), now);

    const updated = await updateMeetingRequest(tx, id, {
      status: NEXT_STATUS[action.action],
      updatedAt: now,
      ...(action.action === 'propose'
        ? { proposedDate: action.date, proposedTime: action.time }
        : {}),
    });
    const email = await enqueueEmail(tx, {
      kind: `meeting.${NEXT_STATUS[action.action]}`,
      to: row.email,
      about: { emails: [row.email] },
      ...content,
      attachments: [attachment],
    });
    return { request: updated, emailId: email.id };
  });
}
