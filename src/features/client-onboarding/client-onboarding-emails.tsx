/** The team's notice of a submitted client onboarding form, with every answer. */
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
          ? 'They authorized us to create their marketing-platform account. If it could not be created automatically, please create it and e-mail them the login details.'
          : 'They did not authorize account creation yet.'}
      </Paragraph>
      <Details rows={rows} />
      <ActionButton href={adminUrl}>Open the admin panel</ActionButton>
    </EmailLayout>,
  );
}
