/** The e-mails a subscription's life sends: dunning to the client, notices to the team. */
import { formatCents } from '../../lib/money.ts';
import { renderEmail } from '../../server/mail/templates.ts';

type Content = { subject: string; text: string; html: string };

/** A renewal failed: the client is asked to update the card through the dashboard's billing. */
export function paymentFailedClientEmail(input: {
  customerName: string;
  plan: string;
  amountCents: number;
  dashboardUrl: string;
}): Content {
  return {
    subject: `Payment failed for ${input.plan}`,
    ...renderEmail({
      heading: 'Your payment did not go through',
      paragraphs: [
        `Hi ${input.customerName}, we could not collect ${formatCents(input.amountCents)} for ${input.plan}.`,
        'Your plan stays active while we retry the card over the next days. Please check or update your payment method in your dashboard under "Manage billing".',
      ],
      action: { label: 'Manage billing', url: input.dashboardUrl },
      closing: ['If you have questions, just reply to this e-mail.'],
    }),
  };
}

export function paymentFailedTeamEmail(input: {
  customerName: string;
  customerEmail: string;
  plan: string;
  amountCents: number;
  invoiceId: string;
  attempts: number;
  orderNumber: string | null;
}): Content {
  return {
    subject: `Renewal failed: ${input.customerName}, ${input.plan}`,
    ...renderEmail({
      heading: 'A renewal payment failed',
      paragraphs: [
        'The client was sent a reminder to update their card. Follow up if the retries fail too.',
      ],
      details: [
        ['Client', `${input.customerName} <${input.customerEmail}>`],
        ['Plan', input.plan],
        ['Amount', formatCents(input.amountCents)],
        ['Attempts', String(input.attempts)],
        ['Invoice', input.invoiceId],
        ['Order', input.orderNumber ?? ''],
      ],
    }),
  };
}

export function disputeTeamEmail(input: {
  disputeId: string;
  chargeId: string;
  amountCents: number;
  reason: string;
  customer: string;
  orderNumber: string | null;
}): Content {
  return {
    subject: `Payment disputed: ${formatCents(input.amountCents)} (${input.reason})`,
    ...renderEmail({
      heading: 'A payment was disputed',
      paragraphs: [
        'The card holder disputed a payment. Answer it in the Stripe Dashboard before its deadline, with the order and onboarding records as evidence.',
      ],
      details: [
        ['Amount', formatCents(input.amountCents)],
        ['Reason', input.reason],
        ['Client', input.customer],
        ['Order', input.orderNumber ?? ''],
        ['Dispute', input.disputeId],
        ['Charge', input.chargeId],
      ],
    }),
  };
}
