import type { Db } from '../../../server/db/client.ts';
import type { Listed, PageRequest } from '../../../server/db/list-query.ts';
import { HttpError } from '../../../server/responses.ts';
import { retryEmail } from '../../../server/mail/delivery.ts';
import {
  findOutboxEmail,
  listOutbox as listOutboxEmails,
  type OutboxEmail,
} from '../../../server/mail/outbox.ts';
import { shownWithoutSecrets } from '../../../server/mail/outbox-secrets.ts';
import type { ListQuery } from '../admin.ts';
import type { CsvColumn } from '../../../lib/csv.ts';

export type AdminOutboxEmail = {
  id: number;
  createdAt: string;
  kind: string;
  to: string;
  /** Whom it concerns (addresses); null: queued before that was recorded. */
  about: string[] | null;
  subject: string;
  text: string;
  status: OutboxEmail['status'];
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  attachments: {
    index: number;
    filename: string;
    contentType: string;
    bytes: number;
    url: string;
  }[];
};

const SEALED_FOR_ADMIN = '[link-for-the-recipient-only]';

function outboxView(r: OutboxEmail): AdminOutboxEmail {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    kind: r.kind,
    to: r.to,
    about: r.aboutEmails,
    subject: r.subject,
    // A pending e-mail's secret (a sign-in link) is shown as such, never opened here.
    text: shownWithoutSecrets(r, SEALED_FOR_ADMIN),
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    attachments: r.attachments.map((a, index) => ({
      index,
      filename: a.filename,
      contentType: a.contentType,
      bytes: Buffer.from(a.content, 'base64').byteLength,
      url: `/api/admin/outbox/${r.id}/attachments/${index}`,
    })),
  };
}

export async function listOutbox(
  db: Db,
  q: ListQuery,
  page: PageRequest,
): Promise<Listed<AdminOutboxEmail>> {
  const { rows, ...paging } = await listOutboxEmails(db, q, page);
  return { ...paging, rows: rows.map(outboxView) };
}

export async function outboxAttachment(db: Db, id: number, index: number) {
  const row = await findOutboxEmail(db, id);
  const attachment = row?.attachments[index];
  if (!attachment) throw new HttpError(404, 'Attachment not found');
  return { ...attachment, bytes: Buffer.from(attachment.content, 'base64') };
}

export async function retryOutboxEmail(db: Db, id: number): Promise<AdminOutboxEmail> {
  const row = await retryEmail(db, id);
  if (!row) {
    const existing = await findOutboxEmail(db, id);
    if (!existing) throw new HttpError(404, 'E-mail not found');
    throw new HttpError(
      409,
      existing.status === 'canceled'
        ? 'This e-mail was withdrawn before it left.'
        : 'This e-mail was already sent.',
    );
  }
  return outboxView(row);
}

export const OUTBOX_CSV: CsvColumn<AdminOutboxEmail>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'Created (UTC)', value: (e) => e.createdAt },
  { header: 'Kind', value: (e) => e.kind },
  { header: 'To', value: (e) => e.to },
  { header: 'About', value: (e) => e.about?.join('; ') ?? 'not attributed' },
  { header: 'Subject', value: (e) => e.subject },
  { header: 'Status', value: (e) => e.status },
  { header: 'Attempts', value: (e) => e.attempts },
  { header: 'Last error', value: (e) => e.lastError ?? '' },
  { header: 'Sent (UTC)', value: (e) => e.sentAt ?? '' },
  { header: 'Attachments', value: (e) => e.attachments.map((a) => a.filename).join('; ') },
];
