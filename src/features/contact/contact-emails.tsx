// The receipt never echoes the visitor's text: the address is unverified, and echoing would let
// anyone send arbitrary text to a stranger through our mail server.
import type { ContactMessage } from '../../server/db/schema.ts';
import { Details, EmailLayout, Paragraph, Typed } from '../../server/mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../../server/mail/render-email.ts';
import { siteSettings } from '../../lib/site-settings.ts';

export function contactTeamEmail(msg: ContactMessage): EmailContent {
  return renderEmail(
    `New contact message from ${msg.name}`,
    <EmailLayout
      heading="New contact message"
      preheader={`${msg.name} wrote through the contact form.`}
    >
      <Paragraph>
        <Typed>{msg.name}</Typed> sent a message through the contact form. We promised a reply
        within 24 hours.
      </Paragraph>
      <Details
        rows={[
          ['Name', msg.name],
          ['Email', msg.email],
          ['Phone', msg.phone],
          ['Company', msg.company],
          ['Message', msg.message],
          ['Received', msg.createdAt.toISOString()],
          ['Reference', `contact #${msg.id}`],
        ]}
      />
    </EmailLayout>,
  );
}

export function contactReceiptEmail(msg: ContactMessage): EmailContent {
  return renderEmail(
    `We received your message — ${siteSettings.name}`,
    <EmailLayout
      heading={
        <>
          Thank you, <Typed>{msg.name}</Typed>
        </>
      }
      preheader="We'll get back to you within 24 hours."
    >
      <Paragraph>Thank you for contacting us. We'll get back to you within 24 hours.</Paragraph>
      <Paragraph>If anything is urgent, simply reply to this e-mail.</Paragraph>
      <Details rows={[['Reference', `contact #${msg.id}`]]} />
    </EmailLayout>,
  );
}
