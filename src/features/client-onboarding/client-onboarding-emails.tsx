import {
  ActionButton,
  Details,
  EmailLayout,
  Paragraph,
  Typed,
} from '../../server/mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../../server/mail/render-email.ts';
import type { ClientOnboardingRequest } from './client-onboarding.ts';

export function clientOnboardingTeamEmail(
  input: ClientOnboardingRequest,
  submissionId: number,
  adminUrl: string,
): EmailContent {
  const rows = Object.entries(input)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => [key, String(value)] as [string, string]);
  return renderEmail(
    `New client onboarding: ${input.businessName} (${input.fullName})`,
    <EmailLayout
      heading="New client onboarding form"
      preheader={`${input.fullName} of ${input.businessName} submitted the onboarding form.`}
    >
      <Paragraph>
        <Typed>{input.fullName}</Typed> submitted the client onboarding form (submission #
        {submissionId}).
      </Paragraph>
      <Paragraph>
        {input.termsAccepted
          ? 'They authorized us to create their marketing-platform account. It is created once they confirm their e-mail address (we sent them a link, unless they were signed in with it). If it is not created automatically, please create it and e-mail them the login details.'
          : 'They did not authorize account creation yet.'}
      </Paragraph>
      <Details rows={rows} />
      <ActionButton href={adminUrl}>Open the admin panel</ActionButton>
    </EmailLayout>,
  );
}

/** Sent to the address typed in the form: the CRM account is created only once it is used. */
export function clientOnboardingConfirmEmail(input: {
  name: string;
  businessName: string;
  confirmUrl: string;
}): EmailContent {
  return renderEmail(
    'Confirm your e-mail address to create your client portal',
    <EmailLayout
      heading="Confirm your e-mail address"
      preheader="One click and we create your client portal account."
    >
      <Paragraph>
        Hello <Typed>{input.name || 'there'}</Typed>, thank you for the onboarding form for{' '}
        <Typed>{input.businessName}</Typed>.
      </Paragraph>
      <Paragraph>
        Before we create your marketing platform account, please confirm that this address is yours.
        We then e-mail your login details here. The link works once and expires in 7 days.
      </Paragraph>
      <ActionButton href={input.confirmUrl}>Confirm and create my account</ActionButton>
      <Paragraph>
        If you did not fill in our form, ignore this e-mail: nothing is created.
      </Paragraph>
    </EmailLayout>,
  );
}
