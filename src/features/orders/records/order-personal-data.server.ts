import {
  and,
  asc,
  inArray,
  isNotNull,
  isNull,
  ne,
  not,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { idIn } from '../../../server/db/list-query.ts';
import { orders } from '../../../server/db/schema.ts';
import { exported, type PersonalDataOwner } from '../../../server/privacy/personal-data.ts';
import { cutoffOf } from '../../../server/privacy/retention.ts';
import { refundsOfOrders } from '../refund-records.server.ts';
import { itemsOfOrders } from './order-reads.server.ts';

/** When an order last served its buyer, its plan aside: placed, paid or refunded. */
const lastActivity = sql`greatest(${orders.createdAt}, ${orders.paidAt}, ${orders.refundedAt})`;

/**
 * Whether an order still served its buyer at `cutoff`: by its own activity, or by its plan
 * (`plansServing`: the subscriptions owner's subquery of plans running or ended since).
 */
function servedSince(cutoff: Date, plansServing: SQLWrapper): SQL {
  return sql`(${lastActivity} >= ${cutoff.toISOString()}::timestamptz or coalesce(${inArray(
    orders.stripeSubscriptionId,
    plansServing,
  )}, false))`;
}

/** Ids of the clients still served at `cutoff` (src/server/privacy/retention.ts), as a subquery. */
export function clientsServedSince(db: Db, cutoff: Date, plansServing: SQLWrapper) {
  return db
    .selectDistinct({ id: orders.clientId })
    .from(orders)
    .where(and(isNotNull(orders.clientId), servedSince(cutoff, plansServing)));
}

/**
 * Ids of the orders whose service ended before `cutoff`, as a subquery: every order of a client
 * none of whose orders served them since, and an order waiting for its client by its own dates.
 */
export function ordersEndedBefore(db: Db, cutoff: Date, plansServing: SQLWrapper) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        and(isNull(orders.clientId), not(servedSince(cutoff, plansServing))),
        and(
          isNotNull(orders.clientId),
          notInArray(orders.clientId, clientsServedSince(db, cutoff, plansServing)),
        ),
      ),
    );
}

/** Ids of the clients an order still names, as a subquery. */
export function clientsNamedByOrders(db: Db) {
  return db.selectDistinct({ id: orders.clientId }).from(orders).where(isNotNull(orders.clientId));
}

/** Those of `orderIds` that `among` (a subquery of order ids) holds. */
export async function orderIdsAmong(
  db: Db,
  orderIds: number[],
  among: SQLWrapper,
): Promise<number[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(idIn(orders.id, orderIds), inArray(orders.id, among)));
  return rows.map((r) => r.id);
}

/** The person's orders: bought with their address, or joined to their account. */
const ofPerson = (person: { email: string; clientIds: number[] }) =>
  or(
    sql`lower(${orders.customerEmail}) = ${person.email}`,
    idIn(orders.clientId, person.clientIds),
  );

/**
 * What an anonymised order keeps: number, dates, amounts, status, what was bought and the
 * provider's payment and invoice references, for the accountant; nothing that names its
 * buyer (the invoice's hosted page and PDF show the buyer's name and address).
 */
const WITHOUT_BUYER = {
  customerEmail: '',
  customerName: '',
  clientId: null,
  stripeCustomerId: null,
  invoiceHostedUrl: null,
  invoicePdfUrl: null,
};

const stillNamed = or(
  ne(orders.customerEmail, ''),
  ne(orders.customerName, ''),
  isNotNull(orders.clientId),
  isNotNull(orders.stripeCustomerId),
  isNotNull(orders.invoiceHostedUrl),
  isNotNull(orders.invoicePdfUrl),
);

export const personalData: PersonalDataOwner = {
  async identify(db, person) {
    const rows = await db.select().from(orders).where(ofPerson(person));
    const present = (values: (string | null)[]) => values.filter((v): v is string => !!v);
    return {
      orderIds: rows.map((o) => o.id),
      checkoutSessionIds: rows.map((o) => o.checkoutSessionId),
      subscriptionIds: present(rows.map((o) => o.stripeSubscriptionId)),
      customerIds: present(rows.map((o) => o.stripeCustomerId)),
    };
  },
  async holds(db, person) {
    const rows = await db.select().from(orders).where(ofPerson(person)).orderBy(asc(orders.id));
    const items = await itemsOfOrders(
      db,
      rows.map((o) => o.id),
    );
    // The refunds name no one; they are the person's as the refunds of their orders.
    const refunded = await refundsOfOrders(
      db,
      rows.map((o) => o.id),
    );
    return {
      orders: rows.map((o) => exported(o)),
      order_items: [...items.values()].flat().map((i) => exported(i)),
      refunds: refunded.map((r) => exported(r)),
    };
  },
  // Kept for the accounting period, without the person; the lines and refunds name no one.
  async erase(db, person) {
    const changed = await db
      .update(orders)
      .set(WITHOUT_BUYER)
      .where(and(or(ofPerson(person), idIn(orders.id, person.orderIds)), stillNamed))
      .returning({ id: orders.id });
    return { orders: changed.length };
  },
  async purge(db, scope) {
    const changed = await db
      .update(orders)
      .set(WITHOUT_BUYER)
      .where(
        and(inArray(orders.id, scope.ordersEndedBefore(cutoffOf('orders', scope.now))), stillNamed),
      )
      .returning({ id: orders.id });
    return { orders: { orders: changed.length } };
  },
};
