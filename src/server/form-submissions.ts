/**
 * What every visitor form's submission shares on the server: the per-address limit, the
 * options a submission takes, what it answers, and the function handler of the forms that
 * store a row and queue its e-mails (contact, meeting). Each feature brings its schema, its
 * table owner and its e-mails.
 */
import { getDb, type Db } from './db/client.ts';
import type { FormPages } from '../lib/native-form.ts';
import { answeringNativePosts, readFormBody } from './form-posts.ts';
import { clientIp } from './client-address.ts';
import { handler, type Handler } from './handler.ts';
import { json } from './responses.ts';
import { assertSameOrigin } from './same-origin.ts';
import { readEnv } from './env.ts';
import { deliverInBackground } from './mail/delivery.ts';
import { enqueueEmail, type EmailInput } from './mail/outbox.ts';
import { enforce, hit, type RateLimit } from './rate-limit.ts';
import { privateDigest } from './tokens.ts';

/**
 * Requests without a client address share one counter, so it allows far more. On Netlify
 * every request carries its address (`context.ip`); only a caller of the function that sets
 * none, such as a test or another host, lacks one.
 */
const SHARED_ADDRESS_LIMIT: RateLimit = { limit: 100, windowSeconds: 10 * 60 };

/**
 * The app's limit per client address on a visitor form that stores what it is sent (contact,
 * meeting, client onboarding); the function's Netlify rateLimit guards the edge.
 */
export const VISITOR_FORM_LIMIT: RateLimit = { limit: 10, windowSeconds: 10 * 60 };

export type SubmitOptions = {
  /** The client address the app limit counts by. */
  ip: string;
  /** The app limit; `false` turns it off (used by the property tests). */
  rateLimit?: RateLimit | false | undefined;
  now?: Date;
};

/** A stored submission under its own name (null for a honeypot: nothing stored), and its e-mails. */
export type Submitted<Name extends string, Row> = { [key in Name]: Row | null } & {
  /** Outbox rows queued with it, to deliver after the answer. */
  emailIds: number[];
};

/**
 * Receipts to one typed address a day, across the visitor forms: the address is unproven, so
 * without a cap anyone could fill a stranger's inbox from many client addresses. Past it the
 * submission is still stored and the team still told; only the receipt is left out. Not while
 * payments are simulated: mail then reaches only this machine (env.ts `onThisMachine`), and
 * test runs send many receipts to one address.
 */
export const RECEIPTS_PER_ADDRESS: RateLimit = { limit: 5, windowSeconds: 24 * 60 * 60 };

/** An e-mail about a submission, without its recipient: both concern the visitor. */
type SubmissionEmail = Omit<EmailInput, 'to' | 'about'>;

/**
 * Stores a submission and queues the team's notice and the visitor's receipt (to the address
 * the visitor typed) in one transaction, so a success answer always means the row is saved.
 */
function storeWithEmails<Row extends { email: string }>(
  db: Db,
  store: (tx: Db) => Promise<Row>,
  emails: (row: Row) => { team: SubmissionEmail; receipt: SubmissionEmail },
): Promise<{ row: Row; emailIds: number[] }> {
  const { teamEmail, simulatedPayments } = readEnv();
  return db.transaction(async (tx) => {
    const row = await store(tx);
    const { team, receipt } = emails(row);
    const about = { emails: [row.email] };
    const queued = [await enqueueEmail(tx, { ...team, to: teamEmail, about })];
    if (simulatedPayments || (await receiptAllowed(tx, row.email)))
      queued.push(await enqueueEmail(tx, { ...receipt, to: row.email, about }));
    return { row, emailIds: queued.map((e) => e.id) };
  });
}

/** Counts a receipt to `email`; keyed by a keyed digest, so no typed address is stored. */
async function receiptAllowed(tx: Db, email: string): Promise<boolean> {
  const key = `receipt:${privateDigest(email.trim().toLowerCase())}`;
  return (await hit(tx, key, RECEIPTS_PER_ADDRESS)).allowed;
}

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

/**
 * A 4xx answer as `{ success: false, message, error }` for forms whose island reads `message`
 * (a refused method keeps the plain error).
 */
