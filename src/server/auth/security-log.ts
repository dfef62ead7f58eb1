// Never a password, a code, a customer's address or the personal data an erasure removed.
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
  /** Nothing that identifies a person outside the admin team. */
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

export function latestSecurityEvents(db: Db, limit = 100): Promise<SecurityEvent[]> {
  return db
    .select()
    .from(securityLog)
    .orderBy(desc(securityLog.at), desc(securityLog.id))
    .limit(limit);
}

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

export async function purgeSecurityLog(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(securityLog)
    .where(lt(securityLog.at, before))
    .returning({ id: securityLog.id });
  return removed.length;
}
