// Admins have no e-mail address of their own: these notices go to the team.
import { ActionButton, Details, EmailLayout, Paragraph, Typed } from '../mail/email-layout.tsx';
import { renderEmail, type EmailContent } from '../mail/render-email.ts';

type FactorKind = 'passkey' | 'totp';

const KIND_NAME: Record<FactorKind, string> = {
  passkey: 'passkey',
  totp: 'authenticator app',
};
const A_KIND: Record<FactorKind, string> = {
  passkey: 'a passkey',
  totp: 'an authenticator app',
};

export type AccountChange =
  | { what: 'factor-added'; kind: FactorKind; label: string; first: boolean }
  | { what: 'factor-removed'; kind: FactorKind; label: string }
  | { what: 'recovery-codes' }
  | { what: 'factors-reset'; removed: number };

/** The outbox kind of each change's notice (src/testing/email-samples.ts has one of each). */
export const ACCOUNT_CHANGE_KIND = {
  'factor-added': 'admin.factor-added',
  'factor-removed': 'admin.factor-removed',
  'recovery-codes': 'admin.recovery-codes-renewed',
  'factors-reset': 'admin.factors-reset',
} as const satisfies Record<AccountChange['what'], string>;

export const CODES_PAUSED_KIND = 'admin.codes-paused';

/** "Nov 20, 2026, 15:04 UTC": unambiguous for a team spread over time zones. */
const when = (at: Date) =>
  `${at.toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  })} UTC`;

function subjectOf(change: AccountChange, username: string): string {
  switch (change.what) {
    case 'factor-added':
      return `Admin ${username}: ${A_KIND[change.kind]} was added`;
    case 'factor-removed':
      return `Admin ${username}: ${A_KIND[change.kind]} was removed`;
    case 'recovery-codes':
      return `Admin ${username}: new recovery codes were made`;
    case 'factors-reset':
      return `Admin ${username}: second factors and password reset`;
  }
}

function WhatChanged({ change, username }: { change: AccountChange; username: string }) {
  const account = <Typed>{username}</Typed>;
  switch (change.what) {
    case 'factor-added':
      return (
        <Paragraph>
          The admin account {account} has a new {KIND_NAME[change.kind]}, named “
          <Typed>{change.label}</Typed>”
          {change.first
            ? ': its first second factor, so ten recovery codes were made with it.'
            : '.'}
        </Paragraph>
      );
    case 'factor-removed':
      return (
        <Paragraph>
          The {KIND_NAME[change.kind]} named “<Typed>{change.label}</Typed>” was removed from the
          admin account {account}.
        </Paragraph>
      );
    case 'recovery-codes':
      return (
        <Paragraph>
          The admin account {account} made ten new recovery codes; the earlier ones no longer work.
        </Paragraph>
      );
    case 'factors-reset':
      return (
        <Paragraph>
          From the command line (npm run admin:reset-factor), the admin account {account} lost its{' '}
          {change.removed} second factor{change.removed === 1 ? '' : 's'} and its recovery codes,
          got a new password and was signed out everywhere. Its next sign-in, with the new password,
          adds a new factor.
        </Paragraph>
      );
  }
}

export function adminAccountChangedEmail(input: {
  username: string;
  change: AccountChange;
  at: Date;
  /** The address the change came from; null from the command line. */
  ip: string | null;
  securityLogUrl: string;
}): EmailContent {
  const fromCommandLine = input.change.what === 'factors-reset';
  return renderEmail(
    subjectOf(input.change, input.username),
    <EmailLayout
      heading="An admin account’s sign-in changed"
      preheader={`${subjectOf(input.change, input.username)}. If that was not its owner, act now.`}
    >
      <WhatChanged change={input.change} username={input.username} />
      <Paragraph>
        {fromCommandLine
          ? 'If nobody on the team ran this command, someone has access to the database: change the database credentials and SESSION_SECRET, then reset the account again.'
          : 'If its owner did not do this, someone else is signed in as them: reset the account’s password and factors from the command line (npm run admin:reset-factor), which ends all its sessions, and read the security log.'}
      </Paragraph>
      <Details
        rows={[
          ['Account', input.username],
          ['When', when(input.at)],
          ['From', input.ip || (fromCommandLine ? 'the command line' : 'unknown address')],
        ]}
      />
      <ActionButton href={input.securityLogUrl}>Open the security log</ActionButton>
    </EmailLayout>,
  );
}

export function adminCodesPausedEmail(input: {
  username: string;
  failures: number;
  /** The window they fell in, e.g. "15 minutes". */
  within: string;
  until: Date;
  ip: string | null;
  securityLogUrl: string;
}): EmailContent {
  return renderEmail(
    `Admin ${input.username}: app codes paused after ${input.failures} wrong ones`,
    <EmailLayout
      heading="Someone is guessing an admin’s codes"
      preheader={`${input.failures} wrong authenticator codes for ${input.username}: its app codes are refused until ${when(input.until)}.`}
    >
      <Paragraph>
        The authenticator-app codes of the admin account <Typed>{input.username}</Typed> were wrong{' '}
        {input.failures} times within {input.within}, after its password was accepted. Its app codes
        are refused until {when(input.until)}; its passkeys and recovery codes still work.
      </Paragraph>
      <Paragraph>
        If its owner did not mistype them, someone knows the password: reset it and the factors from
        the command line (npm run admin:reset-factor), which ends all its sessions, and read the
        security log for the addresses involved.
      </Paragraph>
      <Details
        rows={[
          ['Account', input.username],
          ['Refused until', when(input.until)],
          ['Last address', input.ip || 'unknown'],
        ]}
      />
      <ActionButton href={input.securityLogUrl}>Open the security log</ActionButton>
    </EmailLayout>,
  );
}
