/**
 * What every owner of a table with personal data answers, in one shape: it exports
 * `personalData: PersonalDataOwner` (scripts/lib/table-owners.test.ts fails for a table with
 * an e-mail, name, phone, address or free-text column whose owner does not). The privacy
 * feature (src/features/privacy) composes them: a person's data found, exported and erased,
 * and the retention rules (./retention.ts) applied, without reading any table itself.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { RetentionRuleName } from './retention.ts';

/**
 * Whom a request is about: the address, and the keys the owners found for it (an owner whose
 * rows carry no address, such as the onboarding answers of an order, finds them by these).
 */
export type Person = {
  /** Trimmed and lower-cased. */
  email: string;
  clientIds: number[];
  orderIds: number[];
  checkoutSessionIds: string[];
  /** The payment provider's subscriptions and customers of those orders and clients. */
  subscriptionIds: string[];
  customerIds: string[];
  /** The person's CRM sub-accounts and logins (an erasure deletes them there). */
  crmLocationIds: string[];
  crmUserIds: string[];
};

export type PersonKeys = Partial<Omit<Person, 'email'>>;

/** Rows per table, as an export shows them (secrets and search text left out). */
export type HeldRows = Record<string, Record<string, unknown>[]>;

/** Rows deleted or anonymised per table. */
export type TableCounts = Record<string, number>;

/** What a purge did: per retention rule, rows per table. */
export type PurgeCounts = Partial<Record<RetentionRuleName, TableCounts>>;

/**
 * A purge's moment and the questions that need other owners' tables, as subqueries (each
 * built by the privacy feature from the owners concerned).
 */
export type PurgeScope = {
  now: Date;
  /**
   * Ids of the orders whose client's service (for an order without a client, its own) ended
   * before `cutoff` (./retention.ts says when a service ends).
   */
  ordersEndedBefore(cutoff: Date): SQLWrapper;
  /** Ids of the clients that an order still names. */
  clientsNamedByOrders(): SQLWrapper;
  /** Addresses (lower-cased) of the clients still served at `cutoff`. */
  addressesServedSince(cutoff: Date): SQLWrapper;
  /**
   * Addresses (lower-cased) with a contact message or meeting request exchanged since `cutoff`,
   * one subquery per table.
   */
  correspondentsSince(cutoff: Date): SQLWrapper[];
};

export type PersonalDataOwner = {
  /** Keys this owner's rows give about the person, for the owners asked after it. */
  identify?(db: Db, person: Person): Promise<PersonKeys>;
  /** What it holds about the person, per table. */
  holds(db: Db, person: Person): Promise<HeldRows>;
  /** Deletes (or, where the law keeps the record, anonymises) it; rows per table. */
  erase(db: Db, person: Person, now: Date): Promise<TableCounts>;
  /** Applies the retention rules to its tables. */
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

/** The person with more keys (each list without repeats). */
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

/** A row without the fields an export never shows (token hashes, search text). */
export function exported<T extends Record<string, unknown>>(
  row: T,
  ...hidden: (keyof T)[]
): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...row };
  for (const key of ['searchText', ...hidden]) delete rest[key as string];
  return rest;
}

/** Counts of several owners or rules added up, table by table. */
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

/**
 * Deletes the rows of `table` that `where` picks and answers how many went: the count an
 * owner's erase or purge reports for the table.
 */
export async function deleteRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const gone = await db
    .delete(table)
    .where(where)
    .returning({ one: sql`1` });
  return gone.length;
}
