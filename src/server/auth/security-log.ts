/**
 * The security log (its table's one owner): admin sign-ins and their failures, second-factor
 * changes, exports and erasures of personal data. An entry names the event, the admin account
 * and the IP address the request came from (kept 90 days, src/server/privacy/retention.ts),
 * never a password, a code, a customer's address or the personal data an erasure removed.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { SecurityEventName } from '../../lib/security-events.ts';
import type { Db } from '../db/client.ts';
import {
  createdWithin,
  listPage,
  searchCondition,
  type ListFilter,
  type Listed,
  type PageRequest,
} from '../db/list-query.ts';
import { securityLog, type SecurityEvent } from '../db/schema.ts';

export { SECURITY_EVENTS, type SecurityEventName } from '../../lib/security-events.ts';
export type { SecurityEvent };

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

/**
 * One page of the log for the admin panel, newest first: `status` is the event, the search
 * words match the account's username, the day range applies to when it happened.
 */
export function listSecurityLog(
  db: Db,
  filter: ListFilter,
  page: PageRequest,
): Promise<Listed<SecurityEvent>> {
  const where = and(
    filter.status ? eq(securityLog.event, filter.status) : undefined,
    searchCondition(filter.q, securityLog.username),
    ...createdWithin(securityLog.at, filter),
  );
  return listPage<typeof securityLog, SecurityEvent>(
    db,
    securityLog,
    where,
    { at: securityLog.at, id: securityLog.id },
    page,
  );
}

/** Deletes entries older than `before` (the retention period); answers how many. */
export async function purgeSecurityLog(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(securityLog)
    .where(lt(securityLog.at, before))
    .returning({ id: securityLog.id });
  return removed.length;
}
