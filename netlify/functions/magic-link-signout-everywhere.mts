import type { Config } from '@netlify/functions';
import {
  clearClientSessionCookie,
  requireWholeAccount,
} from '../../src/features/clients/clients.server.ts';
import { signOutEverywhere } from '../../src/features/dashboard/dashboard.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';

export default handler(['POST'], async (req) => {
  assertSameOrigin(req);
  const db = await getDb();
  const clientId = await requireWholeAccount(db, req, {
    signIn: 'Please sign in first.',
    confirm: 'Please confirm your e-mail address with a sign-in link first.',
  });
  const ended = await signOutEverywhere(db, clientId);
  return json({ success: true, ended }, { headers: { 'Set-Cookie': clearClientSessionCookie() } });
});

export const config: Config = { path: '/api/auth/signout-everywhere', method: ['POST'] };
