// Owns no table of personal data: each owner answers through `personalData`. Exports, erasures
// and purges are logged with counts only, never the address.
import { recordSecurityEvent } from '../../server/auth/security-log.ts';
import type { Db } from '../../server/db/client.ts';
import type { HeldRows, TableCounts } from '../../server/privacy/personal-data.ts';
import {
  getLogoStore,
  logosOf,
  type LogoStore,
  type StoredLogo,
} from '../../server/uploads/logo.ts';
import { rowsToCsv } from '../../lib/csv.ts';
import { z } from '../../lib/zod.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/responses.ts';
import { enqueueEmail, ERASURE_NOTICE_KIND } from '../../server/mail/outbox.ts';
import { findClient, type ClientAccess } from '../clients/clients.server.ts';
import {
  CONFIRM_FOR_DATA,
  EXPORT_NOT_READY,
  SIGN_IN_FOR_DATA,
  type PrivacyRequestView,
} from '../dashboard/dashboard.ts';
import {
  ALREADY_ANSWERED,
  eraseIdentified,
  ErasureFailed,
  erasureFailureReason,
  ErasureIncomplete,
  type ErasureReach,
  type ErasureResult,
} from './erasure.server.ts';
import {
  actorFields,
  countsOf,
  heldBy,
  identifyPerson,
  type PrivacyActor,
} from './person.server.ts';
import {
  privacyErasedEmail,
  privacyExportReadyEmail,
  privacyRequestTeamEmail,
} from './privacy-emails.tsx';
import {
  daysAfter,
  completePrivacyRequest,
  findPrivacyRequest,
  PRIVACY_REQUEST_KINDS,
  privacyRequestsOf,
  recordFailedAnswer,
  requestPrivacyAction,
  type PrivacyRequest,
  type PrivacyRequestKind,
} from './privacy-requests.server.ts';

export { clearCrmLeft, crmLeftByErasures, openPrivacyRequests } from './privacy-requests.server.ts';
export {
  erasePerson,
  ErasureFailed,
  ErasureIncomplete,
  type ErasureReach,
  type OutsidePart,
} from './erasure.server.ts';
export type { PrivacyActor } from './person.server.ts';
export {
  canMatchErasedAddresses,
  recordedErasures,
  type ErasureRecord,
} from './erasure-records.server.ts';
export {
  erasureRecordOfRow,
  reapplyErasures,
  restoredPeopleCollector,
} from './restored-erasures.server.ts';
export { lastPrivacyRun, purgeExpired, type PrivacyRunSummary } from './purge.server.ts';
import { logError } from '../../server/log.ts';

export type PersonFound = {
  email: string;
  counts: TableCounts;
  /** Logos in Blobs; null when the store was not given. */
  logos: number | null;
};

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
  tables: HeldRows;
  /** The same rows as one CSV file per table (RFC 4180, spreadsheet-safe). */
  csv: Record<string, string>;
  /** The uploaded logos (their files stay in the store); null when the store was not given. */
  logos: StoredLogo[] | null;
};

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

export const EXPORT_DOWNLOAD_DAYS = 30;

export const privacyRequestSchema = z.object({ kind: z.enum(PRIVACY_REQUEST_KINDS) });

function wholeAccountOf(access: ClientAccess | null): number {
  if (!access) throw new HttpError(401, SIGN_IN_FOR_DATA);
  if (!access.wholeAccount || access.clientId === null) throw new HttpError(403, CONFIRM_FOR_DATA);
  return access.clientId;
}

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

// Whole account only: 401 without a session, 403 for one that only paid. The request and the
// team's e-mail go in one transaction; one still open answers (`created: false`), e-mails nobody.
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

export async function privacyRequestsForClient(
  db: Db,
  access: ClientAccess | null,
  now = new Date(),
): Promise<{ requests: PrivacyRequestView[] }> {
  const clientId = wholeAccountOf(access);
  const views = (await privacyRequestsOf(db, clientId)).map((r) => requestView(r, now));
  return { requests: views.filter((r) => !r.completedAt || r.downloadUntil) };
}

/** Only while an export they asked for was completed within EXPORT_DOWNLOAD_DAYS (else 403). */
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

/** Said with every failed erasure answer: the client was told nothing, the request waits. */
const ANSWER_AGAIN =
  'The request stays open and the client was told nothing: answer it again once that is fixed.';

export type PrivacyAnswer = {
  request: PrivacyRequest;
  emailIds: number[];
  erased: ErasureResult | null;
};

// An erasure runs first; the transaction that erases also completes the request and queues the
// notice. Should it fail, nothing is completed or queued: the request stays open with the reason,
// and the answer is a 409 (unreachable) or 502 (failed).
export async function finishPrivacyRequest(
  db: Db,
  id: number,
  by: ErasureReach & { adminUsername: string; actor?: PrivacyActor | undefined },
  now = new Date(),
): Promise<PrivacyAnswer> {
  const found = await findPrivacyRequest(db, id);
  if (!found) throw new HttpError(404, 'There is no such request.');
  if (found.completedAt) throw new HttpError(409, ALREADY_ANSWERED);
  if (found.kind === 'erase') return answerErasure(db, found, by, now);
  const client = found.clientId === null ? null : await findClient(db, found.clientId);
  const { siteUrl } = readEnv();
  return db.transaction(async (tx) => {
    const request = await completePrivacyRequest(tx, id, by, now);
    if (!request) throw new HttpError(409, ALREADY_ANSWERED);
    const mail = await enqueueEmail(
      tx,
      {
        kind: 'privacy.export-ready',
        to: request.email,
        about: {
          emails: [request.email],
          ...(request.clientId === null ? {} : { clientIds: [request.clientId] }),
        },
        ...privacyExportReadyEmail({
          name: client?.name ?? '',
          dashboardUrl: new URL('/dashboard', siteUrl).toString(),
          availableUntil: daysAfter(now, EXPORT_DOWNLOAD_DAYS),
        }),
      },
      now,
    );
    return { request, emailIds: [mail.id], erased: null };
  });
}

async function answerErasure(
  db: Db,
  request: PrivacyRequest,
  by: ErasureReach & { adminUsername: string; actor?: PrivacyActor | undefined },
  now: Date,
): Promise<PrivacyAnswer> {
  const notice = {
    kind: ERASURE_NOTICE_KIND,
    to: request.email,
    about: { emails: [request.email] },
    ...privacyErasedEmail(),
  };
  try {
    const person = await identifyPerson(db, request.email);
    const { emailIds, ...erased } = await eraseIdentified(
      db,
      person,
      { ...by, actor: by.actor ?? { username: by.adminUsername, via: 'admin' }, now },
      { id: request.id, adminUsername: by.adminUsername, notice },
    );
    const completed = await findPrivacyRequest(db, request.id);
    return { request: completed ?? request, emailIds, erased };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const reason = erasureFailureReason(error);
    await recordFailedAnswer(db, request.id, reason, now).catch((failure: unknown) =>
      logError('Recording the failed erasure failed', failure),
    );
    const told = `${reason.replace(/[^.]$/, '$&.')} ${ANSWER_AGAIN}`;
    if (error instanceof ErasureIncomplete) throw new HttpError(409, told);
    if (error instanceof ErasureFailed) throw new HttpError(502, told);
    throw error;
  }
}
