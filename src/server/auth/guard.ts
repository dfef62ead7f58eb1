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

// Browsers never attach a custom header cross-site without a CORS preflight, which we never grant.
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'fetch';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const SIGN_IN_REQUIRED = 'Please sign in to continue.';

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

export function requireRecentFactor(
  session: Pick<AdminSession, 'factorVerifiedAt'>,
  now = new Date(),
) {
  const at = session.factorVerifiedAt?.getTime();
  if (at === undefined || now.getTime() - at > STEP_UP_WINDOW_MS)
    throw new HttpError(403, STEP_UP_REQUIRED);
}

// Login included: login CSRF is a real attack.
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
  context: FunctionContext;
};

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
