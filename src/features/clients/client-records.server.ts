// A typed address proves nothing: a purchase creates a client only for a new address; with a known
// one the order waits until a magic link to it is used. Only proven clients get a Stripe customer.
import { and, eq, inArray, isNull, lt, notInArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { idIn } from '../../server/db/list-query.ts';
import { clients, type Client } from '../../server/db/schema.ts';
import {
  deleteRows,
  exported,
  type PersonalDataOwner,
} from '../../server/privacy/personal-data.ts';
import { cutoffOf } from '../../server/privacy/retention.ts';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findClient(db: Db, clientId: number): Promise<Client | null> {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
  return row ?? null;
}

export async function findClientByEmail(db: Db, email: string): Promise<Client | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(eq(clients.email, normaliseEmail(email)));
  return row ?? null;
}

export function isProven(client: Pick<Client, 'emailVerifiedAt'>): boolean {
  return client.emailVerifiedAt !== null;
}

// `created`: the address was new, so the order joins this client; otherwise the order waits for
// the address to be proven. Race-safe: of two purchases with one new address, one creates it.
export async function clientForPurchase(
  tx: Db,
  purchase: { email: string; name: string },
): Promise<{ clientId: number; created: boolean }> {
  const email = normaliseEmail(purchase.email);
  const [created] = await tx
    .insert(clients)
    .values({ email, name: purchase.name })
    .onConflictDoNothing({ target: clients.email })
    .returning({ id: clients.id });
  if (created) return { clientId: created.id, created: true };
  const existing = await findClientByEmail(tx, email);
  if (!existing) throw new Error('Client vanished during purchase');
  return { clientId: existing.id, created: false };
}

/** A magic link to the address was used; answers whether this was the first proof. */
export async function proveClientEmail(tx: Db, clientId: number, now = new Date()) {
  const [row] = await tx
    .update(clients)
    .set({ emailVerifiedAt: now })
    .where(and(eq(clients.id, clientId), isNull(clients.emailVerifiedAt)))
    .returning({ id: clients.id });
  return Boolean(row);
}

export async function rememberClientName(tx: Db, clientId: number, name: string) {
  if (!name) return;
  await tx
    .update(clients)
    .set({ name: sql`coalesce(nullif(${clients.name}, ''), ${name})` })
    .where(eq(clients.id, clientId));
}

/** Attaches a payment customer to a proven client that has none (never to an unproven one). */
export async function attachStripeCustomer(tx: Db, clientId: number, customerId: string | null) {
  if (!customerId) return;
  await tx
    .update(clients)
    .set({ stripeCustomerId: customerId })
    .where(
      and(
        eq(clients.id, clientId),
        isNull(clients.stripeCustomerId),
        sql`${clients.emailVerifiedAt} is not null`,
      ),
    );
}

/** Stores the CRM sub-account, unless another request linked a different one meanwhile. */
export async function storeCrmAccount(
  db: Db,
  client: Pick<Client, 'id' | 'ghlLocationId'>,
  account: { locationId: string; userId: string | null },
): Promise<void> {
  await db
    .update(clients)
    .set({ ghlLocationId: account.locationId, ghlUserId: account.userId, crmClaimedAt: null })
    .where(sameCrmAccount(client));
}

function sameCrmAccount(client: Pick<Client, 'id' | 'ghlLocationId'>) {
  return and(
    eq(clients.id, client.id),
    client.ghlLocationId
      ? eq(clients.ghlLocationId, client.ghlLocationId)
      : isNull(clients.ghlLocationId),
  );
}

/** A claim older than this is taken to be of a request that died half-way. */
const CRM_CLAIM_MS = 10 * 60_000;

// Atomic: true for exactly one of any number of concurrent requests, and only while the client
// still has the CRM account `client` was read with (none, or one the CRM lost).
export async function claimCrmProvisioning(
  db: Db,
  client: Pick<Client, 'id' | 'ghlLocationId'>,
  now = new Date(),
): Promise<boolean> {
  const [claimed] = await db
    .update(clients)
    .set({ crmClaimedAt: now })
    .where(
      and(
        sameCrmAccount(client),
        or(
          isNull(clients.crmClaimedAt),
          lt(clients.crmClaimedAt, new Date(now.getTime() - CRM_CLAIM_MS)),
        ),
      ),
    )
    .returning({ id: clients.id });
  return Boolean(claimed);
}

export async function releaseCrmClaim(db: Db, clientId: number): Promise<void> {
  await db.update(clients).set({ crmClaimedAt: null }).where(eq(clients.id, clientId));
}

export function emailsOfClients(db: Db, clientIds: SQLWrapper) {
  return db.select({ email: clients.email }).from(clients).where(inArray(clients.id, clientIds));
}

/** The person's account: found by its address, which is stored normalised. */
const ofPerson = (person: { email: string; clientIds: number[] }) =>
  or(eq(clients.email, person.email), idIn(clients.id, person.clientIds));

export const personalData: PersonalDataOwner = {
  async identify(db, person) {
    const rows = await db.select().from(clients).where(ofPerson(person));
    return {
      clientIds: rows.map((r) => r.id),
      customerIds: rows.flatMap((r) => (r.stripeCustomerId ? [r.stripeCustomerId] : [])),
      crmLocationIds: rows.flatMap((r) => (r.ghlLocationId ? [r.ghlLocationId] : [])),
      crmUserIds: rows.flatMap((r) => (r.ghlUserId ? [r.ghlUserId] : [])),
    };
  },
  async holds(db, person) {
    const rows = await db.select().from(clients).where(ofPerson(person));
    return { clients: rows.map((r) => exported(r)) };
  },
  // After the orders let go of it; its sessions and links go too (ON DELETE CASCADE).
  async erase(db, person) {
    return { clients: await deleteRows(db, clients, ofPerson(person)) };
  },
  // Only once no order names it, never one younger than the period (its order may be on its way).
  async purge(db, scope) {
    const expired = and(
      notInArray(clients.id, scope.clientsNamedByOrders()),
      lt(clients.createdAt, cutoffOf('orders', scope.now)),
    );
    return { orders: { clients: await deleteRows(db, clients, expired) } };
  },
};
