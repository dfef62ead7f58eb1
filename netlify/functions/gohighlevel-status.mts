import type { Config } from '@netlify/functions';
import { crmStatus, requireOwnAccount } from '../../src/features/clients/clients.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, pathParam } from '../../src/server/handler.ts';
import { json } from '../../src/server/responses.ts';
import { enforceVisitorLimit } from '../../src/server/rate-limit.ts';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';

export default handler(['GET'], async (req, context) => {
  const db = await getDb();
  await enforceVisitorLimit(db, 'crm-status', context);
  const clientId = requireOwnAccount(await readClientAccess(db, req), pathParam(context, 'userId'));
  return json(await crmStatus(db, clientId));
});

export const config: Config = { path: '/api/gohighlevel/status/:userId', method: ['GET'] };
