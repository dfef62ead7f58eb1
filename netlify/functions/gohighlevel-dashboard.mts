import type { Config } from '@netlify/functions';
import { crmDashboardUrl, requireOwnAccount } from '../../src/features/clients/clients.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, pathParam } from '../../src/server/handler.ts';
import { json } from '../../src/server/responses.ts';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';

export default handler(['GET'], async (req, context) => {
  const db = await getDb();
  const clientId = requireOwnAccount(await readClientAccess(db, req), pathParam(context, 'id'));
  return json({ dashboardUrl: await crmDashboardUrl(db, clientId) });
});

export const config: Config = { path: '/api/gohighlevel/dashboard/:id', method: ['GET'] };
