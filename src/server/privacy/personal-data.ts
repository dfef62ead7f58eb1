// Every owner of a table with personal data exports `personalData: PersonalDataOwner`
// (scripts/lib/table-owners.test.ts fails otherwise); the privacy feature reads no table itself.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { RetentionRuleName } from './retention.ts';

// The keys let an owner whose rows carry no address (an order's onboarding answers) find them.
export type Person = {
  email: string;
  clientIds: number[];
  orderIds: number[];
  checkoutSessionIds: string[];
  subscriptionIds: string[];
  customerIds: string[];
  crmLocationIds: string[];
  crmUserIds: string[];
};

export type PersonKeys = Partial<Omit<Person, 'email'>>;

export type HeldRows = Record<string, Record<string, unknown>[]>;

export type TableCounts = Record<string, number>;

export type PurgeCounts = Partial<Record<RetentionRuleName, TableCounts>>;

export type PurgeScope = {
  now: Date;
  ordersEndedBefore(cutoff: Date): SQLWrapper;
  clientsNamedByOrders(): SQLWrapper;
  addressesServedSince(cutoff: Date): SQLWrapper;
  correspondentsSince(cutoff: Date): SQLWrapper[];
};

export type PersonalDataOwner = {
  identify?(db: Db, person: Person): Promise<PersonKeys>;
  holds(db: Db, person: Person): Promise<HeldRows>;
  /** Deletes (or, where the law keeps the record, anonymises) it; rows per table. */
  erase(db: Db, person: Person, now: Date): Promise<TableCounts>;
  purge(db: Db, scope: PurgeScope): Promise<PurgeCounts>;
};

export function normalisedAddress(email: string): string {
  return email.trim().toLowerCase();
}

export function personWith(email: string, keys: PersonKeys = {}): Person {
  return {
    email: normalisedAddress(email),
    clientIds: [...new Set(keys.clientIds ?? [])],
    orderIds: [...new Set(keys.orderIds ?? [])],
    checkoutSessionIds: [...new Set(keys.checkoutSessionIds ?? [])],
    subscriptionIds: [...new Set(keys.subscriptionIds ?? [])],
    customerIds: [...new Set(keys.customerIds ?? [])],
    crmLocationIds: [...new Set(keys.crmLocationIds ?? [])],
    crmUserIds: [...new Set(keys.crmUserIds ?? [])],
  };
}

export function addKeys(person: Person, keys: PersonKeys): Person {
  const joined: PersonKeys = {};
  for (const name of Object.keys(keys) as (keyof PersonKeys)[]) {
    (joined as Record<string, unknown[]>)[name] = [
      ...(person[name] as unknown[]),
      ...((keys[name] as unknown[] | undefined) ?? []),
    ];
  }
  return personWith(person.email, { ...person, ...joined });
}

export function exported<T extends Record<string, unknown>>(
  row: T,
  ...hidden: (keyof T)[]
): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...row };
  for (const key of ['searchText', ...hidden]) delete rest[key as string];
  return rest;
}

export function addCounts(...all: TableCounts[]): TableCounts {
  const sum: TableCounts = {};
  for (const counts of all)
    for (const [table, n] of Object.entries(counts)) sum[table] = (sum[table] ?? 0) + n;
  return sum;
}

export function addPurgeCounts(...all: PurgeCounts[]): PurgeCounts {
  const sum: PurgeCounts = {};
  for (const counts of all)
    for (const [rule, tables] of Object.entries(counts) as [RetentionRuleName, TableCounts][])
      sum[rule] = addCounts(sum[rule] ?? {}, tables);
  return sum;
}

export async function deleteRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const gone = await db
    .delete(table)
    .where(where)
    .returning({ one: sql`1` });
  return gone.length;
}
