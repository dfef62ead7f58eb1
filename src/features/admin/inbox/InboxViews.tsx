import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { AdminContactMessage, AdminMeetingRequest } from './inbox.server';
import {
  createContactToggle,
  createMeetingAnswer,
  nextContactStatus,
  type MeetingAnswerKind,
} from './inbox.store';
import { ListView, type Column } from '../shell/ListView';
import { Modal } from '../shell/Modal';
import { StatusBadge, When } from '../shell/DisplayParts';

function ContactActions({ m, reload }: { m: AdminContactMessage; reload: () => void }) {
  const [open, setOpen] = useState(false);
  const [contact] = useState(createContactToggle);
  const { busy } = useStore(contact.$state);
  const next = nextContactStatus(m);

  return (
    <div className="btn-row admin-actions">
      <button className="btn btn--outline btn--sm" type="button" onClick={() => setOpen(true)}>
        View<span className="sr-only"> message from {m.name}</span>
      </button>
      <button
        className="btn btn--sm"
        type="button"
        onClick={() => void contact.toggle(m, reload)}
        disabled={busy}
      >
        {next === 'handled' ? 'Mark handled' : 'Mark as new'}
        <span className="sr-only"> (message from {m.name})</span>
      </button>
      {open && (
        <Modal title={`Message from ${m.name}`} onClose={() => setOpen(false)}>
          <dl className="admin-fields">
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${m.email}`}>{m.email}</a>
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{m.phone || '—'}</dd>
            </div>
            <div>
              <dt>Company</dt>
              <dd>{m.company || '—'}</dd>
            </div>
            <div>
              <dt>Received</dt>
              <dd>
                <When iso={m.createdAt} />
              </dd>
            </div>
          </dl>
          <p className="admin-message">{m.message}</p>
        </Modal>
      )}
    </div>
  );
}

const contactColumns: Column<AdminContactMessage>[] = [
  { header: 'Received', cell: (m) => <When iso={m.createdAt} /> },
  {
    header: 'From',
    cell: (m) => (
      <>
        {m.name}
        <br />
        <a href={`mailto:${m.email}`}>{m.email}</a>
        {m.company && (
          <>
            <br />
            <span className="muted">{m.company}</span>
          </>
        )}
      </>
    ),
  },
  {
    header: 'Message',
    className: 'admin-clip',
    cell: (m) => <span className="admin-clip__text">{m.message}</span>,
  },
  { header: 'Status', cell: (m) => <StatusBadge status={m.status} /> },
  { header: 'Actions', cell: (m, { reload }) => <ContactActions m={m} reload={reload} /> },
];

export function ContactMessagesView() {
  return (
    <ListView<AdminContactMessage>
      list="contact-messages"
      noun="messages"
      columns={contactColumns}
      rowKey={(m) => m.id}
      searchHint="Name, e-mail, company, message"
    />
  );
}

type Dialog = MeetingAnswerKind | null;

const DIALOG_TITLES = {
  confirm: 'Confirm meeting',
  propose: 'Propose another time',
  decline: 'Decline meeting',
};
const SUBMIT_LABELS = {
  confirm: 'Send confirmation',
  propose: 'Send proposal',
  decline: 'Decline and notify',
};

function scheduledSlot(m: AdminMeetingRequest): string {
  const date = m.proposedDate ?? m.preferredDate;
  const time = m.proposedTime ?? m.preferredTime;
  return `${date} at ${time} ${m.timezoneLabel}`;
}

/** Today in the admin's own time zone, the earliest date a new time can be proposed for. */
const localToday = () =>
  new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

function MeetingActions({
  m,
  reload,
  timeSlots,
}: {
  m: AdminMeetingRequest;
  reload: () => void;
  timeSlots: readonly string[];
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [answer] = useState(createMeetingAnswer);
  const { busy, error } = useStore(answer.$state);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dialog) return;
    const form = new FormData(event.currentTarget);
    const fields = { note: form.get('note'), date: form.get('date'), time: form.get('time') };
    if (await answer.send(m, dialog, fields, timeSlots)) {
      setDialog(null);
      reload();
    }
  }

  const can = {
    confirm: m.status === 'requested' || m.status === 'proposed',
    propose: m.status !== 'declined',
    decline: m.status !== 'declined',
  };

  return (
    <div className="btn-row admin-actions">
      {can.confirm && (
        <button
          className="btn btn--secondary btn--sm"
          type="button"
          onClick={() => setDialog('confirm')}
        >
          Confirm<span className="sr-only"> meeting with {m.name}</span>
        </button>
      )}
      {can.propose && (
        <button
          className="btn btn--outline btn--sm"
          type="button"
          onClick={() => setDialog('propose')}
        >
          Propose time<span className="sr-only"> to {m.name}</span>
        </button>
      )}
      {can.decline && (
        <button
          className="btn btn--ghost btn--sm"
          type="button"
          onClick={() => setDialog('decline')}
        >
          Decline<span className="sr-only"> meeting with {m.name}</span>
        </button>
      )}
      {dialog && (
        <Modal
          title={DIALOG_TITLES[dialog]}
          onClose={() => (setDialog(null), answer.dismissError())}
        >
          <form onSubmit={onSubmit} noValidate>
            <p>
              <strong>{m.meetingLabel}</strong> with {m.name} ({m.email})
              <br />
              {dialog === 'propose' ? 'Currently: ' : 'Time: '}
              {scheduledSlot(m)}
            </p>
            {dialog === 'propose' && (
              <div className="admin-propose">
                <div className="field">
                  <label htmlFor={`propose-date-${m.id}`}>New date</label>
                  <input
                    id={`propose-date-${m.id}`}
                    name="date"
                    type="date"
                    min={localToday()}
                    required
                  />
                </div>
                <div className="field">
                  <label htmlFor={`propose-time-${m.id}`}>New time ({m.timezoneLabel})</label>
                  <select id={`propose-time-${m.id}`} name="time" required defaultValue="">
                    <option value="" disabled>
                      Choose a time
                    </option>
                    {timeSlots.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            )}
            <div className="field">
              <label htmlFor={`note-${m.id}`}>Note to {m.name} (optional)</label>
              <textarea id={`note-${m.id}`} name="note" rows={3} maxLength={2000} />
            </div>
            <p className="field-hint">
              {dialog === 'decline'
                ? 'The visitor gets an e-mail that cancels the tentative calendar entry.'
                : 'The visitor gets an e-mail with a calendar invitation (.ics).'}
            </p>
            <div role="alert" className="field-error">
              {error}
            </div>
            <div className="btn-row">
              <button
                className={`btn${dialog === 'decline' ? ' btn--danger' : ''}`}
                type="submit"
                disabled={busy}
              >
                {busy ? 'Sending...' : SUBMIT_LABELS[dialog]}
              </button>
              <button className="btn btn--ghost" type="button" onClick={() => setDialog(null)}>
                Cancel
              </button>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}

const meetingColumns = (timeSlots: readonly string[]): Column<AdminMeetingRequest>[] => [
  { header: 'Received', cell: (m) => <When iso={m.createdAt} /> },
  {
    header: 'Visitor',
    cell: (m) => (
      <>
        {m.name}
        <br />
        <a href={`mailto:${m.email}`}>{m.email}</a>
        {m.phone && (
          <>
            <br />
            <span className="muted">{m.phone}</span>
          </>
        )}
        {m.company && (
          <>
            <br />
            <span className="muted">{m.company}</span>
          </>
        )}
      </>
    ),
  },
  { header: 'Meeting', cell: (m) => m.meetingLabel },
  {
    header: 'Requested time',
    cell: (m) => (
      <>
        {m.preferredDate} at {m.preferredTime} {m.timezone}
        {m.proposedDate && (
          <>
            <br />
            <span className="muted">
              Proposed: {m.proposedDate} at {m.proposedTime}
            </span>
          </>
        )}
      </>
    ),
  },
  {
    header: 'Message',
    className: 'admin-clip',
    cell: (m) => <span className="admin-clip__text">{m.message || '—'}</span>,
  },
  { header: 'Status', cell: (m) => <StatusBadge status={m.status} /> },
  {
    header: 'Actions',
    cell: (m, { reload }) => <MeetingActions m={m} reload={reload} timeSlots={timeSlots} />,
  },
];

/** `timeSlots`: the meeting form's slots, handed down from the page (see admin.ts on zod). */
export function MeetingRequestsView({ timeSlots }: { timeSlots: readonly string[] }) {
  const columns = useMemo(() => meetingColumns(timeSlots), [timeSlots]);
  return (
    <ListView<AdminMeetingRequest>
      list="meeting-requests"
      noun="meeting requests"
      columns={columns}
      rowKey={(m) => m.id}
      searchHint="Name, e-mail, company, meeting type"
    />
  );
}
