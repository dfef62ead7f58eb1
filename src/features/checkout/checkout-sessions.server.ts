import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { checkoutSessions, type CheckoutSession } from '../../server/db/schema.ts';
import { exported, type PersonalDataOwner } from '../../server/privacy/personal-data.ts';
import { cutoffOf } from '../../server/privacy/retention.ts';
import { weeklySums, type WeeklySum } from '../../server/db/weekly.ts';

type NewCheckoutSession = typeof checkoutSessions.$inferInsert;

export async function insertCheckoutSession(db: Db, values: NewCheckoutSession): Promise<boolean> {
  const stored = await db
    .insert(checkoutSessions)
    .values(values)
    .onConflictDoNothing({ target: checkoutSessions.id })
    .returning({ id: checkoutSessions.id });
  return stored.length > 0;
}

export async function findCheckoutSession(db: Db, id: string): Promise<CheckoutSession | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row ?? null;
}

/** An expired checkout whose success URL carried `ref` (its recovery link may have been used). */
export async function findExpiredSessionByRef(
  db: Db,
  ref: string,
): Promise<CheckoutSession | null> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.successRef, ref), eq(checkoutSessions.status, 'expired')))
    .limit(1);
  return row ?? null;
}

export async function findSimulatedSession(db: Db, id: string): Promise<CheckoutSession | null> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, 'simulated')));
  return row ?? null;
}

export async function markSessionComplete(
  tx: Db,
  id: string,
  paid: Pick<CheckoutSession, 'customerEmail' | 'customerName' | 'paymentIntentId'> & {
    completedAt: Date;
  },
): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status: 'complete', ...paid })
    .where(eq(checkoutSessions.id, id));
}

/** Decline and Cancel move only an open session (Pay completes one in the fulfilment). */
export async function settleOpenSimulatedSession(
  db: Db,
  id: string,
  change: { status: 'canceled' | 'declined' },
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set(change)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

export async function setSimulatedPromotionCode(
  db: Db,
  id: string,
  promotionCode: string | null,
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ promotionCode })
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.provider, 'simulated'),
        eq(checkoutSessions.status, 'open'),
      ),
    );
}

/** Kept so the page shows them again after a refused promotion code; an open session only. */
export async function rememberSimulatedPayer(
  db: Db,
  id: string,
  payer: Pick<CheckoutSession, 'customerName' | 'customerEmail'>,
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set(payer)
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.provider, 'simulated'),
        eq(checkoutSessions.status, 'open'),
      ),
    );
}

// Only an open session expires: a late event leaves a completed one complete. What the provider
// learnt fills only empty fields. Answers the row also when an earlier delivery expired it.
export async function expireSession(
  db: Db,
  id: string,
  seen: Pick<CheckoutSession, 'customerEmail' | 'customerName' | 'promotionsConsent'> & {
    expiredAt: Date;
  },
): Promise<CheckoutSession | null> {
  const t = checkoutSessions;
  const [row] = await db
    .update(t)
    .set({
      status: 'expired',
      expiredAt: sql`coalesce(${t.expiredAt}, ${seen.expiredAt.toISOString()}::timestamptz)`,
      customerEmail: sql`coalesce(${t.customerEmail}, ${seen.customerEmail})`,
      customerName: sql`coalesce(${t.customerName}, ${seen.customerName})`,
      promotionsConsent: sql`coalesce(${t.promotionsConsent}, ${seen.promotionsConsent})`,
    })
    .where(and(eq(t.id, id), inArray(t.status, ['open', 'expired'])))
    .returning();
  return row ?? null;
}

