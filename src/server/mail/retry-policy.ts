import type { OutboxEmail } from '../db/schema.ts';

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
const MAX_ERROR_LENGTH = 1000;
/** Why a row failed for good when one of its secrets cannot be opened. */
export const UNOPENABLE_REASON =
  'Not sent: a link in it cannot be opened (sealed with another SESSION_SECRET). The person can ask for a new one.';

/** Delay before the next attempt after `attempts` failures (1 → 5 min, 2 → 10 min, ... ≤ 6 h). */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, MAX_ERROR_LENGTH) || 'Unknown delivery error';
}

/** What a failed attempt leaves on the row: retried after the backoff, or failed for good. */
export function afterFailedAttempt(row: Pick<OutboxEmail, 'attempts'>, error: unknown, now: Date) {
  const attempts = row.attempts + 1;
  return {
    attempts,
    lastError: describeError(error),
    status: attempts >= MAX_ATTEMPTS ? ('failed' as const) : ('pending' as const),
    nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
  };
}
