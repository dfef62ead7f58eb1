// These concern no customer: they name nobody the privacy tools look for.
import type { Db } from '../db/client.ts';
import { siteAddress, teamAddress } from '../env.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import type { EmailContent } from '../mail/render-email.ts';
import {
  ACCOUNT_CHANGE_KIND,
  adminAccountChangedEmail,
  adminCodesPausedEmail,
  CODES_PAUSED_KIND,
  type AccountChange,
} from './admin-emails.tsx';

export type { AccountChange };

const securityLogUrl = () => new URL('/admin#security-log', siteAddress()).toString();

function queueNotice(db: Db, kind: string, content: EmailContent, at: Date) {
  return enqueueEmail(db, { kind, to: teamAddress(), about: { emails: [] }, ...content }, at);
}

export async function noticeAccountChange(
  db: Db,
  input: { username: string; change: AccountChange; ip: string | null; at?: Date },
): Promise<void> {
  const at = input.at ?? new Date();
  const content = adminAccountChangedEmail({ ...input, at, securityLogUrl: securityLogUrl() });
  await queueNotice(db, ACCOUNT_CHANGE_KIND[input.change.what], content, at);
}

export async function noticeCodesPaused(
  db: Db,
  input: {
    username: string;
    failures: number;
    within: string;
    until: Date;
    ip: string | null;
    at?: Date;
  },
): Promise<void> {
  const at = input.at ?? new Date();
  const content = adminCodesPausedEmail({ ...input, securityLogUrl: securityLogUrl() });
  await queueNotice(db, CODES_PAUSED_KIND, content, at);
}
