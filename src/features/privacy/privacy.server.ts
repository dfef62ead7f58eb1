/**
 * Personal data, the feature's front door: a person's data found, exported and erased, and
 * the retention rules applied (src/server/privacy/retention.ts). It owns no table of personal
 * data: every owner answers for its own tables through `personalData`
 * (src/server/privacy/personal-data.ts) and this module composes them, adding what lives
 * outside the database (logos in Netlify Blobs, the Stripe customer). Each export, erasure and
 * purge leaves an entry in the security log with counts only, never the address.
 *
 * A signed-in client can also ask from the dashboard (privacy-requests.server.ts): the request
 * is due in 30 days and the team is e-mailed; the admin completes it with
 * `finishPrivacyRequest`, which e-mails the client; then, for an erasure, erases the address
 * with `erasePerson` (in that order: afterwards nothing knows the address to write to).
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
  getLogoStore,
  logosOf,
  ordersWithLogos,
  removeLogosOf,
  type LogoStore,
  type StoredLogo,
} from '../../server/uploads/logo.ts';
import { rowsToCsv } from '../../lib/csv.ts';
import { z } from '../../lib/zod.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/responses.ts';
import {
  deliverDue,
  enqueueEmail,
  ERASURE_NOTICE_KIND,
  personalData as outboxPersonalData,
  type MailTransport,
} from '../../server/mail/outbox.ts';
import { personalData as rateLimitPersonalData } from '../../server/rate-limit.ts';
import { checkoutSessionsPersonalData } from '../checkout/checkout.server.ts';
import { clientOnboardingPersonalData } from '../client-onboarding/client-onboarding.server.ts';
import {
  clientRecordsPersonalData,
  clientSessionsPersonalData,
  emailsOfClients,
  findClient,
  magicLinksPersonalData,
  type ClientAccess,
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
import {
  checkoutRemindersPersonalData,
  reminderOptOutsPersonalData,
} from '../recovery/recovery.server.ts';
import { subscribersPersonalData } from '../subscribe/subscribe.server.ts';
import {
  plansServingSince,
  subscriptionRecordsPersonalData,
} from '../subscriptions/subscriptions.server.ts';
import {
  CONFIRM_FOR_DATA,
  EXPORT_NOT_READY,
  SIGN_IN_FOR_DATA,
  type PrivacyRequestView,
} from '../dashboard/dashboard.ts';
import {
  privacyErasedEmail,
  privacyExportReadyEmail,
  privacyRequestTeamEmail,
} from './privacy-emails.tsx';
import {
  daysAfter,
  completePrivacyRequest,
  findPrivacyRequest,
  personalData as privacyRequestsPersonalData,
  PRIVACY_REQUEST_KINDS,
  privacyRequestsOf,
  requestPrivacyAction,
  type PrivacyRequest,
  type PrivacyRequestKind,
} from './privacy-requests.server.ts';
import { latestPrivacyRun, recordPrivacyRun, type PurgeSource } from './privacy-runs.server.ts';

export {
  ANSWER_WITHIN_DAYS,
  completePrivacyRequest,
  openPrivacyRequests,
  type PrivacyRequest,
  type PrivacyRequestKind,
} from './privacy-requests.server.ts';

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
  'src/features/privacy/privacy-requests.server.ts': privacyRequestsPersonalData,
  'src/features/recovery/checkout-reminders.server.ts': checkoutRemindersPersonalData,
  // Survives erasure: the opt-out is what keeps the address from being e-mailed again.
  'src/features/recovery/reminder-opt-outs.server.ts': reminderOptOutsPersonalData,
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

/** Who asked, for the security log: an admin, the command line, or the client (dashboard). */
export type PrivacyActor = {
  userId?: number | null;
  username?: string | null;
  ip?: string | null;
  via: 'admin' | 'command' | 'client';
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

/* Requests from the dashboard: asked by the client, answered by the team. */

/** How long a completed export can be downloaded from the dashboard. */
export const EXPORT_DOWNLOAD_DAYS = 30;

/** POST /api/privacy/requests {kind}. */
export const privacyRequestSchema = z.object({ kind: z.enum(PRIVACY_REQUEST_KINDS) });

/** The client of a session that holds the whole account (a sign-in link proved the address). */
function wholeAccountOf(access: ClientAccess | null): number {
  if (!access) throw new HttpError(401, SIGN_IN_FOR_DATA);
  if (!access.wholeAccount || access.clientId === null) throw new HttpError(403, CONFIRM_FOR_DATA);
  return access.clientId;
}

/** Until when a completed export can be downloaded; null for anything else. */
function downloadUntil(request: PrivacyRequest): Date | null {
  if (request.kind !== 'export' || !request.completedAt) return null;
  return daysAfter(request.completedAt, EXPORT_DOWNLOAD_DAYS);
}

function requestView(request: PrivacyRequest, now: Date): PrivacyRequestView {
  const until = downloadUntil(request);
  return {
    id: request.id,
    kind: request.kind,
    requestedAt: request.requestedAt.toISOString(),
    dueAt: request.dueAt.toISOString(),
    completedAt: request.completedAt?.toISOString() ?? null,
    downloadUntil: until && until > now ? until.toISOString() : null,
  };
}

/**
 * "Download my data" / "Delete my account" on the dashboard (whole account only: 401 without a
 * session, 403 for one that only paid). Records the request, due in 30 days, and queues the
 * team's e-mail naming it, the client's address and the due date, both in one transaction. A
 * second request of a kind still open answers the first (`created: false`) and e-mails nobody.
 * `emailIds`: the queued e-mail, for the caller to send after its answer.
 */
export async function askForPrivacyAction(
  db: Db,
  access: ClientAccess | null,
  kind: PrivacyRequestKind,
  now = new Date(),
): Promise<{ request: PrivacyRequestView; created: boolean; emailIds: number[] }> {
  const clientId = wholeAccountOf(access);
  const client = await findClient(db, clientId);
  if (!client) throw new HttpError(403, CONFIRM_FOR_DATA);
  const { siteUrl, teamEmail } = readEnv();
  return db.transaction(async (tx) => {
    const { request, created } = await requestPrivacyAction(
      tx,
      { clientId, email: client.email, kind },
      now,
    );
    const emailIds: number[] = [];
    if (created) {
      const mail = await enqueueEmail(
        tx,
        {
          kind: 'privacy.team',
          to: teamEmail,
          about: { emails: [client.email], clientIds: [clientId] },
          ...privacyRequestTeamEmail({
            id: request.id,
            kind,
            clientName: client.name,
            clientEmail: client.email,
            requestedAt: request.requestedAt,
            dueAt: request.dueAt,
            adminUrl: new URL('/admin', siteUrl).toString(),
          }),
        },
        now,
      );
      emailIds.push(mail.id);
    }
    return { request: requestView(request, now), created, emailIds };
  });
}

/**
 * GET /api/privacy/requests: the client's open requests with their due dates, and a completed
 * export while it can be downloaded (whole account only, as {@link askForPrivacyAction}).
 */
export async function privacyRequestsForClient(
  db: Db,
  access: ClientAccess | null,
  now = new Date(),
): Promise<{ requests: PrivacyRequestView[] }> {
  const clientId = wholeAccountOf(access);
  const views = (await privacyRequestsOf(db, clientId)).map((r) => requestView(r, now));
  return { requests: views.filter((r) => !r.completedAt || r.downloadUntil) };
}

/**
 * GET /api/privacy/export: everything held about the signed-in client as one JSON file, only
 * while an export they asked for was completed in the last {@link EXPORT_DOWNLOAD_DAYS} days
 * (403 otherwise). Logged in the security log like every export, with counts only.
 */
export async function exportOwnData(
  db: Db,
  access: ClientAccess | null,
  options: { logoStore?: LogoStore | undefined; ip?: string; now?: Date } = {},
): Promise<{ filename: string; body: string }> {
  const now = options.now ?? new Date();
  const clientId = wholeAccountOf(access);
  const client = await findClient(db, clientId);
  const ready = (await privacyRequestsOf(db, clientId)).some((r) => {
    const until = downloadUntil(r);
    return until !== null && until > now;
  });
  if (!client || !ready) throw new HttpError(403, EXPORT_NOT_READY);
  const data = await exportPerson(db, client.email, {
    logoStore: options.logoStore ?? (await getLogoStore()),
    actor: { via: 'client', ip: options.ip ?? null },
    now,
  });
  return {
    filename: `personal-data-${data.exportedAt.slice(0, 10)}.json`,
    body: JSON.stringify({ ...data, csv: undefined }, null, 2),
  };
}

/**
 * The admin answers a request: it is marked completed by them, and the client is e-mailed.
 * - `export`: "your data is ready: sign in to your dashboard and press Download my data"; the
 *   download then works for {@link EXPORT_DOWNLOAD_DAYS} days.
 * - `erase`: "your account and data were erased". Call this BEFORE `erasePerson`: afterwards
 *   the request no longer knows the address. The erasure removes every e-mail to the address,
 *   so this one is the outbox's erasure notice (`ERASURE_NOTICE_KIND`): the erasure keeps it
 *   while it is unsent, and sending it forgets its recipient and body. It is also sent at
 *   once (with `transport`, else SMTP_URL), so it usually has gone out before the erasure runs.
 *   The other way, sending it outside the outbox, would lose it whenever SMTP is down.
 * 404 for no such request, 409 for one already completed (or closed by an erasure).
 * `emailIds`: the queued e-mail, for the caller to send after its answer (an erasure notice that
 * could not be sent at once stays due for the outbox worker).
 */
export async function finishPrivacyRequest(
  db: Db,
  id: number,
  by: { adminUsername: string; transport?: MailTransport },
  now = new Date(),
): Promise<{ request: PrivacyRequest; emailIds: number[] }> {
  const found = await findPrivacyRequest(db, id);
  if (!found) throw new HttpError(404, 'There is no such request.');
  const client = found.clientId === null ? null : await findClient(db, found.clientId);
  const { siteUrl } = readEnv();
  const done = await db.transaction(async (tx) => {
    const request = await completePrivacyRequest(tx, id, by, now);
    if (!request) throw new HttpError(409, 'This request was already completed.');
    const until = daysAfter(now, EXPORT_DOWNLOAD_DAYS);
    const aboutRequester = {
      emails: [request.email],
      clientIds: request.clientId === null ? [] : [request.clientId],
    };
    const mail = await enqueueEmail(
      tx,
      request.kind === 'export'
        ? {
            kind: 'privacy.export-ready',
            to: request.email,
            about: aboutRequester,
            ...privacyExportReadyEmail({
              name: client?.name ?? '',
              dashboardUrl: new URL('/dashboard', siteUrl).toString(),
              availableUntil: until,
            }),
          }
        : {
            kind: ERASURE_NOTICE_KIND,
            to: request.email,
            about: aboutRequester,
            ...privacyErasedEmail(),
          },
      now,
    );
    return { request, emailIds: [mail.id] };
  });
  if (done.request.kind === 'erase') {
    // Never fails the answer: an unsent notice stays due, and the erasure keeps it.
    const { transport } = by;
    await deliverDue(db, { ids: done.emailIds, now, ...(transport ? { transport } : {}) }).catch(
      (error: unknown) => console.error('Sending the erasure notice failed', error),
    );
  }
  return done;
}
