import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDateTime } from '../admin';
import { AddFactor, RecoveryCodes } from './SecondFactor';
import {
  $factorBusy,
  $factorStatus,
  $recoveryCodes,
  loadFactors,
  removeFactor,
  renewRecoveryCodes,
  signOutOtherSessions,
} from './second-factor.store';

const KIND_LABEL = { passkey: 'Passkey', totp: 'Authenticator app' } as const;

export function SecurityView() {
  const status = useStore($factorStatus);
  const busy = useStore($factorBusy);
  const codes = useStore($recoveryCodes);
  useEffect(() => void loadFactors(), []);

  if (codes) return <RecoveryCodes />;
  return (
    <div className="admin-security">
      <h3>Your second factors</h3>
      {status ? (
        <ul className="admin-security__factors">
          {status.factors.map((factor) => (
            <li key={factor.id} className="admin-security__factor">
              <span>
                <strong>{factor.label}</strong> · {KIND_LABEL[factor.kind]}
                <span className="muted">
                  {' '}
                  · added {formatDateTime(factor.createdAt)}
                  {factor.lastUsedAt ? ` · last used ${formatDateTime(factor.lastUsedAt)}` : ''}
                </span>
              </span>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={busy || status.factors.length === 1}
                onClick={() => void removeFactor(factor.id)}
                aria-label={`Remove ${factor.label}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">Loading…</p>
      )}
      {status && (
        <p className="muted">
          {status.recoveryCodesLeft} unused recovery code{status.recoveryCodesLeft === 1 ? '' : 's'}{' '}
          left.
        </p>
      )}
      <h3>Add a factor</h3>
      <AddFactor accountChange />
      <h3>Recovery codes</h3>
      <button
        type="button"
        className="btn btn--outline btn--sm"
        disabled={busy}
        onClick={() => void renewRecoveryCodes()}
      >
        Make new recovery codes
      </button>
      <h3>Your sessions</h3>
      <p className="muted">
        Signed in on a computer you no longer use, or not sure? This signs out every other browser
        signed in as you; this one stays signed in.
      </p>
      <button
        type="button"
        className="btn btn--outline btn--sm"
        disabled={busy}
        onClick={() => void signOutOtherSessions()}
      >
        Sign out my other sessions
      </button>
      <p className="muted">
        Every change here is e-mailed to the team and listed in the{' '}
        <a href="#security-log">security log</a>.
      </p>
    </div>
  );
}
