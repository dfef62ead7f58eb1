/**
 * Checkout recovery rules (pure): whether an abandoned checkout gets its one reminder, and
 * when. A careful shop owner's rules: only with the buyer's consent, never twice for one
 * checkout, never within a week of another reminder, never after an unsubscribe or a payment.
 */

/** The reminder leaves this long after the session expired (the scheduled outbox sends it). */
export const REMINDER_DELAY_MS = 60 * 60 * 1000;
/** An address gets at most one reminder in this many days, whatever it abandons. */
export const REMIND_AT_MOST_EVERY_DAYS = 7;

/** What is known about an expired checkout when its reminder is decided. */
export type ReminderFacts = {
  consent: 'opt_in' | 'opt_out' | null | undefined;
  email: string | null | undefined;
  recoveryUrl: string | null | undefined;
  /** The session was itself opened by a recovery link: its attempt had its reminder. */
  recovered: boolean;
  /** The address asked for no more reminders. */
  unsubscribed: boolean;
  /** The address paid an order since this checkout started (in another session). */
  paidSince: boolean;
  /** The address got a reminder in the last REMIND_AT_MOST_EVERY_DAYS days. */
  remindedRecently: boolean;
};

export type NoReminder =
  | 'no-consent'
  | 'no-email'
  | 'no-recovery-link'
  | 'recovered'
  | 'unsubscribed'
  | 'paid'
  | 'reminded-recently';

export type ReminderDecision =
  { remind: true; dueAt: Date } | { remind: false; reason: NoReminder };

/** The decision for one expired checkout; the first reason that holds is the answer. */
export function reminderDecision(facts: ReminderFacts, expiredAt: Date): ReminderDecision {
  // Only an explicit tick counts: Stripe leaves consent null where it did not ask.
  if (facts.consent !== 'opt_in') return { remind: false, reason: 'no-consent' };
  if (!facts.email) return { remind: false, reason: 'no-email' };
  if (!facts.recoveryUrl) return { remind: false, reason: 'no-recovery-link' };
  // One reminder per checkout attempt: a recovered session that lapses again gets none.
  if (facts.recovered) return { remind: false, reason: 'recovered' };
  if (facts.unsubscribed) return { remind: false, reason: 'unsubscribed' };
  if (facts.paidSince) return { remind: false, reason: 'paid' };
  if (facts.remindedRecently) return { remind: false, reason: 'reminded-recently' };
  return { remind: true, dueAt: new Date(expiredAt.getTime() + REMINDER_DELAY_MS) };
}

/** The moment before which a reminder no longer counts as recent. */
export function recentSince(now: Date): Date {
  return new Date(now.getTime() - REMIND_AT_MOST_EVERY_DAYS * 24 * 60 * 60 * 1000);
}
