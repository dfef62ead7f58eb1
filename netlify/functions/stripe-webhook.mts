/** POST /api/stripe-webhook — verified on the raw body, then exactly-once fulfilment. */
import {
  MAX_WEBHOOK_BYTES,
  handleStripeEvent,
  verifyStripeEvent,
} from '../../src/features/checkout/stripe-webhook.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { readEnv } from '../../src/server/env.ts';
import { HttpError, handler, json } from '../../src/server/http.ts';

export default handler(['POST'], async (req) => {
  // The signature covers the exact bytes, so the body is read as text and never re-serialised.
  const raw = await req.text();
  if (Buffer.byteLength(raw) > MAX_WEBHOOK_BYTES) throw new HttpError(413, 'Payload too large');
  const event = verifyStripeEvent(
    raw,
    req.headers.get('stripe-signature'),
    readEnv().stripeWebhookSecret,
  );
  return json(await handleStripeEvent(await getDb(), event));
});

export const config = { path: '/api/stripe-webhook', method: ['POST'] };
