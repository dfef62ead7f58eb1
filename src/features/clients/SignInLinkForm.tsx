/**
 * The one "e-mail me a sign-in link" form (dashboard, success page). It loads no zod: the
 * browser checks the address's shape, the server validates it with the shared schema and
 * answers the same whether or not the address is known.
 */
import { RequestError, requestJson } from '../../lib/request-json';
import { useId, useState, type RefObject, type SubmitEvent } from 'react';
import { useIslandForm } from '../../components/form/form';
import { SIGN_IN_SENT } from './clients-texts';

type Props = {
  /** Lets the page move focus to the address (the dashboard's Connect and View Project). */
  inputRef?: RefObject<HTMLInputElement | null>;
  initialEmail?: string;
  submitLabel?: string;
};

export default function SignInLinkForm({
  inputRef,
  initialEmail = '',
  submitLabel = 'Send me a sign-in link',
}: Props) {
  const id = useId();
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  // The dashboard renders this form in its HTML: a press before hydration is held and replayed.
  const island = useIslandForm();

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('email') as HTMLInputElement;
    if (!input.checkValidity()) {
      setError('Please enter a valid email address.');
      input.focus();
      return;
    }
    setError('');
    setBusy(true);
    try {
      const body = await requestJson<{ message?: string }>('POST', '/api/auth/magic-link', {
        email: input.value,
      });
      setSent(body?.message || SIGN_IN_SENT);
    } catch (e) {
      setError(
        (e instanceof RequestError && e.detail) ||
          'The sign-in link could not be sent. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form {...island.props} noValidate onSubmit={onSubmit} className="stack">
      <div className="field">
        <label htmlFor={`${id}-email`}>Email address</label>
        <input
          ref={inputRef}
          defaultValue={initialEmail}
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          inputMode="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
      <div>
        <button type="submit" className="btn" disabled={busy}>
          {submitLabel}
        </button>
      </div>
      <p role="status">{sent}</p>
    </form>
  );
}
