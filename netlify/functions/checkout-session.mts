// The provider is asked only while the order does not exist yet, and never about an id the site
// did not store unless `ref` (from the success URL) names one of its expired checkouts.
import type { Config } from '@netlify/functions';
import { lookupCheckoutSession } from '../../src/features/checkout/checkout.server.ts';
import { SUCCESS_REF, SUCCESS_REF_PARAM } from '../../src/features/checkout/checkout.ts';
import { getDb } from '../../src/server/db/client.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { handler, pathParam } from '../../src/server/handler.ts';
import { errorJson, json } from '../../src/server/responses.ts';

export default handler(['GET'], async (req, context) => {
  // Ids are [\w-] only, which never needs escaping: checked as sent, before any decoding.
  const sessionId = pathParam(context, 'sessionId');
  if (!/^[\w-]{1,200}$/.test(sessionId)) return errorJson(400, 'Invalid session id');
  const successRef = new URL(req.url).searchParams.get(SUCCESS_REF_PARAM);
  if (successRef !== null && !SUCCESS_REF.test(successRef))
    return errorJson(400, 'Invalid checkout reference');
  const result = await lookupCheckoutSession(req, sessionId, {
    db: await getDb(),
    context,
    ip: clientIp(context),
    successRef,
  });
  if (!result) return errorJson(404, 'Checkout session not found');
  const headers: Record<string, string> = result.setCookie
    ? { 'Set-Cookie': result.setCookie }
    : {};
  return json(result.view, { headers });
});

export const config: Config = { path: '/api/checkout-session/:sessionId', method: ['GET'] };
