import { useStore } from '@nanostores/react';
import { useRef, type FormEvent } from 'react';
import { useIslandForm } from '../../../page-runtime/use-island-form';
import { $login, signIn } from './session.store';

// Server-rendered as a `standin` until the session is checked: what is typed before hydration
// stays in its uncontrolled fields, and a press meanwhile is held and replayed.
export function LoginForm({ company, standin = false }: { company: string; standin?: boolean }) {
  const { busy, error } = useStore($login);
  const usernameRef = useRef<HTMLInputElement>(null);
  const island = useIslandForm();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const outcome = await signIn({
      username: form.get('username'),
      password: form.get('password'),
    });
    if (outcome === 'refused') usernameRef.current?.focus();
  }

  return (
    <section
      className="admin-login card"
      aria-labelledby="admin-login-title"
      data-standin={standin || undefined}
    >
      <h2 id="admin-login-title">Sign in</h2>
      <p className="muted">This area is for the {company} team.</p>
      {/* POST: were the browser ever to send it itself, the password stays out of the URL. */}
      <form {...island.props} method="post" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="admin-username">Username</label>
          <input
            ref={usernameRef}
            id="admin-username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'admin-login-error' : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="admin-password">Password</label>
          <input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={256}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'admin-login-error' : undefined}
          />
        </div>
        <div role="alert" id="admin-login-error" className="field-error admin-login__error">
          {error}
        </div>
        <button className="btn btn--block" type="submit" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}
