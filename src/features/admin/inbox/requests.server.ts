import {
  clearCrmLeft,
  crmLeftByErasures,
  finishPrivacyRequest,
  openPrivacyRequests,
  type OutsidePart,
} from '../../privacy/privacy.server.ts';
import { requireRecentFactor } from '../../../server/auth/guard.ts';
import type { Db } from '../../../server/db/client.ts';
import { HttpError } from '../../../server/responses.ts';
import type { CrmLeftView, PrivacyRequestAdminView } from '../admin.ts';
import { actorOf, erasureReach, type ErasingAdmin } from '../people/erasure.server.ts';

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

/** An erasure erases everywhere first; only then is the request completed and the client told. */
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

export async function crmDeletedByHand(db: Db, id: number): Promise<void> {
  if (!(await clearCrmLeft(db, id))) throw new HttpError(404, 'There is nothing left to delete.');
}
