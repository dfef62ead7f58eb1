/** The order confirmation: what was paid, the setup link of each item, and a dashboard sign-in. */
import { formatCents } from '../../lib/money';
import { siteSettings } from '../../lib/site-settings';
import { ActionButton, EmailLayout, Paragraph, Typed } from '../../server/mail/email.ts';
import { renderEmail, type EmailContent } from '../../server/mail/email.ts';
import { OrderLinesTable, type OrderLine } from './OrderLinesTable.tsx';

type ConfirmationInput = {
  orderNumber: string;
  customerName: string;
  amountCents: number;
  lines: (OrderLine & { onboardingUrl: string })[];
  dashboardUrl: string;
  linkExpiresAt: Date;
};

export function orderConfirmationEmail(input: ConfirmationInput): EmailContent {
  const total = formatCents(input.amountCents);
  return renderEmail(
    `Your ${siteSettings.name} order ${input.orderNumber} is confirmed`,
    <EmailLayout
      heading={
        input.customerName ? (
          <>
            Thank you, <Typed>{input.customerName}</Typed>
          </>
        ) : (
          'Thank you for your order'
        )
      }
      preheader={`Your payment of ${total} was received. Next: tell us about your business.`}
    >
      <Paragraph>
        Thank you for your order {input.orderNumber}. Your payment of {total} was received.
      </Paragraph>
      <OrderLinesTable lines={input.lines} total={total} />
      <Paragraph>
        <strong>Next step:</strong> tell us about your business so we can start.
      </Paragraph>
      {input.lines.map((l) => (
        <ActionButton key={l.onboardingUrl} href={l.onboardingUrl}>
          {`Start setup for ${l.name}`}
        </ActionButton>
      ))}
      <Paragraph>
        Your client dashboard shows every order, its setup and your receipts. This sign-in link
        works once, until {input.linkExpiresAt.toUTCString()}:
      </Paragraph>
      <ActionButton href={input.dashboardUrl}>Sign in to your client dashboard</ActionButton>
      <Paragraph>Your receipt is attached.</Paragraph>
    </EmailLayout>,
  );
}
