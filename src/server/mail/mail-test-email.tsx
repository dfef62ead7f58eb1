import { siteSettings } from '../../lib/site-settings.ts';
import { Details, EmailLayout, Paragraph } from './email-layout.tsx';
import { renderEmail, type EmailContent } from './render-email.ts';

export function mailTestEmail({
  from,
  smtpHost,
  sentAt,
}: {
  from: string;
  smtpHost: string;
  sentAt: Date;
}): EmailContent {
  return renderEmail(
    `Test e-mail from ${siteSettings.name}`,
    <EmailLayout
      heading="Your site's e-mail works"
      preheader={`Sent through ${smtpHost} by npm run mail:test.`}
    >
      <Paragraph>
        This message was sent by <code>npm run mail:test</code> with the site's SMTP settings. If it
        reached the inbox (not the spam folder), clients will receive their receipts and sign-in
        links the same way.
      </Paragraph>
      <Paragraph>
        To check the sending domain, open the message's original source and look for
        &quot;spf=pass&quot;, &quot;dkim=pass&quot; and &quot;dmarc=pass&quot; in its
        Authentication-Results header.
      </Paragraph>
      <Details
        rows={[
          ['From', from],
          ['SMTP server', smtpHost],
          ['Sent', sentAt.toISOString()],
        ]}
      />
    </EmailLayout>,
  );
}
