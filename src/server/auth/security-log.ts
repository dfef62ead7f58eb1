/**
 * The security log (its table's one owner): admin sign-ins and their failures, second-factor
 * changes, exports and erasures of personal data. An entry names the event, the admin account
 * and the IP address the request came from (kept 90 days, src/server/privacy/retention.ts),
 * never a password, a code, a customer's address or the personal data an erasure removed.
 */
import { desc, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { securityLog, type SecurityEvent } from '../db/schema.ts';

/** Every event the log knows; a new kind of entry is added here first. */
export const SECURITY_EVENTS = [
  'admin.password-accepted',
  'admin.password-refused',
  'admin.factor-verified',
  'admin.factor-refused',
  'admin.recovery-code-used',
  'admin.factor-enrolled',
  'admin.factor-removed',
  'admin.factors-reset',
  'admin.recovery-codes-renewed',
  'admin.step-up',
  'admin.signed-out',
  'data.exported',
  'person.exported',
  'person.erased',
  'privacy.purged',
] as const;
export type SecurityEventName = (typeof SECURITY_EVENTS)[number];

export type SecurityEventInput = {
  event: SecurityEventName;
  userId?: number | null | undefined;
  username?: string | null | undefined;
  ip?: string | null | undefined;
  /** Counts, ids, the method used: nothing that identifies a person outside the admin team. */
  detail?: Record<string, unknown> | undefined;
  at?: Date | undefined;
};

export async function recordSecurityEvent(db: Db, input: SecurityEventInput): Promise<void> {
  await db.insert(securityLog).values({
    event: input.event,
    userId: input.userId ?? null,
    username: input.username ?? null,
    ip: input.ip ?? null,
    detail: input.detail ?? {},
    ...(input.at ? { at: input.at } : {}),
  });
}

/** The newest entries first. */
export function latestSecurityEvents(db: Db, limit = 100): Promise<SecurityEvent[]> {
  return db
    .select()
    .from(securityLog)
    .orderBy(desc(securityLog.at), desc(securityLog.id))
    .limit(limit);
}

/** Deletes entries older than `before` (the retention period); answers how many. */
export async function purgeSecurityLog(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(securityLog)
    .where(lt(securityLog.at, before))
    .returning({ id: securityLog.id });
  return removed.length;
}
