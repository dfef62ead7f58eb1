/** POST /api/auth/magic-link {email}: e-mails a single-use dashboard sign-in link (same answer for unknown addresses). */
import type { Config } from '@netlify/functions';
import { SIGN_IN_SENT } from '../../src/features/clients/clients.ts';
import { requestSignInLink } from '../../src/features/dashboard/dashboard.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { assertSameOrigin, clientIp, handler, json, readJson } from '../../src/server/http.ts';
import { deliverInBackground } from '../../src/server/mail/outbox.ts';

export default handler(['POST'], async (req, context) => {
  assertSameOrigin(req);
  const body = await readJson(req);
  const db = await getDb();
  const { emailIds } = await requestSignInLink(db, body, { ip: clientIp(req) });
  if (emailIds.length) deliverInBackground(db, emailIds, context);
  return json({ sent: true, message: SIGN_IN_SENT });
});

export const config: Config = {
  path: '/api/auth/magic-link',
  method: ['POST'],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
