import { formatCents } from '../../lib/money.ts';
import {
  ActionButton,
  Details,
  EmailLayout,
  Paragraph,
  Typed,
} from '../../server/mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../../server/mail/render-email.ts';

export function paymentFailedClientEmail(input: {
  customerName: string;
  plan: string;
  amountCents: number;
  dashboardUrl: string;
}): EmailContent {
  const amount = formatCents(input.amountCents);
  return renderEmail(
    `Payment failed for ${input.plan}`,
    <EmailLayout
      heading="Your payment did not go through"
      preheader={`We could not collect ${amount} for ${input.plan}. Your plan stays active while we retry.`}
    >
      <Paragraph>
        Hi <Typed>{input.customerName}</Typed>, we could not collect {amount} for {input.plan}.
      </Paragraph>
      <Paragraph>
        Your plan stays active while we retry the card over the next days. Please check or update
        your payment method in your dashboard under "Manage billing".
      </Paragraph>
      <ActionButton href={input.dashboardUrl}>Manage billing</ActionButton>
      <Paragraph>If you have questions, just reply to this e-mail.</Paragraph>
    </EmailLayout>,
  );
}

export function paymentFailedTeamEmail(input: {
  customerName: string;
  customerEmail: string;
  plan: string;
  amountCents: number;
  invoiceId: string;
  attempts: number;
  orderNumber: string | null;
}): EmailContent {
  return renderEmail(
    `Renewal failed: ${input.customerName}, ${input.plan}`,
    <EmailLayout
      heading="A renewal payment failed"
      preheader={`${input.customerName}, ${input.plan}: attempt ${input.attempts} failed.`}
    >
      <Paragraph>
        The client was sent a reminder to update their card. Follow up if the retries fail too.
      </Paragraph>
      <Details
        rows={[
          ['Client', `${input.customerName} <${input.customerEmail}>`],
          ['Plan', input.plan],
          ['Amount', formatCents(input.amountCents)],
          ['Attempts', String(input.attempts)],
          ['Invoice', input.invoiceId],
          ['Order', input.orderNumber ?? ''],
        ]}
      />
    </EmailLayout>,
  );
}

export function disputeTeamEmail(input: {
  disputeId: string;
  chargeId: string;
  amountCents: number;
  reason: string;
  customer: string;
  orderNumber: string | null;
}): EmailContent {
  const amount = formatCents(input.amountCents);
  return renderEmail(
    `Payment disputed: ${amount} (${input.reason})`,
    <EmailLayout
      heading="A payment was disputed"
      preheader={`${amount} disputed (${input.reason}). Answer it in Stripe before its deadline.`}
    >
      <Paragraph>
        The card holder disputed a payment. Answer it in the Stripe Dashboard before its deadline,
        with the order and onboarding records as evidence.
      </Paragraph>
      <Details
        rows={[
          ['Amount', amount],
          ['Reason', input.reason],
          ['Client', input.customer],
          ['Order', input.orderNumber ?? ''],
          ['Dispute', input.disputeId],
          ['Charge', input.chargeId],
        ]}
      />
    </EmailLayout>,
  );
}
