/**
 * The e-mail outbox. Every e-mail the site sends is first written to `email_outbox`, so a
 * message is never lost when SMTP is down or not configured; `deliverDue` then sends what is
 * due and reschedules failures with exponential backoff.
 *
 * Attachment `content` is ALWAYS base64 (so PDFs and other binary files survive the JSON
 * column unchanged). Use `textAttachment()` to build one from a UTF-8 string such as an .ics.
 *
 * Lifecycle of a row: pending --(sent)--> sent
 *                     pending --cancelEmails()--> canceled (withdrawn before it left; kept,
 *                       so the admin's list shows what was not sent and why)
 *                     pending --(error, attempts < MAX_ATTEMPTS)--> pending, later nextAttemptAt
 *                     pending --(error, attempts = MAX_ATTEMPTS)--> failed
 *                     failed/pending --retryEmail()--> pending, due now
 * Without SMTP_URL nothing is sent and rows stay pending for the admin panel.
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
import { readEnv } from '../env.ts';
import {
  exported,
  normalisedAddress,
  type Person,
  type PersonalDataOwner,
} from '../privacy/personal-data.ts';
import { cutoffOf } from '../privacy/retention.ts';
import {
  openSealed,
  openSlots,
  resealSlots,
  resealWords,
  UnopenableSecret,
  type SealingKeys,
  withoutSecrets,
  type MessageSecrets,
  type SealedSlots,
} from './sealed.ts';
import { logError } from '../log.ts';

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

/** The part of a nodemailer transport the outbox uses (tests may pass their own). */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments: { filename: string; contentType: string; content: string; encoding: 'base64' }[];
    icalEvent?: { filename: string; method: 'REQUEST' | 'CANCEL'; content: string };
    headers?: Record<string, string>;
  }): Promise<unknown>;
  close?(): void;
};

/**
 * The notice that a person's data was erased, to the address that was erased
 * (src/features/privacy): the one e-mail an erasure leaves behind. It has to be queued before the
 * erasure, which removes every e-mail to the address, and it must still reach the person when
 * SMTP is down at that moment. So the outbox's erasure keeps it while it is unsent, and its
 * delivery forgets the recipient and the body (`RECIPIENT_ERASED`, `BODY_REMOVED`): once sent,
 * nothing of the person is left in it.
 */
export const ERASURE_NOTICE_KIND = 'privacy.erased';
/** What a sent erasure notice keeps in place of its recipient. */
export const RECIPIENT_ERASED = '[erased]';

/** After this many failed attempts a row is marked 'failed' (the admin can still retry it). */
export const MAX_ATTEMPTS = 8;
/** First retry after 5 minutes (the scheduled function's period), doubling each time. */
const BASE_BACKOFF_MS = 5 * 60 * 1000;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/**
 * A row being sent is "leased" by pushing nextAttemptAt this far ahead, so two deliverers
 * (the inline attempt after a form submission and the scheduled run) never send it twice,
 * and a deliverer that dies mid-send leaves the row to be retried after the lease.
 */
export const SEND_LEASE_MS = 10 * 60 * 1000;
const DEFAULT_BATCH = 50;
/** Functions have a short lifetime (scheduled ones 30 s); no new send starts after this. */
const DEFAULT_BUDGET_MS = 20_000;
const MAX_ERROR_LENGTH = 1000;
/** Why a row failed for good when one of its secrets cannot be opened. */
export const UNOPENABLE_REASON =
  'Not sent: a link in it cannot be opened (sealed with another SESSION_SECRET). The person can ask for a new one.';

/** Delay before the next attempt after `attempts` failures (1 → 5 min, 2 → 10 min, ... ≤ 6 h). */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** A UTF-8 text file (e.g. an .ics invitation) as an outbox attachment. */
export function textAttachment(
  filename: string,
  contentType: string,
  text: string,
): OutboxAttachment {
  return { filename, contentType, content: Buffer.from(text, 'utf8').toString('base64') };
}

/**
 * A calendar invitation (.ics text) as an outbox attachment that goes out as a real invitation:
 * nodemailer's `icalEvent` (a text/calendar alternative with METHOD, so Gmail and Outlook show
 * Accept/Decline) plus the same file attached for download.
 */
export function invitationAttachment(
  filename: string,
  method: 'REQUEST' | 'CANCEL',
  ics: string,
): OutboxAttachment {
  return {
    ...textAttachment(filename, `text/calendar; charset=utf-8; method=${method}`, ics),
    invitation: method,
  };
}

