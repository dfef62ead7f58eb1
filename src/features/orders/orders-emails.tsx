import { formatCents } from '../../lib/money';
import { siteSettings } from '../../lib/site-settings';
import {
  ActionButton,
  Details,
  EmailLayout,
  Paragraph,
  TextLink,
  Typed,
} from '../../server/mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../../server/mail/render-email.ts';
import { chargeSummary } from './charge-summary';
import type { OrderLine } from './OrderLinesTable.tsx';
import type { OrderCharge } from './orders';

type ConfirmationInput = {
  orderNumber: string;
  customerName: string;
  charge: OrderCharge;
  lines: (OrderLine & { onboardingUrl: string })[];
  dashboardUrl: string;
  linkExpiresAt: Date;
};

function InvoiceLinks({ invoice }: { invoice: OrderCharge['invoice'] }) {
  if (!invoice || (!invoice.hostedUrl && !invoice.pdfUrl)) return null;
  const links = [
    invoice.hostedUrl ? { href: invoice.hostedUrl, label: 'View invoice' } : null,
    invoice.pdfUrl ? { href: invoice.pdfUrl, label: 'Download invoice (PDF)' } : null,
  ].filter((l) => l !== null);
  return (
    <Paragraph>
      {invoice.number ? `Your invoice ${invoice.number}:` : 'Your invoice:'}
      {links.map((l) => (
        <span key={l.href}>
          <br />
          <TextLink href={l.href}>{l.label}</TextLink>
        </span>
      ))}
    </Paragraph>
  );
}

export function orderConfirmationEmail(input: ConfirmationInput): EmailContent {
  const { charge } = input;
  const money = (cents: number) => formatCents(cents, charge.currency);
  const total = money(charge.totalCents);
  const rows = chargeSummary(charge, input.lines);
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
      <Details amounts rows={rows.map((r): [string, string] => [r.label, money(r.cents)])} />
      <InvoiceLinks invoice={charge.invoice} />
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
