/**
 * The gate in front of every /api/admin/* function: a valid session (else 401 JSON) and,
 * for anything that changes state, a same-origin request carrying the custom CSRF header.
 */
import { getDb, type Db } from '../db/client.ts';
import { assertSameOrigin, handler, HttpError, type FunctionContext } from '../http.ts';
import { readSessionToken, validateSession, type AdminUser } from './session.ts';

/** Browsers never attach a custom header cross-site without a CORS preflight, which we never grant. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'fetch';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const SIGN_IN_REQUIRED = 'Please sign in to continue.';

export async function requireAdmin(db: Db, req: Request): Promise<AdminUser & { token: string }> {
  const token = readSessionToken(req);
  const user = await validateSession(db, token);
  if (!user || !token) throw new HttpError(401, SIGN_IN_REQUIRED);
  return { ...user, token };
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
  user: AdminUser;
  token: string;
  url: URL;
  /** Netlify's function context (params, waitUntil for background e-mail delivery). */
  context: FunctionContext;
};

/** `handler()` plus the session check (401) and, for unsafe methods, the CSRF check (403). */
export function adminHandler(
  methods: string[],
  fn: (req: Request, ctx: AdminContext) => Promise<Response> | Response,
) {
  return handler(methods, async (req, context) => {
    const db = await getDb();
    const { token, ...user } = await requireAdmin(db, req);
    if (!SAFE_METHODS.has(req.method)) assertCsrf(req);
    return fn(req, { db, user, token, url: new URL(req.url), context });
  });
}