/** The nodemailer message parts of a row's attachments. */
function attachmentParts(attachments: OutboxAttachment[]) {
  const invitation = attachments.find((a) => a.invitation);
  return {
    // nodemailer attaches the icalEvent's file itself; listing it again would send it twice.
    attachments: attachments
      .filter((a) => a !== invitation)
      .map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        encoding: 'base64' as const,
      })),
    ...(invitation?.invitation
      ? {
          icalEvent: {
            filename: invitation.filename,
            method: invitation.invitation,
            content: Buffer.from(invitation.content, 'base64').toString('utf8'),
          },
        }
      : {}),
  };
}

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

const mapValues = (headers: Record<string, string>, f: (v: string) => string) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, f(v)]));

/**
 * The row as its recipient gets it: the slots of its own secrets opened (a row queued before
 * slots opens its sealed words). Throws {@link UnopenableSecret}.
 */
function openedParts(row: OutboxEmail) {
  const open = (text: string, html = false) =>
    row.secrets ? openSlots(text, row.secrets, { html }) : openSealed(text, { html });
  return {
    text: open(row.text),
    html: open(row.html, true),
    ...(row.headers ? { headers: mapValues(row.headers, (v) => open(v)) } : {}),
  };
}

/** The row as it is kept once sent: no secret, and no recipient for an erasure notice. */
function sentCopy(row: OutboxEmail) {
  if (row.kind === ERASURE_NOTICE_KIND)
    return { to: RECIPIENT_ERASED, text: BODY_REMOVED, html: BODY_REMOVED, aboutEmails: [] };
  const kept = (text: string) => withoutSecrets(text, row.secrets);
  return {
    text: kept(row.text),
    html: kept(row.html),
    headers: row.headers && mapValues(row.headers, kept),
    secrets: {},
  };
}

/** What the admin reads of a row's text: every secret's slot as `placeholder`. */
export function shownWithoutSecrets(
  row: Pick<OutboxEmail, 'text' | 'secrets'>,
  placeholder?: string,
): string {
  return withoutSecrets(row.text, row.secrets as SealedSlots | null, placeholder);
}

/** A nodemailer SMTP transport for SMTP_URL, or undefined when e-mail is not configured. */
export async function smtpTransport(
  smtpUrl = readEnv().smtpUrl,
): Promise<MailTransport | undefined> {
  if (!smtpUrl) return undefined;
  const nodemailer = await import('nodemailer');
  // Short timeouts: delivery runs inside functions with a limited lifetime.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0] & {
    url: string;
  });
  // A failed send rejects sendMail (the row is retried); a transport may also emit 'error'
  // (a pooled one, or a socket dropped between messages), which must not end the process.
  transport.on('error', (error) => logError('SMTP transport error', error));
  return transport as unknown as MailTransport;
}

type DeliveryResult = { sent: number; retrying: number; failed: number; skipped: boolean };

type DeliverOptions = {
  /** Defaults to an SMTP transport for SMTP_URL; without one nothing is sent. */
  transport?: MailTransport;
  now?: Date;
  /** Most rows handled in one run. */
  limit?: number;
  /** Only these rows (the inline attempt right after a form submission). */
  ids?: number[];
  from?: string;
  /** Stop starting new sends after this many ms; unsent rows stay due for the next run. */
  budgetMs?: number;
};

/** Leases up to `limit` due rows; rows leased by another deliverer are skipped. */
async function claimDue(db: Db, now: Date, limit: number, ids?: number[]): Promise<OutboxEmail[]> {
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
      changes = row.secrets ? resealedSlotsOf(row.secrets, key) : resealedWordsOf(row, key);
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

function resealedSlotsOf(slots: SealedSlots, key?: SealingKeys): Partial<OutboxEmail> {
  const again = resealSlots(slots, key);
  return again ? { secrets: again } : {};
}

/** A row queued before slots: its sealed words stand in the text, the HTML and the headers. */
function resealedWordsOf(row: OutboxEmail, key?: SealingKeys): Partial<OutboxEmail> {
  const again = (text: string) => resealWords(text, key);
  const changes = {
    text: again(row.text),
    html: again(row.html),
    headers: row.headers && mapValues(row.headers, again),
  };
  const same =
    changes.text === row.text &&
    changes.html === row.html &&
    JSON.stringify(changes.headers) === JSON.stringify(row.headers);
  return same ? {} : changes;
}

/** Gives claimed but unsent rows back, due at once, without counting an attempt. */
async function release(db: Db, rows: OutboxEmail[], now: Date) {
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

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, MAX_ERROR_LENGTH) || 'Unknown delivery error';
}

