import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDateTime, type CrmLeftView, type PrivacyRequestAdminView } from '../admin';
import {
  $answer,
  $crmLeft,
  $requestNotice,
  $requests,
  answerRequest,
  loadRequests,
  markCrmDeleted,
} from './requests.store';

const KIND = { export: 'A copy of their data', erase: 'Erase their account' } as const;

function RequestRow({ request: r, busy }: { request: PrivacyRequestAdminView; busy: boolean }) {
  const erase = r.kind === 'erase';
  return (
    <tr>
      <td>{r.email}</td>
      <td>{KIND[r.kind]}</td>
      <td>{formatDateTime(r.requestedAt)}</td>
      <td>{formatDateTime(r.dueAt)}</td>
      <td>
        {r.lastError ? (
          <span className="field-error">
            Failed {r.lastAttemptAt ? formatDateTime(r.lastAttemptAt) : ''}: {r.lastError}
          </span>
        ) : (
          <span className="muted">Not answered yet</span>
        )}
      </td>
      <td>
        <div className="btn-row">
          <button
            type="button"
            className={`btn btn--sm ${erase ? 'btn--danger' : 'btn--outline'}`}
            disabled={busy}
            onClick={() => void answerRequest(r)}
            aria-label={erase ? `Erase now: ${r.email}` : `Data ready: send ${r.email} their data`}
          >
            {erase ? 'Erase now' : 'Data ready'}
          </button>
          {/* Only after a failed attempt: leaving the CRM account is the admin's explicit choice. */}
          {erase && r.lastError && (
            <button
              type="button"
              className="btn btn--sm btn--outline"
              disabled={busy}
              onClick={() => void answerRequest(r, { leaveCrm: true })}
              aria-label={`Erase, leave GoHighLevel: ${r.email}`}
            >
              Erase, leave GoHighLevel
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

function CrmLeft({ left }: { left: CrmLeftView[] }) {
  return (
    <section aria-labelledby="admin-crm-left-title">
      <h4 id="admin-crm-left-title">Left in GoHighLevel</h4>
      <p className="muted">
        These erasures left the client’s GoHighLevel sub-account. Delete each one in GoHighLevel
        (the sub-account and its users), then mark it deleted here.
      </p>
      <ul>
        {left.map((todo) => (
          <li key={todo.id}>
            <span>
              Sub-account <code>{todo.locationIds.join(', ')}</code>, erased{' '}
              {formatDateTime(todo.erasedAt)}
              {todo.erasedBy ? ` by ${todo.erasedBy}` : ' from the command line'}
            </span>{' '}
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => void markCrmDeleted(todo)}
              aria-label={`Mark ${todo.locationIds.join(', ')} as deleted in GoHighLevel`}
            >
              Deleted in GoHighLevel
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ClientRequests() {
  const requests = useStore($requests);
  const left = useStore($crmLeft);
  const notice = useStore($requestNotice);
  const { busy, error } = useStore($answer);
  useEffect(() => void loadRequests(), []);
  return (
    <section aria-labelledby="admin-requests-title" className="admin-person__requests">
      <h3 id="admin-requests-title">Requests from clients</h3>
      <p role="status">{notice}</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {requests === null ? null : requests.length === 0 ? (
        <p className="muted">No open requests.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Asks for</th>
              <th scope="col">Asked</th>
              <th scope="col">Answer by</th>
              <th scope="col">Last attempt</th>
              <th scope="col">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {requests.map((r) => (
              <RequestRow key={r.id} request={r} busy={busy} />
            ))}
          </tbody>
        </table>
      )}
      {left.length > 0 && <CrmLeft left={left} />}
    </section>
  );
}
