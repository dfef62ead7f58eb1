import { ActionButton, EmailLayout, Paragraph } from '../../server/mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../../server/mail/render-email.ts';

export function signInLinkEmail(url: string): EmailContent {
  return renderEmail(
    'Your sign-in link',
    <EmailLayout
      heading="Sign in to your client dashboard"
      preheader="Your one-time sign-in link. It expires in 30 minutes."
    >
      <Paragraph>
        Use the button below to sign in. The link works once and expires in 30 minutes.
      </Paragraph>
      <Paragraph>If you did not ask for it, you can ignore this e-mail.</Paragraph>
      <ActionButton href={url}>Sign in to your dashboard</ActionButton>
    </EmailLayout>,
  );
}