// A copy of the expired session, with its browser's attempt so that browser is signed in like
// any buyer; the same id again is stored once.
export async function insertRecoveredSession(
  db: Db,
  from: CheckoutSession,
  values: Pick<CheckoutSession, 'id' | 'customerEmail' | 'customerName' | 'promotionsConsent'> & {
    now: Date;
  },
): Promise<CheckoutSession | null> {
  await insertCheckoutSession(db, {
    id: values.id,
    provider: from.provider,
    mode: from.mode,
    lines: from.lines,
    amountTotalCents: from.amountTotalCents,
    currency: from.currency,
    successUrl: from.successUrl,
    successRef: from.successRef,
    cancelUrl: from.cancelUrl,
    attemptHash: from.attemptHash,
    customerEmail: values.customerEmail,
    customerName: values.customerName,
    promotionsConsent: values.promotionsConsent,
    recoveredFrom: from.id,
    createdAt: values.now,
  });
  return findCheckoutSession(db, values.id);
}

export async function sessionsRecoveredFrom(db: Db, id: string): Promise<CheckoutSession[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.recoveredFrom, id))
    .orderBy(desc(checkoutSessions.createdAt));
}

export function expiredSessionsByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(db, checkoutSessions, checkoutSessions.expiredAt, since);
}

/** Once, and only while the payment is newer than `since`: one conditional UPDATE, race-safe. */
export async function claimSessionGrant(
  db: Db,
  id: string,
  attemptHash: string,
  { now, paidAfter }: { now: Date; paidAfter: Date },
): Promise<boolean> {
  const [claimed] = await db
    .update(checkoutSessions)
    .set({ sessionGrantedAt: now })
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.attemptHash, attemptHash),
        isNull(checkoutSessions.sessionGrantedAt),
        gt(checkoutSessions.completedAt, paidAfter),
      ),
    )
    .returning({ id: checkoutSessions.id });
  return Boolean(claimed);
}

// Stripe sessions still open in the window (Stripe closes each within 24 hours), and complete
// sessions without an order (what a fault left before Pay and the order were one transaction).
export async function sessionsToSweep(
  db: Db,
  ordered: SQLWrapper,
  { from, until, limit }: { from: Date; until: Date; limit: number },
): Promise<CheckoutSession[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(
      or(
        and(
          eq(checkoutSessions.status, 'open'),
          eq(checkoutSessions.provider, 'stripe'),
          gte(checkoutSessions.createdAt, from),
          lt(checkoutSessions.createdAt, until),
        ),
        and(
          eq(checkoutSessions.status, 'complete'),
          gte(checkoutSessions.createdAt, from),
          notInArray(checkoutSessions.id, ordered),
        ),
      ),
    )
    .orderBy(asc(checkoutSessions.createdAt))
    .limit(limit);
}

const ofPerson = (person: { email: string; checkoutSessionIds: string[] }) =>
  or(
    sql`lower(${checkoutSessions.customerEmail}) = ${person.email}`,
    person.checkoutSessionIds.length
      ? inArray(checkoutSessions.id, person.checkoutSessionIds)
      : undefined,
  );

const WITHOUT_PERSON = { customerEmail: null, customerName: null, attemptHash: null };

const stillNamed = or(
  isNotNull(checkoutSessions.customerEmail),
  isNotNull(checkoutSessions.customerName),
  isNotNull(checkoutSessions.attemptHash),
);

export const personalData: PersonalDataOwner = {
  async holds(db, person) {
    const rows = await db.select().from(checkoutSessions).where(ofPerson(person));
    return { checkout_sessions: rows.map((r) => exported(r, 'attemptHash')) };
  },
  // Anonymised, not deleted: the order refers to its session, and the sweep reads sessions.
  async erase(db, person) {
    const changed = await db
      .update(checkoutSessions)
      .set(WITHOUT_PERSON)
      .where(and(ofPerson(person), stillNamed))
      .returning({ id: checkoutSessions.id });
    return { checkout_sessions: changed.length };
  },
  // Long after the sweep's week and the success page's hour: the order keeps the buyer.
  async purge(db, { now }) {
    const changed = await db
      .update(checkoutSessions)
      .set(WITHOUT_PERSON)
      .where(and(lt(checkoutSessions.createdAt, cutoffOf('checkouts', now)), stillNamed))
      .returning({ id: checkoutSessions.id });
    return { checkouts: { checkout_sessions: changed.length } };
  },
};
