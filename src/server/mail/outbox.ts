/**
 * Every e-mail is first a row of `email_outbox` (docs/decisions/006-outbox.md): pending, then
 * sent, canceled (withdrawn), or failed after MAX_ATTEMPTS; the admin's retry makes it due again.
 */
import { and, asc, eq, inArray, isNull, like, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  containsPattern,
  countWhere,
  listByStatus,
  type ListFilter,
  type PageRequest,
} from '../db/list-query.ts';
import { emailOutbox, type OutboxAttachment, type OutboxEmail } from '../db/schema.ts';
import {
  exported,
  normalisedAddress,
  type Person,
  type PersonalDataOwner,
} from '../privacy/personal-data.ts';
import { cutoffOf } from '../privacy/retention.ts';
import { partsWithoutSecrets, resealedColumns } from './outbox-secrets.ts';
import { afterFailedAttempt, SEND_LEASE_MS, UNOPENABLE_REASON } from './retry-policy.ts';
import {
  UnopenableSecret,
  withoutSecrets,
  type MessageSecrets,
  type SealingKeys,
} from './sealed.ts';

export type { OutboxAttachment, OutboxEmail };

/** Whom a message concerns: its recipient, or the visitor a team notice is about. */
export type EmailAbout = { emails: string[]; clientIds?: number[] };

export type EmailInput = {
  /** What the e-mail is for, e.g. "contact.team", "meeting.receipt"; shown in the admin panel. */
  kind: string;
  to: string;
  /** The people it concerns; a person's export and erasure find it by these exact keys. */
  about: EmailAbout;
  subject: string;
  text: string;
  html: string;
  /** `content` is base64; see textAttachment(). */
  attachments?: OutboxAttachment[];
  /** Extra headers (List-Unsubscribe); secrets' slots in them are opened only for SMTP. */
  headers?: Record<string, string>;
  /** The secrets whose slots stand in the text, HTML and headers. */
  secrets?: MessageSecrets;
  /** When it may leave (default: at once); the scheduled delivery sends it from then on. */
  sendAt?: Date;
};

/**
 * The notice that a person's data was erased (src/features/privacy), queued before the erasure:
 * the erasure keeps it while unsent, and once sent it keeps neither its recipient nor its body.
 */
export const ERASURE_NOTICE_KIND = 'privacy.erased';
/** What a sent erasure notice keeps in place of its recipient. */
export const RECIPIENT_ERASED = '[erased]';

/** Writes one e-mail to the outbox and returns the stored row (status 'pending', due now). */
export async function enqueueEmail(
  db: Db,
  email: EmailInput,
  now = new Date(),
): Promise<OutboxEmail> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      to: email.to,
      // Subjects often carry visitor input; a header never contains line breaks.
      subject: email.subject.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim(),
      text: email.text,
      html: email.html,
      attachments: email.attachments ?? [],
      headers: email.headers ?? null,
      aboutEmails: [...new Set(email.about.emails.map(normalisedAddress))],
      aboutClientIds: [...new Set(email.about.clientIds ?? [])],
      secrets: email.secrets?.sealed ?? {},
      nextAttemptAt: email.sendAt ?? now,
    })
    .returning();
  if (!row) throw new Error('Inserting into the e-mail outbox returned no row');
  return row;
}

/**
 * Withdraws e-mails that have not left (a checkout reminder whose buyer paid meanwhile): they
 * become 'canceled' and stay listed, so the admin sees the reminder was queued and withdrawn.
 * Answers the ids that were withdrawn.
 */
export async function cancelEmails(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'canceled', lastError: null })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'pending')))
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

/** Which of `ids` went out (the overview's reminders sent). */
export async function sentAmong(db: Db, ids: number[]): Promise<Map<number, Date>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: emailOutbox.id, sentAt: emailOutbox.sentAt })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'sent')));
  return new Map(rows.flatMap((r) => (r.sentAt ? [[r.id, r.sentAt] as const] : [])));
}

/** The row as it is kept once sent: no secret, and no recipient for an erasure notice. */
function sentCopy(row: OutboxEmail) {
  if (row.kind === ERASURE_NOTICE_KIND)
    return { to: RECIPIENT_ERASED, text: BODY_REMOVED, html: BODY_REMOVED, aboutEmails: [] };
  return partsWithoutSecrets(row);
}

