// Both links are sealed in the stored copy (sealed.ts): one reopens the buyer's checkout, the
// other speaks for their address.
import { formatCents } from '../../lib/money';
import { siteSettings } from '../../lib/site-settings';
import { ActionButton, EmailLayout, Paragraph } from '../../server/mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../../server/mail/render-email.ts';
import { OrderLinesTable, type OrderLine } from '../orders/OrderLinesTable.tsx';

type ReminderInput = {
  lines: OrderLine[];
  amountCents: number;
  recoveryUrl: string;
  unsubscribeUrl: string;
};

export function checkoutReminderEmail(input: ReminderInput): EmailContent {
  const total = formatCents(input.amountCents);
  return renderEmail(
    `Your ${siteSettings.name} order is waiting for you`,
    <EmailLayout
      heading="Your order is still waiting"
      preheader={`You left your checkout before paying. Pick up where you left off: ${total}.`}
    >
      <Paragraph>
        You started a checkout with {siteSettings.name} but did not finish paying. Nothing was
        charged. Your order is kept just as you left it:
      </Paragraph>
      <OrderLinesTable lines={input.lines} total={total} />
      <ActionButton href={input.recoveryUrl}>Complete your order</ActionButton>
      <Paragraph>
        This is the only reminder we send about this order. Don't want reminders like this?
        Unsubscribe: {input.unsubscribeUrl}
      </Paragraph>
    </EmailLayout>,
  );
}
