/**
 * The checkout_sessions table: this module is its only reader and writer. A row is written
 * when a checkout starts, completed by the fulfilment, moved by the simulated payment page's
 * buttons, and used once to grant the order to the browser that paid.
 */
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

/** Stores a new session; the same session again (a retried attempt) is stored once. */
/** Stores a new checkout session once; answers whether this call stored it. */
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

/** Records who paid and how, once the session's order exists. */
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

/**
 * The simulated payment page's Decline and Cancel: an open session becomes declined or
 * canceled; any other state stays as it is. (Pay completes a session only with its order, in
 * the fulfilment's transaction: markSessionComplete.)
 */
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

/** The simulated payment page's promotion code (null: removed), on a session still open. */
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

/**
 * The name and address typed on the simulated payment page when a payment was refused for
 * something else (its promotion code), so the page shows them again; an open session only.
 */
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

/**
 * checkout.session.expired: the buyer never paid and the provider closed the session. Only an
 * open session expires; one that completed (an event delivered late) stays complete. What the
 * provider learnt before it closed (the address typed, the promotional e-mail answer) is kept
 * where the row has nothing yet. Answers the expired row, also when an earlier delivery of
 * the same expiry expired it (the reminder decision is idempotent), or null.
 */
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

/**
 * A session opened by an expired one's recovery link: a copy of its lines, amounts and
 * redirects (and the attempt of the browser that started it, so that browser is signed in to
 * the order like any buyer), with `recoveredFrom` naming it. The same id again is stored once.
 */
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

/** The sessions an expired session's recovery link opened, newest first. */
export async function sessionsRecoveredFrom(db: Db, id: string): Promise<CheckoutSession[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.recoveredFrom, id))
    .orderBy(desc(checkoutSessions.createdAt));
}

/** Abandoned checkouts (sessions the provider let expire) since `since`, per week. */
export function expiredSessionsByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(db, checkoutSessions, checkoutSessions.expiredAt, since);
}

/**
 * Uses the checkout's one grant: true only for the browser whose attempt hash was stored,
 * once, and only while the payment is more recent than `since`. One conditional UPDATE makes
 * it race-safe.
 */
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

/**
 * The checkout sweep's work list, oldest first: sessions whose payment may have gone through
 * without their order being recorded. Stripe sessions still open between `from` and `until`
 * (Stripe closes every session within 24 hours; the webhook or the success page normally
 * completes it long before), and any session from `from` on that is complete without an
 * order (what a fault left before Pay and the order became one transaction). `ordered` is the
 * orders owner's subquery of session ids that have their order.
 */
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

/** The person's checkouts: typed with their address, or the sessions of their orders. */
const ofPerson = (person: { email: string; checkoutSessionIds: string[] }) =>
  or(
    sql`lower(${checkoutSessions.customerEmail}) = ${person.email}`,
    person.checkoutSessionIds.length
      ? inArray(checkoutSessions.id, person.checkoutSessionIds)
      : undefined,
  );

/** What anonymising leaves: the lines and amounts stay, who typed them goes. */
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
