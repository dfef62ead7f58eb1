/** GET /api/gohighlevel/dashboard/{id} → {dashboardUrl}; only for the signed-in client's own id. */
import type { Config } from '@netlify/functions';
import {
  crmDashboardUrl,
  requireOwnAccount,
} from '../../src/features/dashboard/gohighlevel.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, json } from '../../src/server/http.ts';
import { readClientSession } from '../../src/server/session/index.ts';

export default handler(['GET'], async (req) => {
  const clientId = requireOwnAccount(
    readClientSession(req),
    new URL(req.url).pathname.split('/').pop(),
  );
  return json({ dashboardUrl: await crmDashboardUrl(await getDb(), clientId) });
});

export const config: Config = { path: '/api/gohighlevel/dashboard/:id', method: ['GET'] };
