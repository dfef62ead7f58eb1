// The address travels only in a JSON body, never in the URL: CDN and log-drain logs keep URLs.
import type { Config } from '@netlify/functions';
import {
  erasePersonForAdmin,
  exportPersonForAdmin,
  findPersonForAdmin,
} from '../../src/features/admin/admin.server.ts';
import {
  personEraseSchema,
  personExportSchema,
  personQuerySchema,
} from '../../src/features/admin/admin.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { errorJson, HttpError, json, withSecurityHeaders } from '../../src/server/responses.ts';

const ADDRESS_IN_URL = 'Send the e-mail address in the request body, never in the URL.';

export default adminHandler(['GET', 'POST'], async (req, { db, user, url, context }) => {
  if (url.searchParams.has('email')) throw new HttpError(400, ADDRESS_IN_URL);
  const admin = { ...user, ip: clientIp(context) };
  if (req.method === 'POST' && url.pathname.endsWith('/erase')) {
    const { email, confirm } = await parseJson(req, personEraseSchema);
    if (confirm.toLowerCase() !== email.toLowerCase())
      throw new HttpError(400, 'Type the address again to confirm the erasure.');
    return json(await erasePersonForAdmin(db, admin, email));
  }
  if (req.method !== 'POST') return errorJson(405, ADDRESS_IN_URL, { Allow: 'POST' });
  if (url.pathname.endsWith('/export')) {
    const { email, table } = await parseJson(req, personExportSchema);
    const file = await exportPersonForAdmin(db, admin, email, table ?? null);
    return new Response(file.body, {
      headers: withSecurityHeaders({
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]+/g, '_')}"`,
        'Cache-Control': 'no-store',
      }),
    });
  }
  const { email } = await parseJson(req, personQuerySchema);
  return json(await findPersonForAdmin(db, email));
});

export const config: Config = {
  path: ['/api/admin/people', '/api/admin/people/export', '/api/admin/people/erase'],
  // Only POSTs are routed here; an old GET with the address (a bookmark) reaches no function.
  method: ['POST'],
};
