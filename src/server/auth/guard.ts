/**
 * The gate in front of every /api/admin/* function: a valid session whose second factor was
 * verified (else 401 JSON; a session opened by the password alone reaches only the factor
 * endpoints, `partial`) and, for anything that changes state, a same-origin request carrying
 * the custom CSRF header. Exports, erasure and admin-account changes also need a recent
 * factor (`requireRecentFactor`).
 */
import {
  SECOND_FACTOR_REQUIRED,
  STEP_UP_REQUIRED,
  STEP_UP_WINDOW_MS,
} from '../../lib/admin-auth.ts';
import { getDb, type Db } from '../db/client.ts';
import { clientIp } from '../client-address.ts';
import { handler, type FunctionContext } from '../handler.ts';
import { HttpError } from '../responses.ts';
import { assertSameOrigin } from '../same-origin.ts';
import { recordSecurityEvent } from './security-log.ts';
import { readSessionToken, validateSession, type AdminSession } from './session.ts';

/** Browsers never attach a custom header cross-site without a CORS preflight, which we never grant. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'fetch';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/** A signed-in session; `partial` lets one without a verified second factor through. */
export async function requireAdmin(
  db: Db,
  req: Request,
  { partial = false }: { partial?: boolean } = {},
): Promise<AdminSession & { token: string }> {
  const token = readSessionToken(req);
  const session = await validateSession(db, token);
  if (!session || !token) throw new HttpError(401, SIGN_IN_REQUIRED);
  if (!partial && !session.factorVerifiedAt) throw new HttpError(401, SECOND_FACTOR_REQUIRED);
  return { ...session, token };
}

/** Step-up: 403 unless a second factor was verified in this session in the last 10 minutes. */
export function requireRecentFactor(
  session: Pick<AdminSession, 'factorVerifiedAt'>,
  now = new Date(),
) {
  const at = session.factorVerifiedAt?.getTime();
  if (at === undefined || now.getTime() - at > STEP_UP_WINDOW_MS)
    throw new HttpError(403, STEP_UP_REQUIRED);
}

/** CSRF defence for state-changing requests (login included: login CSRF is a real attack). */
export function assertCsrf(req: Request): void {
  assertSameOrigin(req);
  if (req.headers.get('sec-fetch-site') === 'cross-site') {
    throw new HttpError(403, 'Cross-site request refused');
  }
  if (req.headers.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
    throw new HttpError(403, 'Missing request header. Please reload the page and try again.');
  }
}

type AdminContext = {
  db: Db;
  user: AdminSession;
  token: string;
  url: URL;
  /** Netlify's function context (params, waitUntil for background e-mail delivery). */
  context: FunctionContext;
};

/**
 * `handler()` plus the session check (401) and, for unsafe methods, the CSRF check (403).
 * `partial`: also for a session whose second factor is not verified yet (the factor screens).
 */
export function adminHandler(
  methods: string[],
  fn: (req: Request, ctx: AdminContext) => Promise<Response> | Response,
  options: { partial?: boolean } = {},
) {
  return handler(methods, async (req, context) => {
    const db = await getDb();
    const { token, ...user } = await requireAdmin(db, req, options);
    const url = new URL(req.url);
    // Every list's CSV export is a download of personal data: a recent factor, and a log line.
    if (url.searchParams.get('format') === 'csv') {
      requireRecentFactor(user);
      await recordSecurityEvent(db, {
        event: 'data.exported',
        userId: user.id,
        username: user.username,
        ip: clientIp(context),
        detail: { list: url.pathname },
      });
    }
    if (!SAFE_METHODS.has(req.method)) assertCsrf(req);
    return fn(req, { db, user, token, url, context });
  });
}
