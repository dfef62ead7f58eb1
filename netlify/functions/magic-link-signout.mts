/** POST /api/auth/signout: removes the client session cookie. */
import type { Config } from '@netlify/functions';
import { assertSameOrigin, handler, json } from '../../src/server/http.ts';
import { clearClientSessionCookie } from '../../src/server/session/index.ts';

export default handler(['POST'], async (req) => {
  assertSameOrigin(req);
  return json({ success: true }, { headers: { 'Set-Cookie': clearClientSessionCookie() } });
});

export const config: Config = { path: '/api/auth/signout', method: ['POST'] };
