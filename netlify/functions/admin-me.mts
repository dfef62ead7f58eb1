/**
 * GET /api/admin/me: who is signed in. Signed out is an answer, not an error: 200 with
 * `{ user: null }`, so the panel's first check does not log a failed request in the console.
 */
import type { Config } from '@netlify/functions';
import { readSessionToken, validateSession } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, json } from '../../src/server/http.ts';

export default handler(['GET'], async (req) => {
  const user = await validateSession(await getDb(), readSessionToken(req));
  return json({ user: user ? { username: user.username } : null });
});

export const config: Config = { path: '/api/admin/me', method: ['GET'] };
