import type { Config } from '@netlify/functions';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { clearedSessionCookie } from '../../src/server/auth/session.ts';
import { signOut, signOutOtherSessions } from '../../src/server/auth/sign-in.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { json } from '../../src/server/responses.ts';

// A session opened by the password alone can be ended too.
export default adminHandler(
  ['POST'],
  async (_req, { db, user, token, url, context }) => {
    const session = { ...user, token, ip: clientIp(context) };
    if (url.pathname.replace(/\/$/, '').endsWith('/others'))
      return json({ ended: await signOutOtherSessions(db, session) });
    await signOut(db, session);
    return json({ ok: true }, { headers: { 'Set-Cookie': clearedSessionCookie() } });
  },
  { partial: true },
);

export const config: Config = {
  path: ['/api/admin/logout', '/api/admin/logout/others'],
  method: ['POST'],
};
