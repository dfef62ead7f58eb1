import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  recentSince,
  REMIND_AT_MOST_EVERY_DAYS,
  REMINDER_DELAY_MS,
  REMINDER_POLICY,
  reminderDecision,
  REMINDERS_PER_DAY,
  type ReminderFacts,
} from './recovery';

const EXPIRED = new Date('2026-11-20T12:00:00Z');
const ALLOWED: ReminderFacts = {
  consent: 'opt_in',
  email: 'dana@example.com',
  recoveryUrl: 'https://checkout.stripe.com/c/pay/cs_test_x',
  recovered: false,
  unsubscribed: false,
  paidSince: false,
  remindedRecently: false,
};

describe('the reminder rules', () => {
  it('remind an hour after the expiry when the buyer ticked the box and gave an address', () => {
    expect(reminderDecision(ALLOWED, EXPIRED)).toEqual({
      remind: true,
      dueAt: new Date(EXPIRED.getTime() + REMINDER_DELAY_MS),
    });
    expect(REMINDER_DELAY_MS).toBe(60 * 60 * 1000);
  });

  it.each([
    [{ consent: 'opt_out' as const }, 'no-consent'],
    [{ consent: null }, 'no-consent'],
    [{ consent: undefined }, 'no-consent'],
    [{ email: null }, 'no-email'],
    [{ email: '' }, 'no-email'],
    [{ recoveryUrl: null }, 'no-recovery-link'],
    [{ recovered: true }, 'recovered'],
    [{ unsubscribed: true }, 'unsubscribed'],
    [{ paidSince: true }, 'paid'],
    [{ remindedRecently: true }, 'reminded-recently'],
  ])('never remind with %o', (facts, reason) => {
    expect(reminderDecision({ ...ALLOWED, ...facts }, EXPIRED)).toEqual({ remind: false, reason });
  });

  it('count a reminder as recent for 7 days', () => {
    expect(recentSince(EXPIRED)).toEqual(new Date('2026-11-13T12:00:00Z'));
  });
});

describe('the privacy policy', () => {
  const policy = readFileSync(
    path.resolve(import.meta.dirname, '../../content/pages/privacy-policy.md'),
    'utf8',
  )
    .replace(/^---[\s\S]*?\n---\n/, '')
    .replace(/\s+/g, ' ');

  it('says what a reminder is sent on, in the rules’ own numbers', () => {
    expect(policy).toContain(REMINDER_POLICY);
    expect(REMINDER_POLICY).toContain('only if you ticked the box for news and offers');
    expect(REMINDER_POLICY).toContain('one e-mail, an hour after the checkout expires');
    expect(REMINDER_POLICY).toContain(`at most one reminder in ${REMIND_AT_MOST_EVERY_DAYS} days`);
    expect(REMINDER_POLICY).toContain(`at most ${REMINDERS_PER_DAY} reminders a day`);
    expect(REMINDER_POLICY).toContain('one-click unsubscribe');
  });
});
