/** GET /api/dashboard: the signed-in client's orders with onboarding progress (401 without a session). */
import type { Config } from '@netlify/functions';
import { clientDashboard } from '../../src/features/dashboard/dashboard.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { errorJson, handler, json } from '../../src/server/http.ts';
import { readClientSession } from '../../src/server/session/index.ts';

export default handler(['GET'], async (req) => {
  const session = readClientSession(req);
  if (!session) return errorJson(401, 'Please sign in to see your dashboard.');
  return json(await clientDashboard(await getDb(), session.clientId));
});

export const config: Config = { path: '/api/dashboard', method: ['GET'] };
