/**
 * GET /api/dashboard: the signed-in client's orders with onboarding progress. Without a
 * session it answers `{ client: null }` (200): being signed out is the normal first visit, not
 * a failed request for the browser console to report.
 */
import type { Config } from '@netlify/functions';
import { SIGNED_OUT } from '../../src/features/dashboard/dashboard.ts';
import { clientDashboard } from '../../src/features/dashboard/dashboard.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, json } from '../../src/server/http.ts';
import { readClientSession } from '../../src/server/session/index.ts';

export default handler(['GET'], async (req) => {
  const session = readClientSession(req);
  if (!session) return json(SIGNED_OUT);
  return json(await clientDashboard(await getDb(), session.clientId));
});

export const config: Config = { path: '/api/dashboard', method: ['GET'] };
