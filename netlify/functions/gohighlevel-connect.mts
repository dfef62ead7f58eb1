/** POST /api/gohighlevel/connect/{userId}: "Connect to GoHighLevel" creates the client's sub-account. */
import type { Config, Context } from '@netlify/functions';
import {
  connectClient,
  requireOwnAccount,
} from '../../src/features/dashboard/gohighlevel.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { assertSameOrigin, handler, json } from '../../src/server/http.ts';
import { deliverInBackground } from '../../src/server/mail/outbox.ts';
import { readClientSession } from '../../src/server/session/index.ts';

export default handler(['POST'], async (req, context) => {
  assertSameOrigin(req);
  const clientId = requireOwnAccount(
    readClientSession(req),
    new URL(req.url).pathname.split('/').pop(),
  );
  const db = await getDb();
  const linked = await connectClient(db, clientId);
  if (linked.emailIds.length) deliverInBackground(db, linked.emailIds, context as Context);
  return json({ isLinked: true, dashboardUrl: linked.dashboardUrl, created: linked.created });
});

export const config: Config = {
  path: '/api/gohighlevel/connect/:userId',
  method: ['POST'],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
