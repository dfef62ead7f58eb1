import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import {
  answerBy,
  downloadUntil,
  ERASE_CANCEL_LABEL,
  ERASE_CONFIRM_LABEL,
  ERASE_CONFIRM_TEXT,
  ERASE_CONFIRM_TITLE,
  ERASE_LABEL,
  EXPORT_LABEL,
  EXPORT_READY,
  longDate,
  requestedOn,
  YOUR_DATA_INTRO,
  YOUR_DATA_TITLE,
} from './dashboard';
import {
  $confirmingErase,
  $privacyBusy,
  $privacyNotice,
  $privacyRequests,
  askForPrivacyAction,
  confirmErase,
  loadPrivacyRequests,
} from './dashboard.store';

export default function DashboardPrivacy() {
  const requests = useStore($privacyRequests);
  const notice = useStore($privacyNotice);
  const confirming = useStore($confirmingErase);
  const busy = useStore($privacyBusy);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const eraseRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    void loadPrivacyRequests();
  }, []);

  // Focus follows the confirmation step: to its question when it opens, and back to "Delete my
  // account" when it closes (or to the heading, once the request replaced that button).
  useEffect(() => {
    if (confirming) questionRef.current?.focus();
    else if (wasConfirming.current) (eraseRef.current ?? headingRef.current)?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const known = requests.state === 'known' ? requests.requests : [];
  const pending = known.filter((r) => !r.completedAt);
  const ready = known.find((r) => r.downloadUntil);
  const asked = (kind: 'export' | 'erase') => pending.some((r) => r.kind === kind);

  const askForExport = async () => {
    // The button makes way for the pending request: focus stays in the section.
    if (await askForPrivacyAction('export')) headingRef.current?.focus();
  };

  return (
    <section className="ob-card db-privacy" aria-labelledby="db-privacy-title">
      <h2 id="db-privacy-title" ref={headingRef} tabIndex={-1}>
        {YOUR_DATA_TITLE}
      </h2>
      <p>{YOUR_DATA_INTRO}</p>
      {pending.length > 0 && (
        <ul className="db-privacy__requests" aria-label="Your pending requests">
          {pending.map((r) => (
            <li key={r.id}>
              {requestedOn(r.kind, longDate(r.requestedAt))}{' '}
              <strong>{answerBy(longDate(r.dueAt))}</strong>
            </li>
          ))}
        </ul>
      )}
      {ready?.downloadUntil && (
        <p>
          {EXPORT_READY}{' '}
          <a className="btn btn--sm" href="/api/privacy/export" download>
            {EXPORT_LABEL}
          </a>{' '}
          <span className="muted db-small">{downloadUntil(longDate(ready.downloadUntil))}</span>
        </p>
      )}
      <p className="db-privacy__status" role="status">
        {notice && !notice.error ? notice.text : ''}
      </p>
      {notice?.error && (
        <p className="field-error" role="alert">
          {notice.text}
        </p>
      )}
      {requests.state !== 'loading' &&
        (confirming ? (
          <div
            className="ob-notice ob-notice--error db-privacy__confirm"
            role="group"
            aria-labelledby="db-erase-question"
            aria-describedby="db-erase-consequences"
          >
            <h3 id="db-erase-question" ref={questionRef} tabIndex={-1}>
              {ERASE_CONFIRM_TITLE}
            </h3>
            <p id="db-erase-consequences">{ERASE_CONFIRM_TEXT}</p>
            <div className="db-privacy__actions">
              <button
                type="button"
                className="btn btn--danger"
                onClick={() => void askForPrivacyAction('erase')}
                disabled={busy}
              >
                {ERASE_CONFIRM_LABEL}
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => confirmErase(false)}>
                {ERASE_CANCEL_LABEL}
              </button>
            </div>
          </div>
        ) : (
          <div className="db-privacy__actions">
            {!asked('export') && !ready && (
              <button
                type="button"
                className="btn btn--outline"
                onClick={() => void askForExport()}
                disabled={busy}
              >
                {EXPORT_LABEL}
              </button>
            )}
            {!asked('erase') && (
              <button
                type="button"
                ref={eraseRef}
                className="btn btn--ghost"
                onClick={() => confirmErase(true)}
                disabled={busy}
              >
                {ERASE_LABEL}
              </button>
            )}
          </div>
        ))}
    </section>
  );
}
