import type { Config } from '@netlify/functions';
import {
  allowedOrigins,
  checkoutAttempt,
  startCheckout,
} from '../../src/features/checkout/checkout.server.ts';
import { provenCustomerId } from '../../src/features/clients/clients.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { readEnv } from '../../src/server/env.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { handler } from '../../src/server/handler.ts';
import { readJson } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import { getPaymentProvider } from '../../src/server/payments/index.ts';
import { enforce } from '../../src/server/rate-limit.ts';

export default handler(['POST'], async (req, context) => {
  assertSameOrigin(req);
  const env = readEnv();
  const db = await getDb();
  const provider = getPaymentProvider(env);
  // Every real session is a Stripe API call; the simulated provider costs nothing.
  if (provider.name === 'stripe') {
    await enforce(db, `checkout:${clientIp(context)}`, { limit: 20, windowSeconds: 600 });
  }
  const attempt = checkoutAttempt(req);
  const customerId = provider.name === 'stripe' ? await provenCustomerId(db, req) : null;
  const { url } = await startCheckout(
    db,
    provider,
    await readJson(req),
    allowedOrigins(req, env.siteUrl),
    attempt.token,
    { customerId, visitor: req },
  );
  // The cookie is what later proves this browser paid (the success URL alone proves nothing).
  return json({ url }, { headers: { 'Set-Cookie': attempt.cookie } });
});

export const config: Config = { path: '/api/create-checkout-session', method: ['POST'] };
