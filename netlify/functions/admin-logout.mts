/** POST /api/admin/logout: ends the session server side and clears the cookie. */
import type { Config } from '@netlify/functions';
import { signOut } from '../../src/features/admin/admin.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { clearedSessionCookie } from '../../src/server/auth/session.ts';
import { json } from '../../src/server/responses.ts';

// A session opened by the password alone can be ended too.
export default adminHandler(
  ['POST'],
  async (_req, { db, token }) => {
    await signOut(db, token);
    return json({ ok: true }, { headers: { 'Set-Cookie': clearedSessionCookie() } });
  },
  { partial: true },
);

export const config: Config = { path: '/api/admin/logout', method: ['POST'] };
