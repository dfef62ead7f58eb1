import { useStore } from '@nanostores/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Modal } from '../shell/Modal';
import {
  $factorBusy,
  $factorError,
  $recoveryCodes,
  $stepUp,
  $totpEnrolment,
  addPasskeyFactor,
  addTotpFactor,
  cancelStepUp,
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  enrolPasskey,
  recoveryCodesSaved,
  startTotpEnrolment,
  verifyWithCode,
  verifyWithPasskey,
} from './second-factor.store';

function FactorError({ id }: { id: string }) {
  const error = useStore($factorError);
  return (
    <div role="alert" id={id} className="field-error admin-login__error">
      {error}
    </div>
  );
}

const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

function TotpEnrolmentForm() {
  const enrolment = useStore($totpEnrolment);
  const busy = useStore($factorBusy);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), [enrolment]);
  if (!enrolment) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void confirmTotpEnrolment(
      field(event.currentTarget, 'code'),
      field(event.currentTarget, 'label'),
    );
  };
  return (
    <form className="admin-factor__totp" onSubmit={onSubmit} noValidate>
      <p>Scan this code with your authenticator app, or type the key into it.</p>
      <img
        className="admin-factor__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt="QR code of your authenticator app's key"
        width="180"
        height="180"
      />
      <p>
        Key: <code className="admin-factor__key">{enrolment.key.match(/.{1,4}/g)?.join(' ')}</code>
      </p>
      <div className="field">
        <label htmlFor="admin-totp-code">Code from your app</label>
        <input
          ref={codeRef}
          id="admin-totp-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          aria-describedby="admin-factor-error"
        />
      </div>
      <div className="field">
        <label htmlFor="admin-totp-label">Name of this app</label>
        <input id="admin-totp-label" name="label" defaultValue="Authenticator app" maxLength={60} />
      </div>
      <FactorError id="admin-factor-error" />
      <div className="btn-row">
        <button className="btn" type="submit" disabled={busy}>
          Add the app
        </button>
        <button className="btn btn--ghost" type="button" onClick={cancelTotpEnrolment}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** `accountChange`: the account has a factor already, so the server may ask for a step-up. */
export function AddFactor({ accountChange = false }: { accountChange?: boolean }) {
  const enrolment = useStore($totpEnrolment);
  const busy = useStore($factorBusy);
  if (enrolment) return <TotpEnrolmentForm />;
  const onPasskey = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const label = field(event.currentTarget, 'label') || 'Passkey';
    void (accountChange ? addPasskeyFactor(label) : enrolPasskey(label));
  };
  return (
    <div className="admin-factor__choices">
      <form onSubmit={onPasskey} noValidate>
        <div className="field">
          <label htmlFor="admin-passkey-label">Name of this passkey</label>
          <input id="admin-passkey-label" name="label" defaultValue="Passkey" maxLength={60} />
        </div>
        <button className="btn btn--block" type="submit" disabled={busy}>
          Add a passkey
        </button>
      </form>
      <button
        className="btn btn--outline btn--block"
        type="button"
        onClick={() => void (accountChange ? addTotpFactor() : startTotpEnrolment())}
        disabled={busy}
      >
        Use an authenticator app
      </button>
      <FactorError id="admin-factor-error" />
    </div>
  );
}

export function RecoveryCodes() {
  const codes = useStore($recoveryCodes);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [codes]);
  if (!codes) return null;
  return (
    <section className="admin-login card" aria-labelledby="admin-codes-title">
      <h2 id="admin-codes-title" ref={headingRef} tabIndex={-1}>
        Save your recovery codes
      </h2>
      <p>
        Each code signs you in once if you lose your passkey or phone. Keep them somewhere safe,
        such as a password manager: they are not shown again.
      </p>
      <ul className="admin-factor__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button className="btn btn--block" type="button" onClick={recoveryCodesSaved}>
        I have saved these codes
      </button>
    </section>
  );
}

export function EnrolFactorScreen({ username }: { username: string }) {
  const codes = useStore($recoveryCodes);
  if (codes) return <RecoveryCodes />;
  return (
    <section className="admin-login card" aria-labelledby="admin-enrol-title">
      <h2 id="admin-enrol-title">Add a second factor</h2>
      <p className="muted">
        The password of {username} is right. Before the panel opens, protect this account with a
        passkey or an authenticator app: the password alone will not be enough to sign in.
      </p>
      <AddFactor />
    </section>
  );
}

function VerifyFactorForm() {
  const busy = useStore($factorBusy);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verifyWithCode(field(event.currentTarget, 'code'));
  };
  return (
    <div className="admin-factor__choices">
      <button
        className="btn btn--block"
        type="button"
        onClick={() => void verifyWithPasskey()}
        disabled={busy}
      >
        Use your passkey
      </button>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="admin-verify-code">Code from your app, or a recovery code</label>
          <input
            id="admin-verify-code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            required
            aria-describedby="admin-verify-error"
          />
        </div>
        <FactorError id="admin-verify-error" />
        <button className="btn btn--outline btn--block" type="submit" disabled={busy}>
          Confirm
        </button>
      </form>
    </div>
  );
}

export function VerifyFactorScreen({ username }: { username: string }) {
  return (
    <section className="admin-login card" aria-labelledby="admin-verify-title">
      <h2 id="admin-verify-title">Confirm it’s you</h2>
      <p className="muted">The password of {username} is right. One more step:</p>
      <VerifyFactorForm />
    </section>
  );
}

export function StepUpDialog() {
  const stepUp = useStore($stepUp);
  if (!stepUp) return null;
  return (
    <Modal title="Confirm it’s you" onClose={cancelStepUp}>
      <p>For this, please confirm it’s you again.</p>
      <VerifyFactorForm />
    </Modal>
  );
}
