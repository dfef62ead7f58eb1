import type { MeetingRequest } from '../../server/db/schema.ts';
import {
  ActionButton,
  Details,
  EmailLayout,
  Paragraph,
  Typed,
} from '../../server/mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../../server/mail/render-email.ts';
import type { SlotDescription } from './meeting-ics.server.ts';

/** "Tuesday, March 10, 2026 at 9:30 AM EST (Eastern) (14:30 UTC), 30 minutes" */
function slotSentence(slot: SlotDescription): string {
  const utc = slot.start.toISOString().slice(11, 16);
  return `${slot.dateLabel} at ${slot.time} ${slot.timezoneLabel} (${utc} UTC), ${slot.minutes} minutes`;
}

const RESCHEDULE =
  'Need to reschedule? Reply to this e-mail at least 24 hours before the meeting and we will find a new time.';

const reference = (row: Pick<MeetingRequest, 'id'>) => `meeting #${row.id}`;

function TeamNote({ note }: { note: string }) {
  return note ? (
    <Paragraph>
      A note from our team: <Typed>{note}</Typed>
    </Paragraph>
  ) : null;
}

export function meetingTeamEmail(req: MeetingRequest, slot: SlotDescription): EmailContent {
  return renderEmail(
    `New meeting request: ${slot.meetingLabel} with ${req.name}`,
    <EmailLayout
      heading="New meeting request"
      preheader={`${slot.meetingLabel}, ${slotSentence(slot)}. Answer within 24 hours.`}
    >
      <Paragraph>
        <Typed>{req.name}</Typed> asked for a meeting. Please confirm or propose another time within
        24 hours.
      </Paragraph>
      <Details
        rows={[
          ['Meeting', slot.meetingLabel],
          ['Requested time', slotSentence(slot)],
          ['Name', req.name],
          ['Email', req.email],
          ['Phone', req.phone],
          ['Company', req.company],
          ['Message', req.message],
          ['Reference', reference(req)],
        ]}
      />
    </EmailLayout>,
  );
}

export function meetingReceiptEmail(req: MeetingRequest, slot: SlotDescription): EmailContent {
  return renderEmail(
    `Meeting request received: ${slot.meetingLabel}`,
    <EmailLayout
      heading={
        <>
          Thank you, <Typed>{req.name}</Typed>
        </>
      }
      preheader="We'll contact you within 24 hours to confirm your meeting time."
    >
      <Paragraph>
        We've received your meeting request. We'll contact you within 24 hours to confirm your
        meeting time.
      </Paragraph>
      <Paragraph>
        The attached calendar invitation is marked tentative until we confirm it. Meetings are held
        on Zoom; the link comes with the confirmation.
      </Paragraph>
      <Details
        rows={[
          ['Meeting', slot.meetingLabel],
          ['Requested time', slotSentence(slot)],
          ['Reference', reference(req)],
        ]}
      />
      <Paragraph>{RESCHEDULE}</Paragraph>
    </EmailLayout>,
  );
}

export function meetingConfirmedEmail(
  row: MeetingRequest,
  slot: SlotDescription,
  note: string,
): EmailContent {
  return renderEmail(
    `Meeting confirmed: ${slot.meetingLabel}`,
    <EmailLayout
      heading={
        <>
          Your meeting is confirmed, <Typed>{row.name}</Typed>
        </>
      }
      preheader={`${slotSentence(slot)}. The calendar invitation is attached.`}
    >
      <Paragraph>
        Thank you for your patience. We have confirmed your meeting and look forward to speaking
        with you.
      </Paragraph>
      <Paragraph>
        The attached calendar invitation has the confirmed time. We will send the Zoom link before
        the meeting.
      </Paragraph>
      <TeamNote note={note} />
      <Details
        rows={[
          ['Meeting', slot.meetingLabel],
          ['Time', slotSentence(slot)],
          ['Reference', reference(row)],
        ]}
      />
      <Paragraph>{RESCHEDULE}</Paragraph>
    </EmailLayout>,
  );
}

export function meetingProposalEmail(
  row: MeetingRequest,
  slots: { requested: SlotDescription; proposed: SlotDescription },
  note: string,
): EmailContent {
  const { requested, proposed } = slots;
  return renderEmail(
    `New time proposed: ${proposed.meetingLabel}`,
    <EmailLayout
      heading={
        <>
          Could we meet at another time, <Typed>{row.name}</Typed>?
        </>
      }
      preheader={`We propose ${slotSentence(proposed)}.`}
    >
      <Paragraph>
        Thank you for your meeting request. Unfortunately we cannot make the time you asked for, so
        we would like to propose another one.
      </Paragraph>
      <Paragraph>
        The attached calendar invitation holds the new time as tentative. Reply to this e-mail to
        accept it or to suggest a different time.
      </Paragraph>
      <TeamNote note={note} />
      <Details
        rows={[
          ['Meeting', proposed.meetingLabel],
          ['Requested time', slotSentence(requested)],
          ['Proposed time', slotSentence(proposed)],
          ['Reference', reference(row)],
        ]}
      />
    </EmailLayout>,
  );
}

export function meetingDeclinedEmail(
  row: MeetingRequest,
  slot: SlotDescription,
  note: string,
  scheduleUrl: string,
): EmailContent {
  return renderEmail(
    `About your meeting request: ${slot.meetingLabel}`,
    <EmailLayout
      heading={
        <>
          About your meeting request, <Typed>{row.name}</Typed>
        </>
      }
      preheader="We cannot hold the meeting at that time. You can request another one."
    >
      <Paragraph>
        Thank you for your interest. Unfortunately we are unable to hold the meeting on{' '}
        {slot.dateLabel} at {slot.time} {slot.timezoneLabel}, so we have cancelled the tentative
        calendar entry.
      </Paragraph>
      <TeamNote note={note} />
      <Details
        rows={[
          ['Meeting', slot.meetingLabel],
          ['Reference', reference(row)],
        ]}
      />
      <ActionButton href={scheduleUrl}>Request another time</ActionButton>
    </EmailLayout>,
  );
}
