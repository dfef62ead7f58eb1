/** POST /api/create-payment-intent → {clientSecret} for the test suite (simulated mode only). */
import type { Config } from '@netlify/functions';
import { simulatedPaymentIntent } from '../../src/features/test-mode/test-mode.server.ts';
import { assertSameOrigin, handler, json, readJson } from '../../src/server/http.ts';
import { simulatedOnly } from '../../src/server/simulated-only.ts';

export default handler(['POST'], async (req) => {
  const off = simulatedOnly();
  if (off) return off;
  assertSameOrigin(req);
  return json(simulatedPaymentIntent(await readJson(req)));
});

export const config: Config = { path: '/api/create-payment-intent', method: ['POST'] };
