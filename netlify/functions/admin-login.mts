import type { Config } from '@netlify/functions';
import { loginSchema } from '../../src/features/admin/admin.ts';
import { assertCsrf } from '../../src/server/auth/guard.ts';
import { readSessionToken, sessionCookie } from '../../src/server/auth/session.ts';
import { signInStage } from '../../src/server/auth/factor-steps.ts';
import { signIn } from '../../src/server/auth/sign-in.ts';
import { getDb } from '../../src/server/db/client.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { handler } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';

export default handler(['POST'], async (req, context) => {
  assertCsrf(req);
  const input = await parseJson(req, loginSchema);
  const db = await getDb();
  const { user, token } = await signIn(db, {
    ...input,
    ip: clientIp(context),
    previousToken: readSessionToken(req),
  });
  const stage = await signInStage(db, { id: user.id, factorVerifiedAt: null });
  return json(
    { user: { username: user.username }, stage },
    { headers: { 'Set-Cookie': sessionCookie(token) } },
  );
});

export const config: Config = {
  path: '/api/admin/login',
  method: ['POST'],
  // Netlify's edge limit in front of the app's own guards: failures per account only slow it down,
  // so nobody can lock the owner out. This bounds how many delayed requests one address keeps open.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
