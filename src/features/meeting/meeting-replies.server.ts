/**
 * The admin's answers to meeting requests. Each answer updates the request and queues one
 * e-mail to the visitor in the same transaction, with a calendar file that updates the
 * tentative invitation already sent (same UID, higher SEQUENCE):
 * - confirm → STATUS:CONFIRMED at the requested time (or the proposed one, once proposed);
 * - propose → a tentative invitation at the new time, to accept by replying;
 * - decline → METHOD:CANCEL, which removes the tentative entry from the visitor's calendar.
 */
import type { Db } from '../../server/db/client.ts';
import type { MeetingRequest } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/http.ts';
import { enqueueEmail, invitationAttachment } from '../../server/mail/outbox.ts';
import { renderEmail, slotSentence, type EmailContent } from '../../server/mail/templates.ts';
import { meetingActionSchema, type MeetingAction } from './meeting.mini.ts';
import { buildMeetingIcs, describeSlot, icsSequence } from './meeting-ics.server.ts';
import { lockMeetingRequest, updateMeetingRequest } from './meeting-requests.server.ts';
import { earliestToday, TIME_SLOTS } from './meeting.ts';

type Status = MeetingRequest['status'];

/** The answer schema with the meeting form's own time slots. */
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

/**
 * The slot the meeting currently stands at: the team's latest proposal once one was made
 * (confirming after a proposal confirms the proposed time), else the requested slot.
 */
function currentOverride(row: MeetingRequest) {
  return row.proposedDate && row.proposedTime
    ? { date: row.proposedDate, time: row.proposedTime }
    : undefined;
}

const overrideOption = (row: MeetingRequest) => {
  const override = currentOverride(row);
  return override ? { override } : {};
};

const RESCHEDULE =
  'Need to reschedule? Reply to this e-mail at least 24 hours before the meeting and we will find a new time.';

function withNote(paragraphs: string[], note: string): string[] {
  return note ? [...paragraphs, `A note from our team: ${note}`] : paragraphs;
}

export function confirmationEmail(row: MeetingRequest, note: string): EmailContent {
  const slot = describeSlot(row, currentOverride(row));
  return {
    subject: `Meeting confirmed: ${slot.meetingLabel}`,
    ...renderEmail({
      heading: `Your meeting is confirmed, ${row.name}`,
      paragraphs: withNote(
        [
          'Thank you for your patience. We have confirmed your meeting and look forward to speaking with you.',
          'The attached calendar invitation has the confirmed time. We will send the Zoom link before the meeting.',
        ],
        note,
      ),
      details: [
        ['Meeting', slot.meetingLabel],
        ['Time', slotSentence(slot)],
        ['Reference', `meeting #${row.id}`],
      ],
      closing: [RESCHEDULE],
    }),
  };
}

export function proposalEmail(
  row: MeetingRequest,
  proposed: { date: string; time: string },
  note: string,
) {
  const requested = describeSlot(row, currentOverride(row));
  const slot = describeSlot(row, proposed);
  return {
    subject: `New time proposed: ${slot.meetingLabel}`,
    ...renderEmail({
      heading: `Could we meet at another time, ${row.name}?`,
      paragraphs: withNote(
        [
          'Thank you for your meeting request. Unfortunately we cannot make the time you asked for, so we would like to propose another one.',
          'The attached calendar invitation holds the new time as tentative. Reply to this e-mail to accept it or to suggest a different time.',
        ],
        note,
      ),
      details: [
        ['Meeting', slot.meetingLabel],
        ['Requested time', slotSentence(requested)],
        ['Proposed time', slotSentence(slot)],
        ['Reference', `meeting #${row.id}`],
      ],
    }),
  };
}

export function declineEmail(row: MeetingRequest, note: string): EmailContent {
  const slot = describeSlot(row, currentOverride(row));
  const { siteUrl } = readEnv();
  return {
    subject: `About your meeting request: ${slot.meetingLabel}`,
    ...renderEmail({
      heading: `About your meeting request, ${row.name}`,
      paragraphs: withNote(
        [
          `Thank you for your interest. Unfortunately we are unable to hold the meeting on ${slot.dateLabel} at ${slot.time} ${slot.timezoneLabel}, so we have cancelled the tentative calendar entry.`,
        ],
        note,
      ),
      details: [
        ['Meeting', slot.meetingLabel],
        ['Reference', `meeting #${row.id}`],
      ],
      action: {
        label: 'Request another time',
        url: new URL('/schedule-meeting', siteUrl).toString(),
      },
    }),
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
    const row = await lockMeetingRequest(tx as unknown as Db, id);
    if (!row) throw new HttpError(404, 'Meeting request not found');
    if (!ALLOWED[action.action].includes(row.status)) {
      throw new HttpError(
        409,
        `This meeting request is already ${row.status}; it cannot be ${NEXT_STATUS[action.action]}.`,
      );
    }
    const sequence = icsSequence(row, now);
    let content: EmailContent;
    let attachment: ReturnType<typeof invitationAttachment>;
    if (action.action === 'confirm') {
      content = confirmationEmail(row, action.note);
      const ics = buildMeetingIcs(row, {
        status: 'CONFIRMED',
        sequence,
        ...overrideOption(row),
        location: 'Zoom (we will e-mail the link before the meeting)',
        now,
      });
      attachment = invitationAttachment('meeting.ics', 'REQUEST', ics);
    } else if (action.action === 'propose') {
      const proposed = { date: action.date, time: action.time };
      content = proposalEmail(row, proposed, action.note);
      const ics = buildMeetingIcs(row, { status: 'TENTATIVE', sequence, override: proposed, now });
      attachment = invitationAttachment('meeting-proposal.ics', 'REQUEST', ics);
    } else {
      content = declineEmail(row, action.note);
      const ics = buildMeetingIcs(row, {
        status: 'CANCELLED',
        method: 'CANCEL',
        sequence,
        ...overrideOption(row),
        now,
      });
      attachment = invitationAttachment('meeting-cancelled.ics', 'CANCEL', ics);
    }

    const updated = await updateMeetingRequest(tx as unknown as Db, id, {
      status: NEXT_STATUS[action.action],
      updatedAt: now,
      ...(action.action === 'propose'
        ? { proposedDate: action.date, proposedTime: action.time }
        : {}),
    });
    const email = await enqueueEmail(tx as unknown as Db, {
      kind: `meeting.${NEXT_STATUS[action.action]}`,
      to: row.email,
      ...content,
      attachments: [attachment],
    });
    return { request: updated, emailId: email.id };
  });
}
