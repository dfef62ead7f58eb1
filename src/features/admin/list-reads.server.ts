/**
 * Reading the admin lists page by page is an export too, once it goes past browsing: a session
 * reads up to LIST_ROWS_WITHOUT_STEP_UP rows (the page sizes it asks for, summed) after its
 * last second factor; past that, every page needs a factor verified in the last 10 minutes,
 * as the CSV export does (src/server/auth/guard.ts), and the reading is logged as an export.
 */
import { STEP_UP_WINDOW_MS } from '../../lib/admin-auth.ts';
import { requireRecentFactor } from '../../server/auth/guard.ts';
import { recordSecurityEvent } from '../../server/auth/security-log.ts';
import type { AdminSession } from '../../server/auth/session.ts';
import { clientIp } from '../../server/client-address.ts';
import type { Db } from '../../server/db/client.ts';
import type { FunctionContext } from '../../server/handler.ts';
import { hit, type RateLimit } from '../../server/rate-limit.ts';
import { hashToken } from '../../server/tokens.ts';
import type { ListName, ListQuery } from './admin.ts';

/** The signed-in request a list page answers (what adminHandler hands a function). */
export type ListRequest = {
  db: Db;
  user: AdminSession;
  /** The session's token: verifying a factor issues a new one, which starts a new allowance. */
  token: string;
  url: URL;
  context: FunctionContext;
};

/**
 * Rows a session reads through list pages without being asked for its factor again. Fifty
 * pages of 20 is a long day's browsing; a whole table is an export. The window outlasts a
 * session (12 hours at most), so the allowance only renews with a new factor.
 */
export const LIST_ROWS_WITHOUT_STEP_UP: RateLimit = { limit: 1_000, windowSeconds: 24 * 60 * 60 };

/** One security-log entry per list per this long while a session reads past its allowance. */
const BULK_READ_LOG: RateLimit = { limit: 1, windowSeconds: STEP_UP_WINDOW_MS / 1000 };

/** A key naming the session without its token (a leaked counter cannot be replayed). */
const sessionKey = (token: string) => hashToken(`admin-list-reads\n${token}`).slice(0, 32);

export type ListReadCharge = { bulk: false } | { bulk: true; rowsRead: number };

/**
 * Counts the page's rows against the session's allowance before it is read; past it, the page
 * needs a recent factor (403 STEP_UP_REQUIRED otherwise, and the panel asks for it).
 */
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
