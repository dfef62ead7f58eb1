// The erasure notice names nobody: it outlives the erasure until sent (outbox.ts
// ERASURE_NOTICE_KIND), so it carries nothing but the address it goes to.
import {
  ActionButton,
  Details,
  EmailLayout,
  Paragraph,
  Typed,
} from '../../server/mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../../server/mail/render-email.ts';

type Kind = 'export' | 'erase';

const day = (at: Date) =>
  at.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const ASKED: Record<Kind, string> = {
  export: 'a copy of their data',
  erase: 'their account and data to be erased',
};

const TO_DO: Record<Kind, string> = {
  export:
    'Check what the admin’s person view holds for the address, then mark the request done: the client is e-mailed that the download is ready in their dashboard, where it works for 30 days.',
  erase:
    'Mark the request done first: that e-mails the client that the erasure is done. Then erase the address in the admin’s person view.',
};

export function privacyRequestTeamEmail(input: {
  id: number;
  kind: Kind;
  clientName: string;
  clientEmail: string;
  requestedAt: Date;
  dueAt: Date;
  adminUrl: string;
}): EmailContent {
  const due = day(input.dueAt);
  const what = input.kind === 'export' ? 'data export' : 'account erasure';
  return renderEmail(
    `Privacy request #${input.id}: ${what}, due ${due}`,
    <EmailLayout
      heading={
        input.kind === 'export' ? 'A client asked for their data' : 'A client asked to be erased'
      }
      preheader={`A ${what} was requested from the dashboard. Answer by ${due}.`}
    >
      <Paragraph>
        <Typed>{input.clientName || input.clientEmail}</Typed> asked from the dashboard for{' '}
        {ASKED[input.kind]}. We promise an answer within 30 days: by {due}.
      </Paragraph>
      <Paragraph>{TO_DO[input.kind]}</Paragraph>
      <Details
        rows={[
          ['Request', `#${input.id} (${what})`],
          ['Client', `${input.clientName} <${input.clientEmail}>`],
          ['Requested', input.requestedAt.toISOString()],
          ['Due', due],
        ]}
      />
      <ActionButton href={input.adminUrl}>Open the admin panel</ActionButton>
    </EmailLayout>,
  );
}

export function privacyExportReadyEmail(input: {
  name: string;
  dashboardUrl: string;
  availableUntil: Date;
}): EmailContent {
  const until = day(input.availableUntil);
  return renderEmail(
    'Your data is ready to download',
    <EmailLayout
      heading="Your data is ready"
      preheader={`Sign in to your dashboard to download it until ${until}.`}
    >
      <Paragraph>
        Hi{input.name ? ' ' : ''}
        {input.name ? <Typed>{input.name}</Typed> : null}, your data is ready: sign in to your
        dashboard and press Download my data.
      </Paragraph>
      <Paragraph>
        The download works until {until}. It is one file with everything we hold about you.
      </Paragraph>
      <ActionButton href={input.dashboardUrl}>Open your dashboard</ActionButton>
      <Paragraph>If you did not ask for it, please reply to this e-mail.</Paragraph>
    </EmailLayout>,
  );
}

export function privacyErasedEmail(): EmailContent {
  return renderEmail(
    'Your account and data were erased',
    <EmailLayout
      heading="Your account and data were erased"
      preheader="As you asked, we erased your account and the data we held about you."
    >
      <Paragraph>
        As you asked, your account and data were erased: your account, your onboarding answers, your
        messages and your sign-in sessions are gone.
      </Paragraph>
      <Paragraph>
        Order and invoice records stay for accounting, without your name or e-mail address. This is
        the last e-mail we send to this address, and we keep no copy of it.
      </Paragraph>
    </EmailLayout>,
  );
}
