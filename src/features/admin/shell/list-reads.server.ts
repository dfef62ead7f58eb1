// Paging past LIST_ROWS_WITHOUT_STEP_UP rows since the last factor is an export: each further page
// needs a factor verified in the last 10 minutes and is logged as one.
import { STEP_UP_WINDOW_MS } from '../../../lib/admin-auth.ts';
import { requireRecentFactor } from '../../../server/auth/guard.ts';
import { recordSecurityEvent } from '../../../server/auth/security-log.ts';
import type { AdminSession } from '../../../server/auth/session.ts';
import { clientIp } from '../../../server/client-address.ts';
import type { Db } from '../../../server/db/client.ts';
import type { FunctionContext } from '../../../server/handler.ts';
import { hit, type RateLimit } from '../../../server/rate-limit.ts';
import { hashToken } from '../../../server/tokens.ts';
import type { ListName, ListQuery } from '../admin.ts';

export type ListRequest = {
  db: Db;
  user: AdminSession;
  /** The session's token: verifying a factor issues a new one, which starts a new allowance. */
  token: string;
  url: URL;
  context: FunctionContext;
};

// Fifty pages of 20 is a long day's browsing. The window outlasts a session (12 hours at most),
// so the allowance only renews with a new factor.
export const LIST_ROWS_WITHOUT_STEP_UP: RateLimit = { limit: 1_000, windowSeconds: 24 * 60 * 60 };

/** One security-log entry per list per this long while a session reads past its allowance. */
const BULK_READ_LOG: RateLimit = { limit: 1, windowSeconds: STEP_UP_WINDOW_MS / 1000 };

/** A key naming the session without its token (a leaked counter cannot be replayed). */
const sessionKey = (token: string) => hashToken(`admin-list-reads\n${token}`).slice(0, 32);

export type ListReadCharge = { bulk: false } | { bulk: true; rowsRead: number };

/** Charged before the page is read; past the allowance a stale factor gets 403 STEP_UP_REQUIRED. */
export async function chargeListPage(req: ListRequest, q: ListQuery): Promise<ListReadCharge> {
  const counted = await hit(
    req.db,
    `admin-list-rows:${sessionKey(req.token)}`,
    LIST_ROWS_WITHOUT_STEP_UP,
    new Date(),
    q.pageSize,
  );
  if (counted.allowed) return { bulk: false };
  requireRecentFactor(req.user);
  return { bulk: true, rowsRead: counted.count };
}

/** Logs a page read past the allowance like an export: counts only, never a row or a filter. */
export async function logBulkRead(
  req: ListRequest,
  list: ListName,
  q: ListQuery,
  { rows, rowsRead }: { rows: number; rowsRead: number },
): Promise<void> {
  const key = `admin-list-log:${sessionKey(req.token)}:${list}`;
  if (!(await hit(req.db, key, BULK_READ_LOG)).allowed) return;
  await recordSecurityEvent(req.db, {
    event: 'data.exported',
    userId: req.user.id,
    username: req.user.username,
    ip: clientIp(req.context),
    detail: {
      list: req.url.pathname,
      via: 'pages',
      filtered: Boolean(q.q || q.status || q.from || q.to),
      pageSize: q.pageSize,
      rows,
      rowsReadSinceFactor: rowsRead,
    },
  });
}
