import type { Config } from '@netlify/functions';
import { requireProvenAccount } from '../../src/features/clients/clients.server.ts';
import { connectCrm } from '../../src/features/dashboard/dashboard.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, pathParam } from '../../src/server/handler.ts';
import { json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import { deliverInBackground } from '../../src/server/mail/delivery.ts';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';

export default handler(['POST'], async (req, context) => {
  assertSameOrigin(req);
  const db = await getDb();
  const clientId = requireProvenAccount(
    await readClientAccess(db, req),
    pathParam(context, 'userId'),
  );
  const linked = await connectCrm(db, clientId);
  if (linked.emailIds.length) deliverInBackground(db, linked.emailIds, context);
  return json({ isLinked: true, dashboardUrl: linked.dashboardUrl, created: linked.created });
});

export const config: Config = {
  path: '/api/gohighlevel/connect/:userId',
  method: ['POST'],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
