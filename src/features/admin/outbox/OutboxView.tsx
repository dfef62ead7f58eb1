import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { AdminOutboxEmail } from './outbox.server';
import { createEmailRetry } from './outbox.store';
import { ListView, type Column } from '../shell/ListView';
import { Modal } from '../shell/Modal';
import { StatusBadge, When } from '../shell/DisplayParts';

const NOT_ATTRIBUTED =
  'Not attributed: queued before e-mails recorded whom they concern. No export or erasure reaches it; the e-mail log retention deletes it.';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

function Attachments({ e }: { e: AdminOutboxEmail }) {
  if (!e.attachments.length) return <span className="muted">—</span>;
  return (
    <ul className="admin-items">
      {e.attachments.map((a) => (
        <li key={a.index}>
          <a href={a.url} download={a.filename}>
            {a.filename}
          </a>{' '}
          <span className="muted">({kb(a.bytes)})</span>
        </li>
      ))}
    </ul>
  );
}

function EmailActions({ e, reload }: { e: AdminOutboxEmail; reload: () => void }) {
  const [open, setOpen] = useState(false);
  const [retry] = useState(createEmailRetry);
  const { busy } = useStore(retry.$state);

  return (
    <div className="btn-row admin-actions">
      <button className="btn btn--outline btn--sm" type="button" onClick={() => setOpen(true)}>
        View<span className="sr-only"> e-mail {e.id}</span>
      </button>
      {(e.status === 'pending' || e.status === 'failed') && (
        <button
          className="btn btn--sm"
          type="button"
          onClick={() => void retry.retry(e.id, reload)}
          disabled={busy}
        >
          {busy ? 'Retrying...' : 'Retry'}
          <span className="sr-only"> e-mail {e.id}</span>
        </button>
      )}
      {open && (
        <Modal title={e.subject} onClose={() => setOpen(false)} wide>
          <dl className="admin-fields">
            <div>
              <dt>To</dt>
              <dd>{e.to}</dd>
            </div>
            <div>
              <dt>About</dt>
              <dd>{e.about ? e.about.join(', ') || 'Nobody in particular' : NOT_ATTRIBUTED}</dd>
            </div>
            <div>
              <dt>Kind</dt>
              <dd>{e.kind}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={e.status} /> after {e.attempts} attempt
                {e.attempts === 1 ? '' : 's'}
              </dd>
            </div>
            {e.lastError && (
              <div>
                <dt>Last error</dt>
                <dd>{e.lastError}</dd>
              </div>
            )}
            <div>
              <dt>Attachments</dt>
              <dd>
                <Attachments e={e} />
              </dd>
            </div>
          </dl>
          <pre className="admin-email-text">{e.text}</pre>
        </Modal>
      )}
    </div>
  );
}

const columns: Column<AdminOutboxEmail>[] = [
  { header: 'Created', cell: (e) => <When iso={e.createdAt} /> },
  { header: 'To', cell: (e) => e.to },
  {
    header: 'Subject',
    cell: (e) => (
      <>
        {e.subject}
        <br />
        <span className="muted">{e.kind}</span>
      </>
    ),
  },
  {
    header: 'Status',
    cell: (e) => (
      <>
        <StatusBadge status={e.status} />
        <br />
        <span className="muted admin-nowrap">
          {e.attempts} attempt{e.attempts === 1 ? '' : 's'}
        </span>
      </>
    ),
  },
  {
    header: 'Last error',
    className: 'admin-clip',
    cell: (e) => <span className="admin-clip__text">{e.lastError ?? '—'}</span>,
  },
  { header: 'Attachments', cell: (e) => <Attachments e={e} /> },
  { header: 'Actions', cell: (e, { reload }) => <EmailActions e={e} reload={reload} /> },
];

export function OutboxView() {
  return (
    <ListView<AdminOutboxEmail>
      list="outbox"
      noun="e-mails"
      columns={columns}
      rowKey={(e) => e.id}
      searchHint="Recipient, subject, kind"
    />
  );
}
