/**
 * The `clients` table: this module is its only reader and writer. It holds who a client is, whether their e-mail address is
 * proven, and the payment customer attached to them.
 *
 * An address typed at checkout proves nothing. A purchase creates a client only for an
 * address nobody has used before; a purchase with a known address waits (order without a
 * client) until a magic link sent to that address is used, and only a proven client gets a
 * Stripe customer id.
 */
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

/**
 * The client behind the address a purchase was made with. `created`: the address was new and
 * this purchase created its client, so the order joins it. Otherwise the address belongs to
 * an existing client, and the order waits for that address to be proven (the confirmation
 * e-mail carries a magic link to `clientId`). Race-safe: of two purchases with one new
 * address, one creates the client and the other waits like any later one.
 */
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

/** Marks the address proven (a magic link to it was used); answers whether this was the first proof. */
export async function proveClientEmail(tx: Db, clientId: number, now = new Date()) {
  const [row] = await tx
    .update(clients)
    .set({ emailVerifiedAt: now })
    .where(and(eq(clients.id, clientId), isNull(clients.emailVerifiedAt)))
    .returning({ id: clients.id });
  return Boolean(row);
}

/** Keeps the first known name, fills it when the client had none. */
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

/** The client row, while it still has the CRM account it was read with (or still none). */
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

/**
 * Takes the client's one CRM provisioning, atomically: true for exactly one of any number of
 * concurrent requests, and only while the client still has the account `client` was read with
 * (none, or one the CRM lost). The winner calls the CRM and stores the account
 * (storeCrmAccount, which ends the claim) or gives the claim back (releaseCrmClaim).
 */
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

/** The addresses of these clients (a subquery of their ids), as a subquery. */
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
  // Runs after the orders let go of the account (their erasure clears the client); its
  // sessions and sign-in links go with it (ON DELETE CASCADE), counted by their owners first.
  async erase(db, person) {
    return { clients: await deleteRows(db, clients, ofPerson(person)) };
  },
  // An account goes with its orders: once none names it (the seven-year anonymisation), and
  // never one younger than the period, whose first order may still be on its way.
  async purge(db, scope) {
    const expired = and(
      notInArray(clients.id, scope.clientsNamedByOrders()),
      lt(clients.createdAt, cutoffOf('orders', scope.now)),
    );
    return { orders: { clients: await deleteRows(db, clients, expired) } };
  },
};
