// Only with consent, never twice per checkout, never within a week of another reminder, never after
// an unsubscribe or a payment.

export const REMINDER_DELAY_MS = 60 * 60 * 1000;
export const REMIND_AT_MOST_EVERY_DAYS = 7;
/** Anyone can type any address at checkout and tick the box: what slips past stays bounded. */
export const REMINDERS_PER_DAY = 200;

const HOUR_MS = 60 * 60 * 1000;
const delayInWords =
  REMINDER_DELAY_MS === HOUR_MS ? 'an hour' : `${REMINDER_DELAY_MS / HOUR_MS} hours`;

/** The policy's words in these rules' numbers; recovery.test.ts fails when the policy differs. */
export const REMINDER_POLICY =
  `We send a reminder about a checkout you left unpaid only if you ticked the box for news and ` +
  `offers at that checkout: one e-mail, ${delayInWords} after the checkout expires, with a link ` +
  `back to it and a one-click unsubscribe link. You get at most one reminder in ` +
  `${REMIND_AT_MOST_EVERY_DAYS} days, none if you paid in the meantime or unsubscribed, and ` +
  `none for a checkout you opened from a reminder; we send at most ${REMINDERS_PER_DAY} ` +
  `reminders a day in all, so yours may not be sent.`;

export type ReminderFacts = {
  consent: 'opt_in' | 'opt_out' | null | undefined;
  email: string | null | undefined;
  recoveryUrl: string | null | undefined;
  recovered: boolean;
  unsubscribed: boolean;
  paidSince: boolean;
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

export function recentSince(now: Date): Date {
  return new Date(now.getTime() - REMIND_AT_MOST_EVERY_DAYS * 24 * 60 * 60 * 1000);
}
