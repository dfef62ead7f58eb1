/**
 * Personal data, the feature's front door: a person's data found, exported and erased, and
 * the retention rules applied (src/server/privacy/retention.ts). It owns no table of personal
 * data: every owner answers for its own tables through `personalData`
 * (src/server/privacy/personal-data.ts) and this module composes them, adding what lives
 * outside the database (logos in Netlify Blobs, the Stripe customer). Each export, erasure and
 * purge leaves an entry in the security log with counts only, never the address.
 */
import { recordSecurityEvent, purgeSecurityLog } from '../../server/auth/security-log.ts';
import type { Db } from '../../server/db/client.ts';
import type { CustomerEraser } from '../../server/payments/customers.ts';
import {
  addCounts,
  addKeys,
  addPurgeCounts,
  personWith,
  type HeldRows,
  type Person,
  type PersonalDataOwner,
  type PurgeCounts,
  type PurgeScope,
  type TableCounts,
} from '../../server/privacy/personal-data.ts';
import { cutoffOf, RETENTION, RETENTION_RULES } from '../../server/privacy/retention.ts';
import {
  logosOf,
  ordersWithLogos,
  removeLogosOf,
  type LogoStore,
  type StoredLogo,
} from '../../server/uploads/logo.ts';
import { rowsToCsv } from '../../lib/csv.ts';
import { personalData as outboxPersonalData } from '../../server/mail/outbox.ts';
import { personalData as rateLimitPersonalData } from '../../server/rate-limit.ts';
import { checkoutSessionsPersonalData } from '../checkout/checkout.server.ts';
import { clientOnboardingPersonalData } from '../client-onboarding/client-onboarding.server.ts';
import {
  clientRecordsPersonalData,
  clientSessionsPersonalData,
  emailsOfClients,
  magicLinksPersonalData,
} from '../clients/clients.server.ts';
import { contactAddressesSince, contactMessagesPersonalData } from '../contact/contact.server.ts';
import { meetingAddressesSince, meetingRequestsPersonalData } from '../meeting/meeting.server.ts';
import { onboardingFormsPersonalData } from '../order-onboarding/order-onboarding.server.ts';
import {
  clientsNamedByOrders,
  clientsServedSince,
  orderIdsAmong,
  orderRecordsPersonalData,
  ordersEndedBefore,
} from '../orders/orders.server.ts';
import { subscribersPersonalData } from '../subscribe/subscribe.server.ts';
import {
  plansServingSince,
  subscriptionRecordsPersonalData,
} from '../subscriptions/subscriptions.server.ts';
import { latestPrivacyRun, recordPrivacyRun, type PurgeSource } from './privacy-runs.server.ts';

/**
 * Every owner of personal data, by its module (the test holds it to scripts/lib/table-owners.ts),
 * in the order they are asked. Identifying goes from the account to its orders to the rest;
 * erasing and purging end with the accounts, once no order names them any more.
 */
export const PERSONAL_DATA_OWNERS = {
  'src/features/clients/client-records.server.ts': clientRecordsPersonalData,
  'src/features/orders/order-records.server.ts': orderRecordsPersonalData,
  'src/features/subscriptions/subscription-records.server.ts': subscriptionRecordsPersonalData,
  'src/features/checkout/checkout-sessions.server.ts': checkoutSessionsPersonalData,
  'src/features/order-onboarding/onboarding-forms.server.ts': onboardingFormsPersonalData,
  'src/features/client-onboarding/client-onboarding-submissions.server.ts':
    clientOnboardingPersonalData,
  'src/features/contact/contact-messages.server.ts': contactMessagesPersonalData,
  'src/features/meeting/meeting-requests.server.ts': meetingRequestsPersonalData,
  'src/features/subscribe/subscribers.server.ts': subscribersPersonalData,
  'src/features/clients/client-sessions.server.ts': clientSessionsPersonalData,
  'src/features/clients/magic-links.server.ts': magicLinksPersonalData,
  'src/server/mail/outbox.ts': outboxPersonalData,
  'src/server/rate-limit.ts': rateLimitPersonalData,
} as const satisfies Record<string, PersonalDataOwner>;

const OWNERS: PersonalDataOwner[] = Object.values(PERSONAL_DATA_OWNERS);
/** The accounts go last: the orders (and sessions, links, counters) let go of them first. */
const ERASE_ORDER: PersonalDataOwner[] = [
  ...OWNERS.filter((o) => o !== clientRecordsPersonalData),
  clientRecordsPersonalData,
];

