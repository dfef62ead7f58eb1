import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { idIn } from '../../server/db/list-query.ts';
import { privacyRequests, type PrivacyRequest } from '../../server/db/schema.ts';
import {
  deleteRows,
  exported,
  normalisedAddress,
  type PersonalDataOwner,
} from '../../server/privacy/personal-data.ts';
import { cutoffOf } from '../../server/privacy/retention.ts';

export type { PrivacyRequest };
export type PrivacyRequestKind = PrivacyRequest['kind'];

export const PRIVACY_REQUEST_KINDS = ['export', 'erase'] as const satisfies PrivacyRequestKind[];

/** How long the team has to answer a request (the policy's "we will reply within 30 days"). */
export const ANSWER_WITHIN_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysAfter(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

// Idempotent: while one of the kind is open, that one is answered (`created: false`), also for
// two presses at once (the open-request index lets one insert through).
export async function requestPrivacyAction(
  db: Db,
  input: { clientId: number; email: string; kind: PrivacyRequestKind },
  now = new Date(),
): Promise<{ request: PrivacyRequest; created: boolean }> {
  // Twice at most: the open request found by the failed insert may be completed in between.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [created] = await db
      .insert(privacyRequests)
      .values({
        kind: input.kind,
        clientId: input.clientId,
        email: normalisedAddress(input.email),
        requestedAt: now,
        dueAt: daysAfter(now, ANSWER_WITHIN_DAYS),
      })
      .onConflictDoNothing()
      .returning();
    if (created) return { request: created, created: true };
    const [open] = await db
      .select()
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.clientId, input.clientId),
          eq(privacyRequests.kind, input.kind),
          isNull(privacyRequests.completedAt),
        ),
      );
    if (open) return { request: open, created: false };
  }
  throw new Error('Recording the privacy request returned no row');
}

export function openPrivacyRequests(db: Db): Promise<PrivacyRequest[]> {
  return db
    .select()
    .from(privacyRequests)
    .where(isNull(privacyRequests.completedAt))
    .orderBy(asc(privacyRequests.dueAt), asc(privacyRequests.id));
}

export function privacyRequestsOf(db: Db, clientId: number): Promise<PrivacyRequest[]> {
  return db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.clientId, clientId))
    .orderBy(desc(privacyRequests.requestedAt), desc(privacyRequests.id))
    .limit(50);
}

export async function findPrivacyRequest(db: Db, id: number): Promise<PrivacyRequest | null> {
  const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
  return row ?? null;
}

/** Null when there is none or it was completed already: a second press changes nothing. */
export async function completePrivacyRequest(
  db: Db,
  id: number,
  by: { adminUsername: string },
  now = new Date(),
): Promise<PrivacyRequest | null> {
  const [row] = await db
    .update(privacyRequests)
    .set({ completedAt: now, completedBy: by.adminUsername, lastError: null, lastAttemptAt: now })
    .where(and(eq(privacyRequests.id, id), isNull(privacyRequests.completedAt)))
    .returning();
  return row ?? null;
}

export async function recordFailedAnswer(
  db: Db,
  id: number,
  reason: string,
  now = new Date(),
): Promise<void> {
  await db
    .update(privacyRequests)
    .set({ lastError: reason.slice(0, 1000), lastAttemptAt: now })
    .where(and(eq(privacyRequests.id, id), isNull(privacyRequests.completedAt)));
}

const hasCrmLeft = gt(sql`cardinality(${privacyRequests.crmLeft})`, 0);

/** On the request it answered, else on an erase row of its own (no address, no account). */
export async function recordCrmLeft(
  db: Db,
  left: { requestId: number | null; locationIds: string[]; by: string | null },
  now = new Date(),
): Promise<void> {
  if (!left.locationIds.length) return;
  if (left.requestId !== null) {
    await db
      .update(privacyRequests)
      .set({ crmLeft: left.locationIds })
      .where(eq(privacyRequests.id, left.requestId));
    return;
  }
  await db.insert(privacyRequests).values({
    kind: 'erase',
    email: '',
    requestedAt: now,
    dueAt: now,
    completedAt: now,
    completedBy: left.by,
    crmLeft: left.locationIds,
  });
}

export function crmLeftByErasures(db: Db): Promise<PrivacyRequest[]> {
  return db
    .select()
    .from(privacyRequests)
    .where(hasCrmLeft)
    .orderBy(asc(privacyRequests.completedAt), asc(privacyRequests.id));
}

export async function clearCrmLeft(db: Db, id: number): Promise<PrivacyRequest | null> {
  const [row] = await db
    .update(privacyRequests)
    .set({ crmLeft: [] })
    .where(and(eq(privacyRequests.id, id), hasCrmLeft))
    .returning();
  return row ?? null;
}

const address = sql<string>`lower(${privacyRequests.email})`;

const ofPerson = (person: { email: string; clientIds: number[] }) =>
  or(eq(address, person.email), idIn(privacyRequests.clientId, person.clientIds));

export const personalData: PersonalDataOwner = {
  async holds(db, person) {
    const rows = await db
      .select()
      .from(privacyRequests)
      .where(ofPerson(person))
      .orderBy(asc(privacyRequests.id));
    return { privacy_requests: rows.map((r) => exported(r)) };
  },
  // The requests stay, without address and account, as the record that they were answered; open
  // ones close at `now`, with no admin named (nothing is left to export, no address to tell).
  async erase(db, person, now) {
    const anonymised = await db
      .update(privacyRequests)
      .set({
        email: '',
        clientId: null,
        completedAt: sql`coalesce(${privacyRequests.completedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(ofPerson(person))
      .returning({ id: privacyRequests.id });
    return { privacy_requests: anonymised.length };
  },
  // Kept for the period after completion; an open request is never purged.
  async purge(db, { now }) {
    const expired = lt(privacyRequests.completedAt, cutoffOf('privacyRequests', now));
    return {
      privacyRequests: { privacy_requests: await deleteRows(db, privacyRequests, expired) },
    };
  },
};
