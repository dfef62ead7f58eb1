import type { Db } from '../db/client.ts';
import { readEnv } from '../env.ts';
import { logError } from '../log.ts';
import { attachmentParts } from './attachments.ts';
import {
  claimDue,
  findOutboxEmail,
  markAttemptFailed,
  markSent,
  markUnopenable,
  releaseClaimed,
  requeueEmail,
  type OutboxEmail,
} from './outbox.ts';
import { openedParts } from './outbox-secrets.ts';
import { UnopenableSecret } from './sealed.ts';
import { smtpTransport, type MailTransport } from './smtp-transport.ts';

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

const DEFAULT_BATCH = 50;
/** Functions have a short lifetime (scheduled ones 30 s); no new send starts after this. */
const DEFAULT_BUDGET_MS = 20_000;

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
    await markUnopenable(db, row);
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
    await markSent(db, row);
    return { outcome: 'sent', unreachable: false };
  } catch (error) {
    const failed = await markAttemptFailed(db, row, error, now);
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
        await releaseClaimed(db, rows.slice(i), now);
        break;
      }
      const { outcome, unreachable } = await sendOne(db, row, transport, from, now);
      result[outcome] += 1;
      // Every further send would wait for the same timeout; the next run tries again.
      if (unreachable) {
        await releaseClaimed(db, rows.slice(i + 1), now);
        break;
      }
    }
  } finally {
    ownTransport?.close?.();
  }
  return result;
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
  if (!(await requeueEmail(db, id, now))) return undefined;
  await deliverDue(db, { ...options, now, ids: [id], limit: 1 });
  return (await findOutboxEmail(db, id)) ?? undefined;
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
