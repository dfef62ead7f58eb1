import type { Config } from '@netlify/functions';
import {
  clearClientSessionCookie,
  endClientSession,
  readClientAccess,
} from '../../src/features/clients/clients.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';

export default handler(['POST'], async (req) => {
  assertSameOrigin(req);
  const db = await getDb();
  const access = await readClientAccess(db, req);
  if (access) await endClientSession(db, access);
  return json({ success: true }, { headers: { 'Set-Cookie': clearClientSessionCookie() } });
});

export const config: Config = { path: '/api/auth/signout', method: ['POST'] };
