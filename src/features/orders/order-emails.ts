/** The order confirmation e-mail (plain text and HTML) with onboarding and dashboard links. */
import { formatCents } from '../../lib/money';
import { CYCLE_LABEL, type BillingCycle } from '../catalogue/catalogue';

export type ConfirmationInput = {
  siteName: string;
  supportEmail: string;
  orderNumber: string;
  customerName: string;
  amountCents: number;
  lines: {
    name: string;
    billingCycle: BillingCycle;
    unitAmountCents: number;
    quantity: number;
    onboardingUrl: string;
  }[];
  dashboardUrl: string;
  linkExpiresAt: Date;
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function orderConfirmationEmail(input: ConfirmationInput): {
  subject: string;
  text: string;
  html: string;
} {
  const greeting = input.customerName ? `Hi ${input.customerName},` : 'Hello,';
  const total = formatCents(input.amountCents);
  const expires = input.linkExpiresAt.toUTCString();
  const lineText = (l: ConfirmationInput['lines'][number]) =>
    `${l.quantity} x ${l.name} (${CYCLE_LABEL[l.billingCycle]}) - ${formatCents(l.unitAmountCents * l.quantity)}`;

  const text = [
    greeting,
    '',
    `Thank you for your order ${input.orderNumber}. Your payment of ${total} was received.`,
    '',
    ...input.lines.map(lineText),
    '',
    'Next step: tell us about your business so we can start.',
    ...input.lines.map((l) => `Start setup for ${l.name}: ${l.onboardingUrl}`),
    '',
    `Sign in to your client dashboard (link valid until ${expires}, single use):`,
    input.dashboardUrl,
    '',
    `Your receipt is attached. Questions? Reply to this e-mail or write to ${input.supportEmail}.`,
    '',
    input.siteName,
  ].join('\n');

  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#141a2e;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>Thank you for your order <strong>${escapeHtml(input.orderNumber)}</strong>. Your payment of <strong>${escapeHtml(total)}</strong> was received.</p>
<ul>${input.lines.map((l) => `<li>${escapeHtml(lineText(l))}</li>`).join('')}</ul>
<p><strong>Next step:</strong> tell us about your business so we can start.</p>
<ul>${input.lines
    .map(
      (l) =>
        `<li><a href="${escapeHtml(l.onboardingUrl)}">Start setup for ${escapeHtml(l.name)}</a></li>`,
    )
    .join('')}</ul>
<p><a href="${escapeHtml(input.dashboardUrl)}">Sign in to your client dashboard</a> (single use, valid until ${escapeHtml(expires)}).</p>
<p>Your receipt is attached. Questions? Reply to this e-mail or write to <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>
<p>${escapeHtml(input.siteName)}</p>
</body></html>`;

  return { subject: `Your ${input.siteName} order ${input.orderNumber} is confirmed`, text, html };
}
