import type { Config } from '@netlify/functions';
import { recoverSimulatedCheckout } from '../../src/features/checkout/checkout.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { enforceVisitorLimit } from '../../src/server/rate-limit.ts';
import { assertStorableText } from '../../src/server/request-body.ts';
import { withSecurityHeaders } from '../../src/server/responses.ts';
import { simulatedOnly } from '../../src/server/simulated-only.ts';

export default handler(['GET'], async (req, context) => {
  const off = simulatedOnly();
  if (off) return off;
  const db = await getDb();
  await enforceVisitorLimit(db, 'checkout-recover', context);
  const session = new URL(req.url).searchParams.get('session') ?? '';
  // A link is typed or pasted too: a NUL or lone surrogate is a bad link, not a query to run.
  assertStorableText({ session });
  const location = await recoverSimulatedCheckout(db, session);
  return new Response(null, { status: 303, headers: withSecurityHeaders({ Location: location }) });
});

export const config: Config = { path: '/api/checkout-recover', method: ['GET'] };