function withFailureMessage(inner: Handler): Handler {
  return async (req, context) => {
    const response = await inner(req, context);
    if (response.status < 400 || response.status >= 500 || response.status === 405) {
      return response;
    }
    const { error } = (await response.json()) as { error: string };
    return new Response(JSON.stringify({ success: false, message: error, error }), {
      status: response.status,
      headers: response.headers,
    });
  };
}

/**
 * POST handler of a form that stores its submission: same-origin check, the body (JSON or a
 * browser's own post), `submit`, then `{ success: true, message }`. The answer does not wait
 * for SMTP; whatever is not sent now stays queued. `rateLimit` replaces the app limit (`false`
 * for the property tests, which send thousands of bodies from one address).
 */
function formSubmissionHandler(
  form: FormPages,
  submit: (db: Db, body: unknown, options: SubmitOptions) => Promise<{ emailIds: number[] }>,
  successMessage: string,
  options: {
    rateLimit?: RateLimit | false;
    failureMessage?: boolean | undefined;
    onStored?: OnStored | undefined;
  } = {},
): Handler {
  const answer = handler(['POST'], async (req, context) => {
    assertSameOrigin(req);
    const body = await readFormBody(req);
    const db = await getDb();
    const { emailIds } = await submit(db, body, {
      ip: clientIp(context),
      rateLimit: options.rateLimit,
    });
    // A stored submission always queues its e-mails; a honeypot's queues none.
    if (emailIds.length) await options.onStored?.(db, req);
    if (emailIds.length) void deliverInBackground(db, emailIds, context);
    return json({ success: true, message: successMessage });
  });
  return answeringNativePosts(form, options.failureMessage ? withFailureMessage(answer) : answer);
}

/** Work after a form was stored, given the visitor's request; it must not throw. */
export type OnStored = (db: Db, visitor: Request) => Promise<void>;

/**
 * A form that stores what the visitor typed and queues the team's notice and the visitor's
 * receipt (contact, meeting): `submit` validates with the form's schema (`now` is its today),
 * counts the address against the app limit, answers a filled honeypot (`website`) like a
 * success without storing or sending anything, then stores the fields (less the honeypot)
 * and queues both e-mails in one transaction. `handler` is its function's POST handler
 * (`rateLimit` replaces the app limit; `false` turns it off).
 */
export function storedForm<
  Name extends string,
  Input extends { website?: string | undefined },
  Row extends { email: string },
>(form: {
  pages: FormPages;
  /** The stored row's key in what `submit` answers. */
  key: Name;
  /** The counter's name in the app's rate limit (VISITOR_FORM_LIMIT). */
  limitName: string;
  parse: (body: unknown, now: Date) => Input;
  store: (tx: Db, fields: Omit<Input, 'website'>) => Promise<Row>;
  emails: (row: Row, now: Date) => { team: SubmissionEmail; receipt: SubmissionEmail };
  successMessage: string;
  /** 4xx answers as `{ success: false, message, error }` (the island reads `message`). */
  failureMessage?: boolean;
  /** Runs after a submission was stored through the handler (the insights count it). */
  onStored?: OnStored;
}) {
  async function submit(
    db: Db,
    body: unknown,
    options: SubmitOptions,
  ): Promise<Submitted<Name, Row>> {
    const now = options.now ?? new Date();
    const { website, ...fields } = form.parse(body, now);
    await enforceFormLimit(db, form.limitName, { ...options, now }, VISITOR_FORM_LIMIT);
    if (website) return { [form.key]: null, emailIds: [] } as Submitted<Name, Row>;
    const { row, emailIds } = await storeWithEmails(
      db,
      (tx) => form.store(tx, fields),
      (row) => form.emails(row, now),
    );
    return { [form.key]: row, emailIds } as Submitted<Name, Row>;
  }
  const handler = (options: { rateLimit?: RateLimit | false } = {}) =>
    formSubmissionHandler(form.pages, submit, form.successMessage, {
      ...options,
      failureMessage: form.failureMessage,
      onStored: form.onStored,
    });
  return { submit, handler };
}
