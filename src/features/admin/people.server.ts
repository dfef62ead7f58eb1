/**
 * The admin's person view: everything stored about one e-mail address, found, exported and
 * erased by composing the privacy feature (which composes every table's owner). Exports and
 * erasure ask for the second factor again when the last one is over 10 minutes old, and are
 * logged (without the address) by the privacy feature.
 */
import {
  erasePerson,
  ErasureIncomplete,
  exportPerson,
  findPerson,
  finishPrivacyRequest,
  openPrivacyRequests,
  type PrivacyActor,
} from '../privacy/privacy.server.ts';
import { requireRecentFactor } from '../../server/auth/guard.ts';
import type { AdminSession } from '../../server/auth/session.ts';
import type { Db } from '../../server/db/client.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/responses.ts';
import { customerEraserFor } from '../../server/payments/customers.ts';
import { getLogoStore } from '../../server/uploads/logo.ts';

export type PeopleActor = AdminSession & { ip: string };

const actorOf = (admin: PeopleActor): PrivacyActor => ({
  userId: admin.id,
  username: admin.username,
  ip: admin.ip,
  via: 'admin',
});

/** What is stored about `email`: rows per table and the logos in Blobs. */
export async function findPersonForAdmin(db: Db, email: string) {
  return findPerson(db, email, { logoStore: await getLogoStore() });
}

/** The person's data as one JSON file, or one table as CSV (step-up). */
export async function exportPersonForAdmin(
  db: Db,
  admin: PeopleActor,
  email: string,
  table: string | null,
): Promise<{ filename: string; contentType: string; body: string }> {
  requireRecentFactor(admin);
  const data = await exportPerson(db, email, {
    logoStore: await getLogoStore(),
    actor: actorOf(admin),
  });
  const stamp = data.exportedAt.slice(0, 10);
  if (table === null) {
    return {
      filename: `personal-data-${stamp}.json`,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ ...data, csv: undefined }, null, 2),
    };
  }
  const csv = data.csv[table];
  if (csv === undefined)
    throw new HttpError(404, 'Nothing is stored in that table for this address.');
  return {
    filename: `personal-data-${table}-${stamp}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: csv,
  };
}

/** Erases the address everywhere (step-up); 409 when a part holding its data cannot be reached. */
export async function erasePersonForAdmin(db: Db, admin: PeopleActor, email: string) {
  requireRecentFactor(admin);
  try {
    return await erasePerson(db, email, {
      stripe: await customerEraserFor(readEnv()),
      logoStore: await getLogoStore(),
      actor: actorOf(admin),
    });
  } catch (error) {
    if (error instanceof ErasureIncomplete) throw new HttpError(409, error.message);
    throw error;
  }
}

/** Clients' requests from the dashboard not answered yet, the first due first. */
export async function openRequestsForAdmin(db: Db) {
  return (await openPrivacyRequests(db)).map((r) => ({
    id: r.id,
    kind: r.kind,
    email: r.email,
    requestedAt: r.requestedAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
  }));
}

/**
 * Answers a request (step-up): an export is marked done and the client told the download is
 * ready in their dashboard; an erasure tells the client (that e-mail survives the erasure) and
 * then erases the address everywhere. Answers the e-mails to deliver and the erasure's counts.
 */
export async function answerRequestForAdmin(db: Db, admin: PeopleActor, id: number) {
  requireRecentFactor(admin);
  const { request, emailIds } = await finishPrivacyRequest(db, id, {
    adminUsername: admin.username,
  });
  if (request.kind !== 'erase') return { kind: request.kind, emailIds, erased: null };
  const erased = await erasePersonForAdmin(db, admin, request.email);
  return { kind: request.kind, emailIds, erased };
}
