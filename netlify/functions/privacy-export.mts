import type { Config } from '@netlify/functions';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';
import { exportOwnData } from '../../src/features/privacy/privacy.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { handler } from '../../src/server/handler.ts';
import { withSecurityHeaders } from '../../src/server/responses.ts';
import { enforceVisitorLimit } from '../../src/server/rate-limit.ts';

export default handler(['GET'], async (req, context) => {
  const db = await getDb();
  await enforceVisitorLimit(db, 'privacy-export', context);
  const file = await exportOwnData(db, await readClientAccess(db, req), { ip: clientIp(context) });
  return new Response(file.body, {
    headers: withSecurityHeaders({
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    }),
  });
});

export const config: Config = { path: '/api/privacy/export', method: ['GET'] };
