/**
 * POST /api/auth/signout-everywhere: ends every session of the signed-in client (a copied
 * cookie, a forgotten browser), this one included. Needs the whole account.
 */
import type { Config } from '@netlify/functions';
import {
  clearClientSessionCookie,
  endAllClientSessions,
  readClientAccess,
} from '../../src/features/clients/clients.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { assertSameOrigin, errorJson, handler, json } from '../../src/server/http.ts';

export default handler(['POST'], async (req) => {
  assertSameOrigin(req);
  const db = await getDb();
  const access = await readClientAccess(db, req);
  if (!access) return errorJson(401, 'Please sign in first.');
  if (!access.wholeAccount || access.clientId === null)
    return errorJson(403, 'Please confirm your e-mail address with a sign-in link first.');
  const ended = await endAllClientSessions(db, access.clientId);
  return json({ success: true, ended }, { headers: { 'Set-Cookie': clearClientSessionCookie() } });
});

export const config: Config = { path: '/api/auth/signout-everywhere', method: ['POST'] };
