/** POST /api/billing-portal → {url} of a Stripe Billing Portal session for the signed-in client. */
import type { Config } from '@netlify/functions';
import { billingPortalUrl } from '../../src/features/dashboard/billing.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { assertSameOrigin, errorJson, handler, json } from '../../src/server/http.ts';
import { readClientSession } from '../../src/server/session/index.ts';

export default handler(['POST'], async (req) => {
  assertSameOrigin(req);
  const session = readClientSession(req);
  if (!session) return errorJson(401, 'Please sign in to manage billing.');
  return json({ url: await billingPortalUrl(await getDb(), session.clientId) });
});

export const config: Config = { path: '/api/billing-portal', method: ['POST'] };
