import type { Order } from '../../server/db/schema.ts';
import { ActionButton, EmailLayout, Paragraph, Typed } from '../../server/mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../../server/mail/render-email.ts';

export function onboardingCompletedEmail(order: Order, adminUrl: string): EmailContent {
  return renderEmail(
    `Onboarding completed for order ${order.orderNumber}`,
    <EmailLayout
      heading="Onboarding completed"
      preheader={`${order.customerName} finished the onboarding for ${order.productName}.`}
    >
      <Paragraph>
        <Typed>{order.customerName}</Typed> finished the onboarding for {order.productName} (order{' '}
        {order.orderNumber}).
      </Paragraph>
      <Paragraph>
        Their business information, project details and design preferences are in the admin panel.
      </Paragraph>
      <ActionButton href={adminUrl}>Open the admin panel</ActionButton>
    </EmailLayout>,
  );
}
