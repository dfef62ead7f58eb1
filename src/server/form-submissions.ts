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

// On Netlify every request carries its address; only a caller that sets none (a test) lacks one.
const SHARED_ADDRESS_LIMIT: RateLimit = { limit: 100, windowSeconds: 10 * 60 };

// The function's Netlify rateLimit guards the edge; this is the app's own limit.
export const VISITOR_FORM_LIMIT: RateLimit = { limit: 10, windowSeconds: 10 * 60 };

export type SubmitOptions = {
  ip: string;
  rateLimit?: RateLimit | false | undefined;
  now?: Date;
};

export type Submitted<Name extends string, Row> = { [key in Name]: Row | null } & {
  emailIds: number[];
};

// The typed address is unproven: without a cap anyone could fill a stranger's inbox. Not while
// payments are simulated: mail then reaches only this machine, and tests send many receipts.
export const RECEIPTS_PER_ADDRESS: RateLimit = { limit: 5, windowSeconds: 24 * 60 * 60 };

type SubmissionEmail = Omit<EmailInput, 'to' | 'about'>;

// One transaction, so a success answer always means the row is saved.
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

// A keyed digest, so no typed address is stored.
async function receiptAllowed(tx: Db, email: string): Promise<boolean> {
  const key = `receipt:${privateDigest(email.trim().toLowerCase())}`;
  return (await hit(tx, key, RECEIPTS_PER_ADDRESS)).allowed;
}

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

// The answer does not wait for SMTP; whatever is not sent now stays queued.
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
    if (emailIds.length) await options.onStored?.(db, req);
    if (emailIds.length) void deliverInBackground(db, emailIds, context);
    return json({ success: true, message: successMessage });
  });
  return answeringNativePosts(form, options.failureMessage ? withFailureMessage(answer) : answer);
}

export type OnStored = (db: Db, visitor: Request) => Promise<void>;

// A filled honeypot (`website`) is answered like a success without storing or sending anything.
export function storedForm<
  Name extends string,
  Input extends { website?: string | undefined },
  Row extends { email: string },
>(form: {
  pages: FormPages;
  key: Name;
  limitName: string;
  parse: (body: unknown, now: Date) => Input;
  store: (tx: Db, fields: Omit<Input, 'website'>) => Promise<Row>;
  emails: (row: Row, now: Date) => { team: SubmissionEmail; receipt: SubmissionEmail };
  successMessage: string;
  failureMessage?: boolean;
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
