// The caller must already know the whole submission; the answer only says how many identical rows
// exist and which e-mails were queued, so nothing it did not send is disclosed.
import { z } from '../../lib/zod.ts';
import type { Db } from '../../server/db/client.ts';
import { emailsContaining } from '../../server/mail/outbox.ts';
import { findContactMessageIds } from '../contact/contact.server.ts';
import { findMeetingRequestIds } from '../meeting/meeting.server.ts';

export const submissionCheckSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('contact'),
    name: z.string().max(200),
    email: z.string().max(320),
    message: z.string().max(10_000),
  }),
  z.object({
    kind: z.literal('meeting'),
    name: z.string().max(200),
    email: z.string().max(320),
    meetingType: z.string().max(100),
    preferredDate: z.string().max(20),
    preferredTime: z.string().max(20),
    timezone: z.string().max(20),
  }),
]);

export type SubmissionCheck = z.infer<typeof submissionCheckSchema>;

export type QueuedEmail = {
  kind: string;
  recipient: 'visitor' | 'team';
  attachments: string[];
  /** METHOD and STATUS of an attached invitation, e.g. ["REQUEST", "TENTATIVE"]. */
  invitation?: [method: string, status: string];
};

function invitationOf(content: string): [string, string] | undefined {
  const ics = Buffer.from(content, 'base64').toString('utf8');
  const method = /^METHOD:(.+)$/m.exec(ics)?.[1]?.trim();
  const status = /^STATUS:(.+)$/m.exec(ics)?.[1]?.trim();
  return method && status ? [method, status] : undefined;
}

export async function checkSubmission(
  db: Db,
  check: SubmissionCheck,
): Promise<{ stored: number; emails: QueuedEmail[] }> {
  const ids =
    check.kind === 'contact'
      ? await findContactMessageIds(db, check)
      : await findMeetingRequestIds(db, check);
  if (!ids.length) return { stored: 0, emails: [] };

  // Every e-mail about a submission names it in its "Reference" line.
  const mails = await emailsContaining(
    db,
    ids.map((id) => `Reference: ${check.kind} #${id}\n`),
  );
  return {
    stored: ids.length,
    emails: mails.map((m) => {
      const ics = m.attachments.find((a) => a.contentType.startsWith('text/calendar'));
      const invitation = ics && invitationOf(ics.content);
      return {
        kind: m.kind,
        recipient: m.to === check.email ? 'visitor' : 'team',
        attachments: m.attachments.map((a) => a.filename),
        ...(invitation ? { invitation } : {}),
      };
    }),
  };
}
