import type { Config } from '@netlify/functions';
import { requireWholeAccount } from '../../src/features/clients/clients.server.ts';
import { billingPortalUrl } from '../../src/features/dashboard/dashboard.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import { enforceVisitorLimit } from '../../src/server/rate-limit.ts';

export default handler(['POST'], async (req, context) => {
  assertSameOrigin(req);
  const db = await getDb();
  await enforceVisitorLimit(db, 'billing-portal', context);
  // Billing belongs to the proven owner of the address, never to a browser that only paid.
  const clientId = await requireWholeAccount(db, req, {
    signIn: 'Please sign in to manage billing.',
    confirm: 'Please confirm your e-mail address with a sign-in link to manage billing.',
  });
  return json({ url: await billingPortalUrl(db, clientId) });
});

export const config: Config = { path: '/api/billing-portal', method: ['POST'] };
