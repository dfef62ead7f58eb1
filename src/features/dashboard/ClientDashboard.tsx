import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import '../../components/form/wizard.css';
import { Icon } from '../../components/ui/Icon';
import { useIslandControl } from '../../page-runtime/use-island-form';
import {
  CONFIRM_EMAIL_NOTICE,
  LINK_EMAIL_LABEL,
  LINK_OTHER_BROWSER,
  LINK_OTHER_BROWSER_TITLE,
  linkEmailHint,
  SIGN_IN_AS_HINT,
  signInAsTitle,
  switchAccountHint,
  switchAccountTitle,
} from '../clients/clients';
import SignInLinkForm from '../clients/SignInLinkForm';
import './dashboard.css';
import { MARKETING_FEATURES } from './dashboard';
import {
  $busy,
  $integration,
  $linkNotice,
  $pendingLink,
  $session,
  connectCrm,
  dismissPendingLink,
  openCrmDashboard,
  signInWithPendingLink,
  signOut,
  startDashboard,
} from './dashboard.store';
import DashboardOrders from './DashboardOrders';
import DashboardPrivacy from './DashboardPrivacy';

type Props = { supportEmail: string };

export default function ClientDashboard({ supportEmail }: Props) {
  const session = useStore($session);
  const integration = useStore($integration);
  const linkNotice = useStore($linkNotice);
  const busy = useStore($busy);
  const pendingLink = useStore($pendingLink);
  const viewProjectControl = useIslandControl<HTMLButtonElement>();
  const contactControl = useIslandControl<HTMLButtonElement>();
  const ordersHeading = useRef<HTMLHeadingElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void startDashboard(window.location.href);
  }, []);

  const signedIn = session.state === 'signed-in' ? session.view : null;
  const isLinked = integration.state === 'known' && integration.isLinked;

  const focusSignIn = () => {
    emailInput.current?.scrollIntoView({ block: 'center' });
    emailInput.current?.focus({ preventScroll: true });
  };

  /** A CRM account is made only for a proven address: an order session confirms it first. */
  const mayConnect = Boolean(signedIn?.wholeAccount) && signedIn?.client.id != null;

  const accessDashboard = async () => {
    if (!(await openCrmDashboard())) focusSignIn();
  };

  const connect = async () => {
    if (!(await connectCrm())) focusSignIn();
  };

  const viewProject = () => {
    if (!signedIn) return focusSignIn();
    ordersHeading.current?.scrollIntoView({ block: 'start' });
    ordersHeading.current?.focus({ preventScroll: true });
  };

  const orders = signedIn?.orders ?? [];
  const done = orders.filter((o) => o.onboarding.status === 'completed').length;

  return (
    <div className="db">
      <header className="db-head">
        <div>
          <h1>Your Client Dashboard</h1>
          <p className="lead">
            {signedIn
              ? `Welcome back${signedIn.client.name ? `, ${signedIn.client.name}` : ''}. Here is everything about your projects in one place.`
              : 'Track your projects, finish onboarding and open your marketing platform.'}
          </p>
        </div>
        <div className="db-head__actions">
          <a className="db-back" href="/">
            ← Back to Home
          </a>
          {signedIn && (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => void signOut()}>
              Sign out
            </button>
          )}
          {signedIn?.wholeAccount && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => void signOut(true)}
            >
              Sign out everywhere
            </button>
          )}
        </div>
      </header>

      {linkNotice && (
        <div className="ob-notice ob-notice--error" role="alert">
          <p>{linkNotice}</p>
        </div>
      )}

      {pendingLink?.state === 'checking' && (
        <p className="db-signin" role="status">
          Checking your sign-in link…
        </p>
      )}

      {pendingLink?.state === 'ready' && (
        <section className="ob-card db-signin" aria-labelledby="db-link-title">
          <h2 id="db-link-title">
            {pendingLink.current
              ? switchAccountTitle(pendingLink.account)
              : signInAsTitle(pendingLink.account)}
          </h2>
          <p>{pendingLink.current ? switchAccountHint(pendingLink.current) : SIGN_IN_AS_HINT}</p>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const typed = new FormData(event.currentTarget).get('email');
              void signInWithPendingLink(typeof typed === 'string' ? typed : undefined);
            }}
          >
            {pendingLink.askEmail && (
              <div className="field">
                <label htmlFor="db-link-email">{LINK_EMAIL_LABEL}</label>
                <p id="db-link-email-hint" className="field-hint">
                  {linkEmailHint(pendingLink.account)}
                </p>
                <input
                  id="db-link-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  aria-describedby={
                    pendingLink.error
                      ? 'db-link-email-hint db-link-email-error'
                      : 'db-link-email-hint'
                  }
                  aria-invalid={pendingLink.error ? true : undefined}
                />
              </div>
            )}
            {pendingLink.error && (
              <p id="db-link-email-error" className="field-error" role="alert">
                {pendingLink.error}
              </p>
            )}
            <div className="db-head__actions">
              <button type="submit" className="btn" disabled={busy}>
                {pendingLink.current ? 'Switch account' : 'Sign in'}
              </button>
              <button type="button" className="btn btn--ghost" onClick={dismissPendingLink}>
                Not me
              </button>
            </div>
          </form>
        </section>
      )}

      {pendingLink?.state === 'other-browser' && (
        <section className="ob-card db-signin" aria-labelledby="db-link-title" role="alert">
          <h2 id="db-link-title">{LINK_OTHER_BROWSER_TITLE}</h2>
          <p>{LINK_OTHER_BROWSER}</p>
        </section>
      )}

      {signedIn && !signedIn.wholeAccount && (
        <ConfirmEmail email={signedIn.client.email} inputRef={emailInput} />
      )}

      {/* Until the session answers: the stand-in the page's StandIn chose before first paint. */}
      {session.state === 'loading' && (
        <div className="ob-center db-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>Loading your dashboard…</p>
        </div>
      )}
      {(session.state === 'loading' || session.state === 'anonymous') &&
        (!pendingLink || pendingLink.state === 'other-browser') && (
          <SignIn inputRef={emailInput} beforeAnswer={session.state === 'loading'} showInside />
        )}

      {signedIn && <DashboardOrders view={signedIn} headingRef={ordersHeading} />}

      <div className={signedIn ? 'db-grid' : 'db-grid db-grid--signed-out'}>
        <section className="ob-card db-card" aria-labelledby="db-integration">
          <h2 id="db-integration">GoHighLevel integration</h2>
          <p className="db-status" role="status">
            {integration.state === 'checking' ? (
              <span className="badge">Checking…</span>
            ) : isLinked ? (
              <span className="badge badge--success">Connected</span>
            ) : (
              // Not connected yet is where every client starts, not a fault: a neutral badge.
              <span className="badge db-badge--idle">Not Connected</span>
            )}
          </p>
          <p id="db-integration-text">
            {isLinked
              ? 'Your marketing platform account is linked. Open it to run campaigns and follow up with leads.'
              : mayConnect
                ? 'Connect your marketing platform account to manage campaigns, contacts and automations.'
                : signedIn
                  ? 'Confirm your e-mail address with a sign-in link to connect your marketing platform account.'
                  : 'Sign in to connect your marketing platform account.'}
          </p>
          {integration.state === 'known' && integration.simulated && signedIn && (
            <p className="muted db-small">
              Demo Mode: the GoHighLevel connection is simulated in this environment.
            </p>
          )}
          {isLinked ? (
            <button
              type="button"
              className="btn"
              onClick={() => void accessDashboard()}
              disabled={busy}
            >
              Access GoHighLevel Dashboard
            </button>
          ) : (
            <button
              type="button"
              className={mayConnect ? 'btn' : 'btn btn--outline'}
              onClick={() => void connect()}
              disabled={busy || integration.state === 'checking'}
              aria-describedby={mayConnect ? undefined : 'db-integration-text'}
            >
              {!mayConnect && <Icon name="lock" />}
              Connect to GoHighLevel
            </button>
          )}
        </section>

        <section className="ob-card db-card db-card--features" aria-labelledby="db-features">
          <h2 id="db-features">Marketing platform features</h2>
          <ul className="check-list db-features">
            {MARKETING_FEATURES.map((f) => (
              <li key={f.title}>
                <strong>{f.title}</strong>
                <span className="muted"> — {f.text}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="ob-card db-card" aria-labelledby="db-project">
          <h2 id="db-project">Project Status</h2>
          <p id="db-project-text">
            {signedIn
              ? orders.length
                ? `${orders.length} ${orders.length === 1 ? 'order' : 'orders'}, ${done} with onboarding complete.`
                : 'No orders yet.'
              : 'Sign in to see the status of your projects.'}
          </p>
          <button
            type="button"
            className={signedIn ? 'btn btn--secondary' : 'btn btn--outline'}
            {...viewProjectControl}
            onClick={viewProject}
            aria-describedby={signedIn ? undefined : 'db-project-text'}
          >
            {!signedIn && <Icon name="lock" />}
            View Project
          </button>
        </section>

        <section className="ob-card db-card" aria-labelledby="db-support">
          <h2 id="db-support">Support</h2>
          <p>
            Questions about your project? Our team answers within one business day, or write to{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
          <button
            type="button"
            className="btn btn--outline"
            {...contactControl}
            onClick={() => window.location.assign('/contact')}
          >
            Contact Support
          </button>
        </section>
      </div>

      {signedIn?.wholeAccount && <DashboardPrivacy />}
    </div>
  );
}

function ConfirmEmail({
  email,
  inputRef,
}: {
  email: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  return (
    <SignIn
      inputRef={inputRef}
      initialEmail={email}
      title="Confirm your e-mail address"
      intro={CONFIRM_EMAIL_NOTICE}
    />
  );
}

/** What a signed-in client finds here, beside the sign-in form (it would stand half empty). */
const INSIDE = [
  'Your orders and what each one still needs',
  'Onboarding, step by step',
  'Billing for your subscriptions',
  'Your GoHighLevel marketing platform',
];

function SignIn({
  inputRef,
  initialEmail = '',
  title = 'Sign in to see your orders',
  intro = 'Enter the e-mail address you used at checkout and we will e-mail you a secure sign-in link.',
  beforeAnswer = false,
  showInside = false,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  initialEmail?: string;
  title?: string;
  intro?: string;
  /** Shown before the session lookup answered: hidden for a returning client (dashboard.css). */
  beforeAnswer?: boolean;
  showInside?: boolean;
}) {
  const titleId = useId();
  const classes = ['ob-card', 'db-signin'];
  if (beforeAnswer) classes.push('db-signin--before-answer');
  if (showInside) classes.push('db-signin--split');
  return (
    <section className={classes.join(' ')} aria-labelledby={titleId}>
      <div className="db-signin__form">
        <h2 id={titleId}>{title}</h2>
        <p>{intro}</p>
        <SignInLinkForm
          inputRef={inputRef}
          initialEmail={initialEmail}
          submitLabel="Email me a sign-in link"
        />
      </div>
      {showInside && (
        <div className="db-signin__inside">
          <p className="db-signin__inside-title">Inside your dashboard</p>
          <ul className="check-list">
            {INSIDE.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
