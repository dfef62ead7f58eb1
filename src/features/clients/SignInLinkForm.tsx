// Loads no zod: the server validates the address and answers the same whether or not it is known.
import { useStore } from '@nanostores/react';
import { useEffect, useId, type RefObject, type SubmitEvent } from 'react';
import { useIslandForm } from '../../page-runtime/use-island-form';
import { $signInLink, refuseSignInAddress, resetSignInLink, sendSignInLink } from './clients.store';

type Props = {
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
  const { busy, error, result: sent = '' } = useStore($signInLink);
  // The dashboard renders this form in its HTML: a press before hydration is held and replayed.
  const island = useIslandForm();
  useEffect(() => resetSignInLink, []);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('email') as HTMLInputElement;
    if (!input.checkValidity()) {
      refuseSignInAddress();
      input.focus();
      return;
    }
    await sendSignInLink(input.value);
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
