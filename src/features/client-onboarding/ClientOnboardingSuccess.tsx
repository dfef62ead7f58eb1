import type { RefObject } from 'react';
import { LinkButton } from '../../components/form/LinkButton';
import type { ClientOnboardingResponse } from './client-onboarding';

export function ClientOnboardingSuccess({
  result,
  email,
  supportEmail,
  headingRef,
}: {
  result: ClientOnboardingResponse;
  email: string;
  supportEmail: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const hasCredentials = Boolean(result.tempPassword && result.redirectUrl);
  return (
    <div className="ob-card ob-success">
      {result.simulated && (
        <div className="ob-notice ob-notice--demo" role="note">
          <p className="ob-notice__title">Demo Mode</p>
          <p>
            {hasCredentials
              ? 'This site is running without a live marketing platform connection, so no client portal account was created and the sign-in details below work nowhere. The demo portal shows what your portal will hold once it is connected.'
              : 'This site is running without a live marketing platform connection, so no client portal account will be created; the confirmation link in your e-mail opens the demo portal.'}
          </p>
        </div>
      )}
      {hasCredentials ? (
        <>
          <h2 ref={headingRef} tabIndex={-1} className="ob-step-title">
            Your client portal is ready
          </h2>
          <p>
            Sign in with these details. Please change the temporary password after your first
            sign-in.
          </p>
          <dl className="ob-credentials">
            <div>
              <dt>Login email</dt>
              <dd>{email}</dd>
            </div>
            <div>
              <dt>Temporary password</dt>
              <dd>
                <code>{result.tempPassword}</code>
              </dd>
            </div>
            {result.locationId && (
              <div>
                <dt>Account ID</dt>
                <dd>
                  <code>{result.locationId}</code>
                </dd>
              </div>
            )}
          </dl>
          <span id="co-portal-new-tab" hidden>
            Opens in a new tab
          </span>
          <div className="btn-row">
            <LinkButton
              className="btn"
              href={result.redirectUrl!}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby="co-portal-new-tab"
            >
              {result.simulated ? 'View Demo Client Portal' : 'Open Client Portal'}
            </LinkButton>
            <a className="btn btn--outline" href="/">
              Back to Home
            </a>
          </div>
        </>
      ) : (
        <>
          <h2 ref={headingRef} tabIndex={-1} className="ob-step-title">
            Account Creation In Progress
          </h2>
          <p>
            Thank you! We have received your information. Our team is setting up your marketing
            platform account and will email your login details to <strong>{email}</strong> shortly.
          </p>
          <p className="muted">
            Questions in the meantime? Write to{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
          <div className="btn-row">
            <a className="btn btn--outline" href="/">
              Back to Home
            </a>
          </div>
        </>
      )}
    </div>
  );
}