/** Leases up to `limit` due rows; rows leased by another deliverer are skipped. */
export async function claimDue(
  db: Db,
  now: Date,
  limit: number,
  ids?: number[],
): Promise<OutboxEmail[]> {
  const due = and(
    eq(emailOutbox.status, 'pending'),
    lte(emailOutbox.nextAttemptAt, now),
    ids ? inArray(emailOutbox.id, ids) : undefined,
  );
  // Ids first, then the lease, in one transaction that holds the row locks in between. As a
  // single UPDATE ... WHERE id IN (SELECT ... LIMIT n FOR UPDATE SKIP LOCKED), Postgres may
  // run the subquery more than once and lease more than `limit` rows (seen on a real server).
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(due)
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!candidates.length) return [];
    return tx
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS) })
      .where(
        and(
          inArray(
            emailOutbox.id,
            candidates.map((c) => c.id),
          ),
          due,
        ),
      )
      .returning();
  });
}

/**
 * The secrets of every e-mail that has not left (pending, or failed and retryable) sealed again
 * with the current key (`npm run secrets:rotate`); running it twice changes nothing. A row no
 * key in use opens is left as it is and counted.
 */
export async function resealUnsent(
  db: Db,
  key?: SealingKeys,
): Promise<{ resealed: number; unopenable: number }> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ['pending', 'failed']));
  let resealed = 0;
  let unopenable = 0;
  for (const row of rows) {
    let changes: Partial<OutboxEmail>;
    try {
      changes = resealedColumns(row, key);
    } catch (error) {
      if (!(error instanceof UnopenableSecret)) throw error;
      unopenable++;
      continue;
    }
    if (!Object.keys(changes).length) continue;
    await db.update(emailOutbox).set(changes).where(eq(emailOutbox.id, row.id));
    resealed++;
  }
  return { resealed, unopenable };
}

/** Gives claimed but unsent rows back, due at once, without counting an attempt. */
export async function releaseClaimed(db: Db, rows: OutboxEmail[], now: Date) {
  if (!rows.length) return;
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: now })
    .where(
      and(
        inArray(
          emailOutbox.id,
          rows.map((r) => r.id),
        ),
        eq(emailOutbox.status, 'pending'),
      ),
    );
}

/** A sent row, as it is kept. */
export async function markSent(db: Db, row: OutboxEmail): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      attempts: row.attempts + 1,
      lastError: null,
      ...sentCopy(row),
    })
    .where(eq(emailOutbox.id, row.id));
}

/** A row whose secret no key opens: failed for good, since no retry would open it. */
export async function markUnopenable(db: Db, row: OutboxEmail): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'failed', attempts: row.attempts + 1, lastError: UNOPENABLE_REASON })
    .where(eq(emailOutbox.id, row.id));
}

/** A failed attempt (src/server/mail/retry-policy.ts); answers whether the row failed for good. */
export async function markAttemptFailed(
  db: Db,
  row: OutboxEmail,
  error: unknown,
  now: Date,
): Promise<boolean> {
  const next = afterFailedAttempt(row, error, now);
  await db.update(emailOutbox).set(next).where(eq(emailOutbox.id, row.id));
  return next.status === 'failed';
}

/** Makes a pending or failed e-mail due now; false when there is none, or it was sent. */
export async function requeueEmail(db: Db, id: number, now: Date): Promise<boolean> {
  const [requeued] = await db
    .update(emailOutbox)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['pending', 'failed'])))
    .returning({ id: emailOutbox.id });
  return Boolean(requeued);
}

/**
 * Since when the longest-waiting due e-mail has been due (null: none is due): the first entry
 * of the due index (status, next_attempt_at), for the health check.
 */
export async function oldestDueSince(db: Db, now = new Date()): Promise<Date | null> {
  const [oldest] = await db
    .select({ dueSince: emailOutbox.nextAttemptAt })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(1);
  return oldest?.dueSince ?? null;
}

/* Reading the outbox (the admin's list, the overview, the test mode's check). */

type OutboxStatus = OutboxEmail['status'];

