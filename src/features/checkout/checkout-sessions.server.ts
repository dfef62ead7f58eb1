/**
 * The checkout_sessions table: this module is its only reader and writer. A row is written
 * when a checkout starts, completed by the fulfilment, moved by the simulated payment page's
 * buttons, and used once to grant the order to the browser that paid.
 */
import {
  and,
  asc,
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

type NewCheckoutSession = typeof checkoutSessions.$inferInsert;

/** Stores a new session; the same session again (a retried attempt) is stored once. */
export async function insertCheckoutSession(db: Db, values: NewCheckoutSession): Promise<void> {
  await db
    .insert(checkoutSessions)
    .values(values)
    .onConflictDoNothing({ target: checkoutSessions.id });
}

export async function findCheckoutSession(db: Db, id: string): Promise<CheckoutSession | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
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

/**
 * checkout.session.expired: the buyer never paid and the provider closed the session. Only an
 * open session expires; one that completed (an event delivered late) stays complete.
 * Returns whether a session of ours changed.
 */
export async function expireOpenSession(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    .returning({ id: checkoutSessions.id });
  return rows.length > 0;
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
  async identify(db, person) {
    const rows = await db
      .select({ name: checkoutSessions.customerName })
      .from(checkoutSessions)
      .where(ofPerson(person));
    return { names: rows.flatMap((r) => (r.name ? [r.name] : [])) };
  },
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
