import type { Config } from '@netlify/functions';
import {
  MAX_WEBHOOK_BYTES,
  handleStripeEvent,
  verifyStripeEvent,
} from '../../src/features/checkout/checkout.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { readEnv } from '../../src/server/env.ts';
import { handler } from '../../src/server/handler.ts';
import { readBodyLimited } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';

export default handler(['POST'], async (req, context) => {
  // The signature covers the exact bytes, so the body is read as text and never re-serialised;
  // it is read as a stream that stops at the limit, whatever Content-Length says.
  const raw = Buffer.from(
    await readBodyLimited(req, MAX_WEBHOOK_BYTES, 'Payload too large'),
  ).toString('utf8');
  const event = await verifyStripeEvent(
    raw,
    req.headers.get('stripe-signature'),
    readEnv().stripeWebhookSecret,
  );
  // Answers as soon as the order is committed; the e-mail goes out through waitUntil.
  return json(await handleStripeEvent(await getDb(), event, context));
});

export const config: Config = { path: '/api/stripe-webhook', method: ['POST'] };