/** Sends one claimed row and records the outcome. */
async function sendOne(
  db: Db,
  row: OutboxEmail,
  transport: MailTransport,
  from: string,
  now: Date,
): Promise<{ outcome: 'sent' | 'retrying' | 'failed'; unreachable: boolean }> {
  let opened: ReturnType<typeof openedParts>;
  try {
    opened = openedParts(row);
  } catch (error) {
    if (!(error instanceof UnopenableSecret)) throw error;
    // No retry would open it; the rest of the batch goes on.
    await db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: row.attempts + 1, lastError: UNOPENABLE_REASON })
      .where(eq(emailOutbox.id, row.id));
    return { outcome: 'failed', unreachable: false };
  }
  try {
    await transport.sendMail({
      from,
      to: row.to,
      subject: row.subject,
      ...opened,
      ...attachmentParts(row.attachments),
    });
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
    return { outcome: 'sent', unreachable: false };
  } catch (error) {
    const attempts = row.attempts + 1;
    const failed = attempts >= MAX_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set({
        attempts,
        lastError: describeError(error),
        status: failed ? 'failed' : 'pending',
        nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
      })
      .where(eq(emailOutbox.id, row.id));
    // An SMTP answer carries a response code; without one the server was not reached at all.
    const unreachable = !(error as { responseCode?: number } | null)?.responseCode;
    return { outcome: failed ? 'failed' : 'retrying', unreachable };
  }
}

/**
 * Sends the pending e-mails whose nextAttemptAt ≤ now. Never throws for a delivery failure:
 * failures are recorded on the row and retried later.
 */
export async function deliverDue(db: Db, options: DeliverOptions = {}): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0, skipped: false };
  const ownTransport = options.transport ? undefined : await smtpTransport();
  const transport = options.transport ?? ownTransport;
  if (!transport) return { ...result, skipped: true };
  const now = options.now ?? new Date();
  const from = options.from ?? readEnv().mailFrom;
  const started = Date.now();
  const budget = options.budgetMs ?? DEFAULT_BUDGET_MS;
  try {
    const rows = await claimDue(db, now, options.limit ?? DEFAULT_BATCH, options.ids);
    for (const [i, row] of rows.entries()) {
      // The first claimed row is always sent, so a slow claim cannot leave a run without progress.
      if (i > 0 && Date.now() - started > budget) {
        await release(db, rows.slice(i), now);
        break;
      }
      const { outcome, unreachable } = await sendOne(db, row, transport, from, now);
      result[outcome] += 1;
      // Every further send would wait for the same timeout; the next run tries again.
      if (unreachable) {
        await release(db, rows.slice(i + 1), now);
        break;
      }
    }
  } finally {
    ownTransport?.close?.();
  }
  return result;
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

/**
 * The admin panel's retry button: makes a pending or failed e-mail due now and attempts it
 * once (when SMTP is configured). A failed row that fails again stays 'failed'. Returns the
 * row afterwards, or undefined when there is no such row or it was already sent.
 */
export async function retryEmail(
  db: Db,
  id: number,
  options: Omit<DeliverOptions, 'ids' | 'limit'> = {},
): Promise<OutboxEmail | undefined> {
  const now = options.now ?? new Date();
  const [requeued] = await db
    .update(emailOutbox)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['pending', 'failed'])))
    .returning();
  if (!requeued) return undefined;
  await deliverDue(db, { ...options, now, ids: [id], limit: 1 });
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

/**
 * Tries to send freshly enqueued rows without delaying or failing the caller's response:
 * on Netlify the attempt continues after the response through `context.waitUntil`.
 * Anything not sent stays in the outbox for the scheduled function.
 */
export function deliverInBackground(db: Db, ids: number[], context?: unknown): Promise<void> {
  const attempt = deliverDue(db, { ids })
    .then(() => undefined)
    .catch((error: unknown) => logError('Outbox delivery attempt failed', error));
  const waitUntil = (context as { waitUntil?: (p: Promise<unknown>) => void } | undefined)
    ?.waitUntil;
  if (typeof waitUntil === 'function') waitUntil.call(context, attempt);
  return attempt;
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
