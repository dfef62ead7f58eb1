import type { Config } from '@netlify/functions';
import { ownsOrder } from '../../src/features/order-onboarding/order-onboarding.server.ts';
import { parseOrderId } from '../../src/features/order-onboarding/order-onboarding.ts';
import { readSessionToken, validateSession } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, pathParam } from '../../src/server/handler.ts';
import { errorJson, withSecurityHeaders } from '../../src/server/responses.ts';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';
import { getLogoStore, loadLogo, logoResponseHeaders } from '../../src/server/uploads/logo.ts';

export default handler(['GET'], async (req, context) => {
  const key = pathParam(context, 'key');
  const orderId = parseOrderId(pathParam(context, 'orderId'));
  if (!orderId || !key) return errorJson(404, 'Not found');
  const db = await getDb();
  const allowed =
    (await ownsOrder(db, orderId, await readClientAccess(db, req))) ||
    // An admin, once the second factor is verified (the password alone reaches no data).
    Boolean((await validateSession(db, readSessionToken(req)))?.factorVerifiedAt);
  if (!allowed) return errorJson(403, 'You do not have access to this file.');
  const logo = await loadLogo(await getLogoStore(), orderId, key);
  if (!logo) return errorJson(404, 'Not found');
  const headers = withSecurityHeaders(logoResponseHeaders(logo.contentType, logo.bytes.byteLength));
  return new Response(logo.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
});

export const config: Config = { path: '/api/onboarding/logo/:orderId/:key', method: ['GET'] };