/** Who the address is to every owner: the keys their rows give, asked in order. */
export async function identifyPerson(db: Db, email: string): Promise<Person> {
  let person = personWith(email);
  for (const owner of OWNERS) {
    if (owner.identify) person = addKeys(person, await owner.identify(db, person));
  }
  return person;
}

const countsOf = (held: HeldRows): TableCounts =>
  Object.fromEntries(Object.entries(held).map(([table, rows]) => [table, rows.length]));

async function heldBy(db: Db, person: Person): Promise<HeldRows> {
  const held: HeldRows = {};
  for (const owner of OWNERS) Object.assign(held, await owner.holds(db, person));
  return held;
}

export type PersonFound = {
  email: string;
  /** Rows per table (tables holding nothing included, as 0). */
  counts: TableCounts;
  /** Logos in Blobs; null when the store was not given. */
  logos: number | null;
};

/** What the site holds about an address, table by table (the admin's person view). */
export async function findPerson(
  db: Db,
  email: string,
  options: { logoStore?: LogoStore | undefined } = {},
): Promise<PersonFound> {
  const person = await identifyPerson(db, email);
  const logos = options.logoStore ? await logosOf(options.logoStore, person.orderIds) : null;
  return {
    email: person.email,
    counts: countsOf(await heldBy(db, person)),
    logos: logos?.length ?? null,
  };
}

export type PersonExport = {
  email: string;
  exportedAt: string;
  /** Rows per table, only the tables that hold any. */
  tables: HeldRows;
  /** The same rows as one CSV file per table (RFC 4180, spreadsheet-safe). */
  csv: Record<string, string>;
  /** The uploaded logos (their files stay in the store); null when the store was not given. */
  logos: StoredLogo[] | null;
};

/** Who asked, for the security log: an admin, or the command line. */
export type PrivacyActor = {
  userId?: number | null;
  username?: string | null;
  ip?: string | null;
  via: 'admin' | 'command';
};

/** Everything the site holds about an address, as data the person can take elsewhere. */
export async function exportPerson(
  db: Db,
  email: string,
  options: { logoStore?: LogoStore | undefined; actor?: PrivacyActor; now?: Date } = {},
): Promise<PersonExport> {
  const now = options.now ?? new Date();
  const person = await identifyPerson(db, email);
  const held = await heldBy(db, person);
  const tables = Object.fromEntries(Object.entries(held).filter(([, rows]) => rows.length));
  const logos = options.logoStore ? await logosOf(options.logoStore, person.orderIds) : null;
  await recordSecurityEvent(db, {
    event: 'person.exported',
    ...actorFields(options.actor),
    detail: {
      via: options.actor?.via ?? 'command',
      counts: countsOf(tables),
      logos: logos?.length,
    },
    at: now,
  });
  return {
    email: person.email,
    exportedAt: now.toISOString(),
    tables,
    csv: Object.fromEntries(
      Object.entries(tables).map(([table, rows]) => [table, rowsToCsv(rows)]),
    ),
    logos,
  };
}

function actorFields(actor: PrivacyActor | undefined) {
  return {
    userId: actor?.userId ?? null,
    username: actor?.username ?? null,
    ip: actor?.ip ?? null,
  };
}

/** What an erasure reaches outside the database. */
export type OutsidePart = 'logos' | 'stripe_customers';

export type ErasureResult = {
  /** Rows deleted or anonymised per table; `logos` and `stripe_customers` outside the database. */
  counts: TableCounts;
  /** The parts the caller let the erasure leave (see `leave`), where the person had some. */
  skipped: OutsidePart[];
};

/**
 * An erasure would leave data where it cannot reach (no logo store, no Stripe client): nothing
 * is erased, since afterwards nothing would find the person's logos or customer any more.
 */
export class ErasureIncomplete extends Error {
  constructor(readonly parts: OutsidePart[]) {
    super(`Cannot reach ${parts.join(' and ')}; nothing was erased.`);
    this.name = 'ErasureIncomplete';
  }
}

/**
 * Erases an address everywhere: rows deleted, or anonymised where the accounting period keeps
 * the record (orders, checkout sessions, plans), the order logos removed from Blobs and the
 * Stripe customer deleted. The provider and the store go first: should one fail, the database
 * still holds the keys to try again. A part the person has data in, with no way to reach it,
 * stops the erasure ({@link ErasureIncomplete}) unless the caller names it in `leave`.
 */
