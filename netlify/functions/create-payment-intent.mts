import type { Config } from '@netlify/functions';
import { simulatedPaymentIntent } from '../../src/features/test-mode/test-mode.server.ts';
import { handler } from '../../src/server/handler.ts';
import { readJson } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import { simulatedOnly } from '../../src/server/simulated-only.ts';

export default handler(['POST'], async (req) => {
  const off = simulatedOnly();
  if (off) return off;
  assertSameOrigin(req);
  return json(simulatedPaymentIntent(await readJson(req)));
});

export const config: Config = { path: '/api/create-payment-intent', method: ['POST'] };
