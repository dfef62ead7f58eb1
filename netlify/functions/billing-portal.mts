/** POST /api/billing-portal → {url} of a Stripe Billing Portal session for the signed-in client. */
import type { Config } from '@netlify/functions';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';
import { billingPortalUrl } from '../../src/features/dashboard/dashboard.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { assertSameOrigin, errorJson, handler, json } from '../../src/server/http.ts';

export default handler(['POST'], async (req) => {
  assertSameOrigin(req);
  const db = await getDb();
  const access = await readClientAccess(db, req);
  if (!access) return errorJson(401, 'Please sign in to manage billing.');
  // Billing belongs to the proven owner of the address, never to a browser that only paid.
  if (!access.wholeAccount || access.clientId === null)
    return errorJson(
      403,
      'Please confirm your e-mail address with a sign-in link to manage billing.',
    );
  return json({ url: await billingPortalUrl(db, access.clientId) });
});

export const config: Config = { path: '/api/billing-portal', method: ['POST'] };
