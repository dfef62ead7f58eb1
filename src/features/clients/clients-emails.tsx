// No password in it: an e-mail is readable wherever it is kept. The client chooses one with the
// CRM's own "Forgot password?".
import { ActionButton, EmailLayout, Paragraph, Typed } from '../../server/mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../../server/mail/render-email.ts';

/** What the e-mail asks the client to do; the sign-in page's own words, so they find it. */
export const CHOOSE_PASSWORD_STEP =
  'To choose your password, press “Forgot password?” on the sign-in page and follow the link GoHighLevel e-mails you. We never send passwords by e-mail.';

export function crmAccountReadyEmail(input: {
  name: string;
  email: string;
  signInUrl: string;
  /** Demo Mode: no real account exists; the link opens the demo portal. */
  simulated: boolean;
}): EmailContent {
  return renderEmail(
    'Your marketing dashboard is ready',
    <EmailLayout
      heading="Your marketing dashboard is ready"
      preheader="How to sign in to your new marketing dashboard."
    >
      <Paragraph>
        Hello <Typed>{input.name || 'there'}</Typed>, we created your GoHighLevel marketing account.
      </Paragraph>
      <Paragraph>
        Sign in with your e-mail address (<Typed>{input.email}</Typed>). {CHOOSE_PASSWORD_STEP}
      </Paragraph>
      {input.simulated ? (
        <Paragraph>
          Demo Mode: this site runs without a live marketing platform connection, so no account was
          created; the button opens the demo portal.
        </Paragraph>
      ) : null}
      <ActionButton href={input.signInUrl}>Open the sign-in page</ActionButton>
    </EmailLayout>,
  );
}
