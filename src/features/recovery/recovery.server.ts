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

export { cappedRemindersByWeek } from './checkout-reminders.server.ts';
import { logWarn } from '../../server/log.ts';
export { REMINDER_DELAY_MS, REMINDERS_PER_DAY } from './recovery.ts';
export { addressHash as reminderAddressHash } from './unsubscribe-tokens.server.ts';

/** The site-wide daily cap as a counter (fixed UTC days), as the CRM's daily cap counts. */
export const REMINDER_DAILY_CAP: RateLimit = {
  limit: REMINDERS_PER_DAY,
  windowSeconds: 24 * 60 * 60,
};
export const REMINDER_DAILY_CAP_KEY = 'checkout-reminders:day';

export const CHECKOUT_REMINDER_KIND = 'checkout.reminder';
export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

export async function unsubscribeUrl(db: Db, siteUrl: string, email: string): Promise<string> {
  const url = new URL(UNSUBSCRIBE_PATH, siteUrl);
  url.searchParams.set('token', await unsubscribeToken(db, email));
  return url.toString();
}

export type ExpiredCheckout = Pick<
  CheckoutSession,
  'id' | 'createdAt' | 'lines' | 'amountTotalCents' | 'customerEmail' | 'promotionsConsent'
> & {
  recoveryUrl: string | null;
  recoveredFrom: string | null;
  expiredAt: Date;
};

export type ReminderOutcome =
  | { queued: true; emailId: number; dueAt: Date }
  | { queued: false; reason: NoReminder | 'already-decided' | 'daily-cap' };

// Claimed in checkout_reminders before it is queued, so a replayed or concurrent expiry queues it
// once; past the day's cap the claim records that none was queued.
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

export async function unsubscribe(db: Db, token: string, now = new Date()): Promise<boolean> {
  const hash = await verifyUnsubscribeToken(db, token);
  if (!hash) return false;
  await recordOptOut(db, hash, now);
  return true;
}

/** 'unavailable' while the links' key cannot be opened (docs/secrets.md). */
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
