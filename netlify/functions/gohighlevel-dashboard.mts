/** GET /api/gohighlevel/dashboard/{id} → {dashboardUrl}; only for the signed-in client's own id. */
import type { Config } from '@netlify/functions';
import { crmDashboardUrl, requireOwnAccount } from '../../src/features/clients/crm-link.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, json } from '../../src/server/http.ts';
import { readClientAccess } from '../../src/features/clients/client-sessions.server.ts';

export default handler(['GET'], async (req) => {
  const db = await getDb();
  const clientId = requireOwnAccount(
    await readClientAccess(db, req),
    new URL(req.url).pathname.split('/').pop(),
  );
  return json({ dashboardUrl: await crmDashboardUrl(db, clientId) });
});

export const config: Config = { path: '/api/gohighlevel/dashboard/:id', method: ['GET'] };
