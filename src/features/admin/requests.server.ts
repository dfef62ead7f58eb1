/**
 * Clients' requests about their data (from the dashboard), as the admin sees and answers them:
 * the open ones with the reason a failed answer gave, and the CRM accounts erasures left for the
 * admin to delete by hand. Answers ask for the second factor again when the last one is over
 * 10 minutes old.
 */
import {
  clearCrmLeft,
  crmLeftByErasures,
  finishPrivacyRequest,
  openPrivacyRequests,
  type OutsidePart,
} from '../privacy/privacy.server.ts';
import { requireRecentFactor } from '../../server/auth/guard.ts';
import type { Db } from '../../server/db/client.ts';
import { HttpError } from '../../server/responses.ts';
import type { CrmLeftView, PrivacyRequestAdminView } from './admin.ts';
import { actorOf, erasureReach, type ErasingAdmin } from './erasure.server.ts';

/** Open requests, the first due first, and the CRM accounts still to delete by hand. */
export async function requestsForAdmin(
  db: Db,
): Promise<{ requests: PrivacyRequestAdminView[]; crmLeft: CrmLeftView[] }> {
  const [open, left] = await Promise.all([openPrivacyRequests(db), crmLeftByErasures(db)]);
  return {
    requests: open.map((r) => ({
      id: r.id,
      kind: r.kind,
      email: r.email,
      requestedAt: r.requestedAt.toISOString(),
      dueAt: r.dueAt.toISOString(),
      lastError: r.lastError,
      lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
    })),
    crmLeft: left.map((r) => ({
      id: r.id,
      locationIds: r.crmLeft,
      erasedAt: (r.completedAt ?? r.requestedAt).toISOString(),
      erasedBy: r.completedBy,
    })),
  };
}

/**
 * Answers a request (step-up): an export is marked done and the client told the download is
 * ready in their dashboard; an erasure erases the address everywhere first, and only then is
 * the request completed and the client told (see finishPrivacyRequest). `leave: ['crm']` erases
 * without the CRM account, which then waits in `crmLeft`. Answers the e-mails to deliver.
 */
export async function answerRequestForAdmin(
  db: Db,
  admin: ErasingAdmin,
  id: number,
  leave: OutsidePart[] = [],
) {
  requireRecentFactor(admin);
  const { request, emailIds, erased } = await finishPrivacyRequest(db, id, {
    ...(await erasureReach()),
    leave,
    adminUsername: admin.username,
    actor: actorOf(admin),
  });
  return { kind: request.kind, emailIds, erased };
}

/** The admin deleted an erasure's CRM accounts by hand: its to-do goes (404 when none). */
export async function crmDeletedByHand(db: Db, id: number): Promise<void> {
  if (!(await clearCrmLeft(db, id))) throw new HttpError(404, 'There is nothing left to delete.');
}