export async function erasePerson(
  db: Db,
  email: string,
  options: {
    stripe?: CustomerEraser | undefined;
    logoStore?: LogoStore | undefined;
    leave?: OutsidePart[];
    actor?: PrivacyActor;
    now?: Date;
  } = {},
): Promise<ErasureResult> {
  const now = options.now ?? new Date();
  const person = await identifyPerson(db, email);
  const unreachable: OutsidePart[] = [];
  if (person.customerIds.length && !options.stripe) unreachable.push('stripe_customers');
  if (person.orderIds.length && !options.logoStore) unreachable.push('logos');
  const skipped = unreachable.filter((part) => options.leave?.includes(part));
  if (skipped.length < unreachable.length)
    throw new ErasureIncomplete(unreachable.filter((part) => !skipped.includes(part)));
  const outside: TableCounts = {};
  if (options.stripe && person.customerIds.length) {
    outside.stripe_customers = 0;
    for (const id of person.customerIds)
      if ((await options.stripe.eraseCustomer(id)) === 'deleted') outside.stripe_customers++;
  }
  if (options.logoStore) {
    outside.logos = 0;
    for (const orderId of person.orderIds)
      outside.logos += await removeLogosOf(options.logoStore, orderId);
  }
  const counts = await db.transaction(async (tx) => {
    const erased: TableCounts[] = [];
    for (const owner of ERASE_ORDER) erased.push(await owner.erase(tx, person, now));
    const total = addCounts(...erased, outside);
    await recordSecurityEvent(tx, {
      event: 'person.erased',
      ...actorFields(options.actor),
      detail: { via: options.actor?.via ?? 'command', counts: total, skipped },
      at: now,
    });
    return total;
  });
  return { counts, skipped };
}

/** The purge's questions about other owners' tables, answered by their subqueries. */
function purgeScope(db: Db, now: Date): PurgeScope {
  return {
    now,
    ordersEndedBefore: (cutoff) => ordersEndedBefore(db, cutoff, plansServingSince(db, cutoff)),
    clientsNamedByOrders: () => clientsNamedByOrders(db),
    addressesServedSince: (cutoff) =>
      emailsOfClients(db, clientsServedSince(db, cutoff, plansServingSince(db, cutoff))),
    correspondentsSince: (cutoff) => [
      contactAddressesSince(db, cutoff),
      meetingAddressesSince(db, cutoff),
    ],
  };
}

export type PurgeResult = { startedAt: Date; counts: PurgeCounts; logosSkipped: boolean };

/**
 * One run of every retention rule: each owner purges its tables, the security log its old
 * entries, and the logos of orders whose service ended go from Blobs (skipped, and said so,
 * without `logoStore`). The run is recorded with its counts (the admin overview shows the
 * latest) and in the security log.
 */
export async function purgeExpired(
  db: Db,
  options: { now?: Date; logoStore?: LogoStore | undefined; source: PurgeSource },
): Promise<PurgeResult> {
  const startedAt = options.now ?? new Date();
  const scope = purgeScope(db, startedAt);
  const found: PurgeCounts[] = [];
  for (const owner of ERASE_ORDER) found.push(await owner.purge(db, scope));
  found.push({
    securityLog: {
      security_log: await purgeSecurityLog(db, cutoffOf('securityLog', startedAt)),
    },
  });
  if (options.logoStore) {
    const ended = await orderIdsAmong(
      db,
      await ordersWithLogos(options.logoStore),
      scope.ordersEndedBefore(cutoffOf('onboarding', startedAt)),
    );
    let logos = 0;
    for (const orderId of ended) logos += await removeLogosOf(options.logoStore, orderId);
    found.push({ onboarding: { logos } });
  }
  const counts = addPurgeCounts(...found);
  await recordPrivacyRun(db, {
    startedAt,
    finishedAt: options.now ?? new Date(),
    source: options.source,
    counts,
  });
  await recordSecurityEvent(db, {
    event: 'privacy.purged',
    detail: { via: options.source, counts, logosSkipped: !options.logoStore },
    at: options.now,
  });
  return { startedAt, counts, logosSkipped: !options.logoStore };
}

export type PrivacyRunSummary = {
  at: string;
  source: PurgeSource;
  /** Every rule, in the retention module's order, with the rows it removed or anonymised. */
  rules: { rule: string; title: string; removed: number }[];
};

/** The latest run of the retention rules, for the admin overview; null before the first. */
export async function lastPrivacyRun(db: Db): Promise<PrivacyRunSummary | null> {
  const run = await latestPrivacyRun(db);
  if (!run) return null;
  return {
    at: run.finishedAt.toISOString(),
    source: run.source,
    rules: RETENTION_RULES.map((rule) => ({
      rule,
      title: RETENTION[rule].title,
      removed: Object.values(run.counts[rule] ?? {}).reduce((sum, n) => sum + n, 0),
    })),
  };
}
