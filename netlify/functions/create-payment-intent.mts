/** POST /api/create-payment-intent → {clientSecret} for the test suite (simulated mode only). */
import { simulatedPaymentIntent } from '../../src/features/checkout/checkout.server.ts';
import { readEnv } from '../../src/server/env.ts';
import { assertSameOrigin, errorJson, handler, json, readJson } from '../../src/server/http.ts';

export default handler(['POST'], async (req) => {
  if (!readEnv().simulatedPayments) return errorJson(404, 'Not found');
  assertSameOrigin(req);
  return json(simulatedPaymentIntent(await readJson(req)));
});

export const config = { path: '/api/create-payment-intent', method: ['POST'] };
