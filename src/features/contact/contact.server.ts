/**
 * Contact messages on the server: validate with the form's schema, rate-limit per client
 * address, drop honeypot submissions, then store the message and queue both e-mails in one
 * transaction, so a success answer always means the message is saved.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import {
  createdWithin,
  listPage,
  searchCondition,
  type Listed,
  type ListFilter,
  type PageRequest,
} from '../../server/db/list-query.ts';
import { contactMessages, type ContactMessage } from '../../server/db/schema.ts';
import { talliesOf } from '../../server/db/tallies.ts';
import { weeklySums, type WeeklySum } from '../../server/db/weekly.ts';
import { readEnv } from '../../server/env.ts';
import { getDb } from '../../server/db/client.ts';
import { answeringNativePosts, readFormBody } from '../../server/form-posts.ts';
import { assertSameOrigin, clientIp, handler, json } from '../../server/http.ts';
import { deliverInBackground, enqueueEmail } from '../../server/mail/outbox.ts';
import { contactReceiptEmail, contactTeamEmail } from './contact-emails.tsx';
import { enforce, type RateLimit } from '../../server/rate-limit.ts';
import { CONTACT_FORM_PAGES, CONTACT_SUCCESS, contactSchema } from './contact.ts';

/** Per client address, in the app (the function's Netlify rateLimit guards the edge). */
export const CONTACT_RATE_LIMIT: RateLimit = { limit: 10, windowSeconds: 10 * 60 };

/**
 * Requests without a client address share one counter, so it allows far more. On Netlify
 * every request carries its address (`context.ip`); only a caller of the function that sets
 * none, such as a test or another host, lacks one.
 */
export const SHARED_ADDRESS_LIMIT: RateLimit = { limit: 100, windowSeconds: 10 * 60 };

export type SubmitOptions = {
  /** The client address the app limit counts by. */
  ip: string;
  /** The app limit; `false` turns it off (used by the property tests). */
  rateLimit?: RateLimit | false;
  now?: Date;
};

/** The app's per-address limit for one form; throws a readable 429 when it is exceeded. */
export async function enforceFormLimit(
  db: Db,
  form: string,
  options: SubmitOptions,
  rule: RateLimit,
) {
  if (options.rateLimit === false) return;
  const ip = options.ip.trim();
  const limit = options.rateLimit ?? (ip ? rule : SHARED_ADDRESS_LIMIT);
  await enforce(db, `${form}:${ip || 'unknown'}`, limit, options.now);
}

export type ContactResult = {
  /** The stored message, or null for a honeypot submission (nothing stored). */
  message: ContactMessage | null;
  /** Outbox rows queued for this message. */
  emailIds: number[];
};

export async function submitContactMessage(
  db: Db,
  body: unknown,
  options: SubmitOptions,
): Promise<ContactResult> {
  const input = contactSchema.parse(body);
  await enforceFormLimit(db, 'contact-form', options, CONTACT_RATE_LIMIT);
  if (input.website) return { message: null, emailIds: [] };

  const { teamEmail } = readEnv();
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        message: input.message,
        formType: input.formType,
      })
      .returning();
    if (!message) throw new Error('Storing the contact message returned no row');
    const team = await enqueueEmail(tx as unknown as Db, {
      kind: 'contact.team',
      to: teamEmail,
      ...contactTeamEmail(message),
    });
    const receipt = await enqueueEmail(tx as unknown as Db, {
      kind: 'contact.receipt',
      to: message.email,
      ...contactReceiptEmail(message),
    });
    return { message, emailIds: [team.id, receipt.id] };
  });
}

/**
 * The /api/contact-form handler. `rateLimit` replaces the app limit (`false` turns it off for
 * the property tests, which send thousands of bodies from one address).
 */
export function contactFormHandler(options: { rateLimit?: RateLimit | false } = {}) {
  return answeringNativePosts(
    CONTACT_FORM_PAGES,
    handler(['POST'], async (req, context) => {
      assertSameOrigin(req);
      const body = await readFormBody(req);
      const db = await getDb();
      const { emailIds } = await submitContactMessage(db, body, {
        ip: clientIp(context),
        ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
      });
      // The answer does not wait for SMTP; whatever is not sent now stays queued.
      if (emailIds.length) void deliverInBackground(db, emailIds, context);
      return json({ success: true, message: CONTACT_SUCCESS.description });
    }),
  );
}

/* The contact_messages table: this module is its only reader and writer. */

export type ContactStatus = ContactMessage['status'];

export async function listContactMessages(
  db: Db,
  filter: ListFilter,
  page: PageRequest,
): Promise<Listed<ContactMessage>> {
  const t = contactMessages;
  const where = and(
    searchCondition(filter.q, t.searchText),
    filter.status ? eq(t.status, filter.status as ContactStatus) : undefined,
    ...createdWithin(t.createdAt, filter),
  );
  return listPage(db, t, where, { at: t.createdAt, id: t.id }, page);
}

/** Marks a message handled (or new again); null when there is no such message. */
export async function setContactMessageStatus(
  db: Db,
  id: number,
  status: ContactStatus,
  now = new Date(),
): Promise<ContactMessage | null> {
  const [row] = await db
    .update(contactMessages)
    .set({ status, handledAt: status === 'handled' ? now : null })
    .where(eq(contactMessages.id, id))
    .returning();
  return row ?? null;
}

export async function contactMessageCounts(db: Db): Promise<{ total: number; new: number }> {
  // The database keeps the count per status (src/server/db/tallies.ts).
  const tallies = await talliesOf(db, 'contact_messages');
  return {
    total: tallies.reduce((sum, t) => sum + t.rows, 0),
    new: tallies.find((t) => t.bucket === 'new')?.rows ?? 0,
  };
}

/** Contact messages received since `since`, per week (the overview's leads chart). */
export function contactMessagesByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(db, contactMessages, contactMessages.createdAt, since);
}

/** Ids of the stored messages identical to this submission (the test mode's stored check). */
export async function findContactMessageIds(
  db: Db,
  m: Pick<ContactMessage, 'name' | 'email' | 'message'>,
): Promise<number[]> {
  const rows = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.email, m.email),
        eq(contactMessages.name, m.name),
        eq(contactMessages.message, m.message),
      ),
    );
  return rows.map((r) => r.id);
}
