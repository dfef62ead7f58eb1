/** The message a client gets when their marketing-platform (CRM) account has been created. */
import { ActionButton, EmailLayout, Paragraph, Typed } from '../../server/mail/email.ts';
import { renderEmail, type EmailContent } from '../../server/mail/email.ts';

export function crmCredentialsEmail(input: {
  name: string;
  email: string;
  tempPassword: string;
  dashboardUrl: string;
}): EmailContent {
  return renderEmail(
    'Your marketing dashboard is ready',
    <EmailLayout
      heading="Your marketing dashboard is ready"
      preheader="Your sign-in details for your new marketing dashboard."
    >
      <Paragraph>
        Hello <Typed>{input.name || 'there'}</Typed>, we created your GoHighLevel marketing account.
      </Paragraph>
      <Paragraph>
        Sign in with your e-mail address (<Typed>{input.email}</Typed>) and this temporary password:{' '}
        {input.tempPassword}
      </Paragraph>
      <Paragraph>Please choose a new password after your first sign-in.</Paragraph>
      <ActionButton href={input.dashboardUrl}>Open your dashboard</ActionButton>
    </EmailLayout>,
  );
}
