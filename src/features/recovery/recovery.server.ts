/**
 * Checkout recovery, the feature's front door: the one reminder an abandoned checkout may get
 * (decided when the provider reports the expiry, queued in the outbox an hour later, withdrawn
 * when the buyer pays first), the unsubscribe link that stops every future reminder, and the
 * overview's figures. The checkout feature calls it with what it knows of the session; this
 * feature never reads the checkout's table. Tables: checkout-reminders.server.ts,
 * reminder-opt-outs.server.ts.
 */
import { getDb, type Db } from '../../server/db/client.ts';
import type { CheckoutSession } from '../../server/db/schema.ts';
import { weekStart, type WeeklySum } from '../../server/db/weekly.ts';
import { ConfigurationError, readEnv } from '../../server/env.ts';
import { cancelEmails, enqueueEmail, sentAmong } from '../../server/mail/outbox.ts';
import { MessageSecrets } from '../../server/mail/sealed.ts';
import { hit, type RateLimit } from '../../server/rate-limit.ts';
import { paidOrderSince } from '../orders/orders.server.ts';
import { recentSince, reminderDecision, REMINDERS_PER_DAY, type NoReminder } from './recovery.ts';
import {
  attachReminderEmail,
  claimReminder,
  hasReminder,
  lockAddress,
  remindedSince,
  markWithdrawn,
  remindersNotWithdrawn,
  remindersSince,
} from './checkout-reminders.server.ts';
import { hasOptedOut, recordOptOut } from './reminder-opt-outs.server.ts';
import { checkoutReminderEmail } from './recovery-emails.tsx';
import {
  addressHash,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from './unsubscribe-tokens.server.ts';

export {
  cappedRemindersByWeek,
  personalData as checkoutRemindersPersonalData,
} from './checkout-reminders.server.ts';
import { logWarn } from '../../server/log.ts';
export { personalData as reminderOptOutsPersonalData } from './reminder-opt-outs.server.ts';
export { REMINDER_DELAY_MS, REMIND_AT_MOST_EVERY_DAYS, REMINDERS_PER_DAY } from './recovery.ts';
export { addressHash as reminderAddressHash } from './unsubscribe-tokens.server.ts';

/** The site-wide daily cap as a counter (fixed UTC days), as the CRM's daily cap counts. */
export const REMINDER_DAILY_CAP: RateLimit = {
  limit: REMINDERS_PER_DAY,
  windowSeconds: 24 * 60 * 60,
};
export const REMINDER_DAILY_CAP_KEY = 'checkout-reminders:day';

/** The outbox kind of a reminder (the admin's outbox list shows it). */
export const CHECKOUT_REMINDER_KIND = 'checkout.reminder';
/** The one-click unsubscribe endpoint (GET shows a confirm button, POST records it). */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

export async function unsubscribeUrl(db: Db, siteUrl: string, email: string): Promise<string> {
  const url = new URL(UNSUBSCRIBE_PATH, siteUrl);
  url.searchParams.set('token', await unsubscribeToken(db, email));
  return url.toString();
}

/** An expired checkout as the checkout feature knows it once the provider closed it. */
export type ExpiredCheckout = Pick<
  CheckoutSession,
  'id' | 'createdAt' | 'lines' | 'amountTotalCents' | 'customerEmail' | 'promotionsConsent'
> & {
  /** The provider's link that opens a new session with the same contents. */
  recoveryUrl: string | null;
  /** Set when this session was itself opened by a recovery link. */
  recoveredFrom: string | null;
  expiredAt: Date;
};

export type ReminderOutcome =
  | { queued: true; emailId: number; dueAt: Date }
  | { queued: false; reason: NoReminder | 'already-decided' | 'daily-cap' };

/**
 * Decides and, when the rules allow, queues the checkout's one reminder, inside the caller's
 * transaction (the one that marks the session expired). Idempotent per checkout session: the
 * reminder is claimed in checkout_reminders before it is queued, so a replayed or concurrent
 * expiry queues it once. Past the day's cap (REMINDERS_PER_DAY) the claim records that none
 * was queued, for the overview; that decision stands too.
 */
export async function remindAbandonedCheckout(
  tx: Db,
  checkout: ExpiredCheckout,
  { now = new Date(), siteUrl = readEnv().siteUrl } = {},
): Promise<ReminderOutcome> {
  const email = checkout.customerEmail;
  const hash = email ? await addressHash(tx, email) : null;
  if (hash) await lockAddress(tx, hash);
  // This expiry was reported before (another event id, the sweep): its decision stands.
  if (await hasReminder(tx, checkout.id)) return { queued: false, reason: 'already-decided' };
  const decision = reminderDecision(
    {
      consent: checkout.promotionsConsent,
      email,
      recoveryUrl: checkout.recoveryUrl,
      recovered: checkout.recoveredFrom !== null,
      unsubscribed: hash ? await hasOptedOut(tx, hash) : false,
      paidSince: email ? await paidOrderSince(tx, email, checkout.createdAt) : false,
      remindedRecently: hash ? await remindedSince(tx, hash, recentSince(now)) : false,
    },
    checkout.expiredAt,
  );
  if (!decision.remind) return { queued: false, reason: decision.reason };
  if (!email || !hash || !checkout.recoveryUrl) return { queued: false, reason: 'no-email' };
  const capped = !(await hit(tx, REMINDER_DAILY_CAP_KEY, REMINDER_DAILY_CAP, now)).allowed;
  const claimed = await claimReminder(tx, {
    checkoutSessionId: checkout.id,
    addressHash: hash,
    dueAt: decision.dueAt,
    now,
    capped,
  });
  if (!claimed) return { queued: false, reason: 'already-decided' };
  if (capped) {
    logWarn(`Checkout reminder not queued: ${REMINDERS_PER_DAY} were queued today already`);
    return { queued: false, reason: 'daily-cap' };
  }
  const secrets = new MessageSecrets();
  const sealedUnsubscribe = secrets.slot(await unsubscribeUrl(tx, siteUrl, email));
  const content = checkoutReminderEmail({
    lines: checkout.lines,
    amountCents: checkout.amountTotalCents,
    recoveryUrl: secrets.slot(checkout.recoveryUrl),
    unsubscribeUrl: sealedUnsubscribe,
  });
  const row = await enqueueEmail(
    tx,
    {
      kind: CHECKOUT_REMINDER_KIND,
      to: email,
      about: { emails: [email] },
      secrets,
      ...content,
      // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to the link.
      headers: {
        'List-Unsubscribe': `<${sealedUnsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      sendAt: decision.dueAt,
    },
    now,
  );
  await attachReminderEmail(tx, checkout.id, row.id);
  return { queued: true, emailId: row.id, dueAt: decision.dueAt };
}

/**
 * The buyer paid: every reminder of theirs that has not left is withdrawn (the reminder row
 * and its outbox e-mail), for these sessions (the paid one and the one it was recovered from)
 * and for the address. Runs in the order's transaction. Answers how many were withdrawn.
 */
export async function withdrawRemindersOnPayment(
  tx: Db,
  {
    email,
    sessionIds,
    now = new Date(),
  }: { email: string | null; sessionIds: string[]; now?: Date },
): Promise<number> {
  const reminders = await remindersNotWithdrawn(tx, {
    sessionIds,
    hash: email ? await addressHash(tx, email) : null,
  });
  // Only e-mails still pending are withdrawn; one already sent stays a sent reminder.
  const canceled = await cancelEmails(
    tx,
    reminders.flatMap((r) => (r.outboxEmailId === null ? [] : [r.outboxEmailId])),
  );
  return markWithdrawn(tx, canceled, now);
}

/** The unsubscribe link: records the address's hash; false for a token that is not ours. */
export async function unsubscribe(db: Db, token: string, now = new Date()): Promise<boolean> {
  const hash = await verifyUnsubscribeToken(db, token);
  if (!hash) return false;
  await recordOptOut(db, hash, now);
  return true;
}

/**
 * Whether the token is one of ours (the confirm page shows its button only then), or
 * 'unavailable' while the links' key cannot be opened (SESSION_SECRET changed without
 * SESSION_SECRET_PREVIOUS: docs/secrets.md).
 */
export async function unsubscribeTokenState(
  token: string,
  db?: Db,
): Promise<'valid' | 'invalid' | 'unavailable'> {
  try {
    const hash = await verifyUnsubscribeToken(db ?? (await getDb()), token);
    return hash ? 'valid' : 'invalid';
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(`[configuration] ${error.message}`);
    return 'unavailable';
  }
}

/** Reminders that left since `since`, per week they were sent (the overview). */
export async function remindersSentByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  // Queued up to an hour before they leave, so a week earlier covers every one sent since.
  const queued = await remindersSince(db, new Date(since.getTime() - 7 * 24 * 60 * 60 * 1000));
  const sent = await sentAmong(
    db,
    queued.flatMap((r) => (r.outboxEmailId === null ? [] : [r.outboxEmailId])),
  );
  const weeks = new Map<string, WeeklySum>();
  for (const at of sent.values()) {
    if (at < since) continue;
    const week = mondayOf(at);
    const seen = weeks.get(week) ?? { week, count: 0, cents: 0 };
    weeks.set(week, { ...seen, count: seen.count + 1 });
  }
  return [...weeks.values()];
}

function mondayOf(date: Date): string {
  return weekStart(date).toISOString().slice(0, 10);
}
