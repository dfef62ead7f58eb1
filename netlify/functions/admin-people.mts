/**
 * The admin's person view (everything stored about one e-mail address):
 * GET  /api/admin/people?email=…                        rows per table and logos
 * GET  /api/admin/people/export?email=…[&table=name]     the data as JSON, or one table as CSV
 * POST /api/admin/people/erase {email, confirm}           erases the address everywhere
 * Exports and erasure need a second factor verified in the last 10 minutes (403 otherwise).
 * Clients' requests from the dashboard: admin-privacy-requests.mts.
 */
import type { Config } from '@netlify/functions';
import {
  erasePersonForAdmin,
  exportPersonForAdmin,
  findPersonForAdmin,
} from '../../src/features/admin/admin.server.ts';
import { personEraseSchema, personQuerySchema } from '../../src/features/admin/admin.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { errorJson, HttpError, json, withSecurityHeaders } from '../../src/server/responses.ts';

export default adminHandler(['GET', 'POST'], async (req, { db, user, url, context }) => {
  const admin = { ...user, ip: clientIp(context) };
  if (req.method === 'POST' && url.pathname.endsWith('/erase')) {
    const { email, confirm } = await parseJson(req, personEraseSchema);
    if (confirm.toLowerCase() !== email.toLowerCase())
      throw new HttpError(400, 'Type the address again to confirm the erasure.');
    return json(await erasePersonForAdmin(db, admin, email));
  }
  if (req.method !== 'GET') return errorJson(404, 'Not found');
  const { email } = personQuerySchema.parse({ email: url.searchParams.get('email') ?? '' });
  if (url.pathname.endsWith('/export')) {
    const table = url.searchParams.get('table');
    const file = await exportPersonForAdmin(db, admin, email, table);
    return new Response(file.body, {
      headers: withSecurityHeaders({
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]+/g, '_')}"`,
        'Cache-Control': 'no-store',
      }),
    });
  }
  return json(await findPersonForAdmin(db, email));
});

export const config: Config = {
  path: ['/api/admin/people', '/api/admin/people/export', '/api/admin/people/erase'],
  method: ['GET', 'POST'],
};
