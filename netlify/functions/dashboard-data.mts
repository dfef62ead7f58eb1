// Signed out answers `{ client: null }` (200): the normal first visit, not a failed request.
import type { Config } from '@netlify/functions';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';
import { SIGNED_OUT } from '../../src/features/dashboard/dashboard.ts';
import { clientDashboard } from '../../src/features/dashboard/dashboard.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { json } from '../../src/server/responses.ts';

export default handler(['GET'], async (req) => {
  const db = await getDb();
  const access = await readClientAccess(db, req);
  if (!access) return json(SIGNED_OUT);
  return json(await clientDashboard(db, access));
});

export const config: Config = { path: '/api/dashboard', method: ['GET'] };