/** The admin's list; the status `unattributed` lists what no person's request reaches. */
export function listOutbox(db: Db, filter: ListFilter, page: PageRequest) {
  return listByStatus<typeof emailOutbox, OutboxEmail>(db, emailOutbox, filter, page, {
    byStatus: (status) =>
      status === 'unattributed' ? unattributed : eq(emailOutbox.status, status as OutboxStatus),
  });
}

export async function findOutboxEmail(db: Db, id: number): Promise<OutboxEmail | null> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}

export async function outboxCounts(
  db: Db,
): Promise<{ pending: number; failed: number; sent: number }> {
  const [row] = await db
    .select({
      pending: countWhere(eq(emailOutbox.status, 'pending')),
      failed: countWhere(eq(emailOutbox.status, 'failed')),
      sent: countWhere(eq(emailOutbox.status, 'sent')),
    })
    .from(emailOutbox);
  return row ?? { pending: 0, failed: 0, sent: 0 };
}

/** The e-mails whose text contains one of `lines` (e.g. a submission's "Reference:" line), oldest first. */
export async function emailsContaining(db: Db, lines: string[]): Promise<OutboxEmail[]> {
  if (!lines.length) return [];
  return db
    .select()
    .from(emailOutbox)
    .where(or(...lines.map((line) => like(emailOutbox.text, containsPattern(line)))))
    .orderBy(asc(emailOutbox.id));
}

/* Personal data (src/server/privacy): the e-mails to a person or about them. */

/** What a delivered e-mail's text and HTML become: the admin still sees that it went out. */
export const BODY_REMOVED = '[removed after delivery]';

/** The person's e-mails: queued as being about their address or one of their accounts. */
function ofPerson(person: Person) {
  const t = emailOutbox;
  return or(
    sql`${t.aboutEmails} @> array[${person.email}]::text[]`,
    person.clientIds.length
      ? sql`${t.aboutClientIds} && ${sql.param(person.clientIds)}::int[]`
      : undefined,
  );
}

/** E-mails queued before they recorded whom they concern: no person's request reaches them. */
export const unattributed = isNull(emailOutbox.aboutEmails);

export const personalData: PersonalDataOwner = {
  async holds(db, person) {
    const rows = await db
      .select()
      .from(emailOutbox)
      .where(ofPerson(person))
      .orderBy(asc(emailOutbox.id));
    // A pending e-mail's sealed link stays out of an export, and so do the bytes of
    // attachments: their names say what was sent.
    return {
      email_outbox: rows.map((r) =>
        exported(
          {
            ...r,
            text: withoutSecrets(r.text, r.secrets),
            html: withoutSecrets(r.html, r.secrets),
            attachments: r.attachments.map(({ filename, contentType }) => ({
              filename,
              contentType,
            })),
          },
          'secrets',
        ),
      ),
    };
  },
  // An unsent erasure notice stays: it tells the person the erasure was done.
  async erase(db, person) {
    const notUnsentNotice = or(
      ne(emailOutbox.kind, ERASURE_NOTICE_KIND),
      eq(emailOutbox.status, 'sent'),
    );
    const gone = await db
      .delete(emailOutbox)
      .where(and(ofPerson(person), notUnsentNotice))
      .returning({ id: emailOutbox.id });
    return { email_outbox: gone.length };
  },
  // The old records go first: no point emptying a body about to be deleted.
  async purge(db, { now }) {
    const t = emailOutbox;
    const gone = await db
      .delete(t)
      .where(
        sql`coalesce(${t.sentAt}, ${t.createdAt}) < ${cutoffOf('emailLog', now).toISOString()}::timestamptz`,
      )
      .returning({ id: t.id });
    const emptied = await db
      .update(t)
      .set({
        text: BODY_REMOVED,
        html: BODY_REMOVED,
        attachments: sql`coalesce((select jsonb_agg(a || '{"content": ""}'::jsonb) from jsonb_array_elements(${t.attachments}) a), '[]'::jsonb)`,
      })
      .where(
        and(
          eq(t.status, 'sent'),
          lt(t.sentAt, cutoffOf('emailBodies', now)),
          ne(t.text, BODY_REMOVED),
        ),
      )
      .returning({ id: t.id });
    return {
      emailBodies: { email_outbox: emptied.length },
      emailLog: { email_outbox: gone.length },
    };
  },
};
