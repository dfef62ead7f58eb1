/** GET /api/gohighlevel/status/{userId} → {isLinked}; only for the signed-in client's own id. */
import type { Config } from '@netlify/functions';
import { crmStatus, requireOwnAccount } from '../../src/features/dashboard/gohighlevel.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, json } from '../../src/server/http.ts';
import { readClientSession } from '../../src/server/session/index.ts';

export default handler(['GET'], async (req) => {
  const clientId = requireOwnAccount(
    readClientSession(req),
    new URL(req.url).pathname.split('/').pop(),
  );
  return json(await crmStatus(await getDb(), clientId));
});

export const config: Config = { path: '/api/gohighlevel/status/:userId', method: ['GET'] };
