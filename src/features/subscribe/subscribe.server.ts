// Signing up twice is fine: the answer is the same success and the first row is kept.
import { getDb, type Db } from '../../server/db/client.ts';
import { enforceFormLimit, type SubmitOptions } from '../../server/form-submissions.ts';
import { clientIp } from '../../server/client-address.ts';
import { handler } from '../../server/handler.ts';
import { readJson } from '../../server/request-body.ts';
import { json } from '../../server/responses.ts';
import { assertSameOrigin } from '../../server/same-origin.ts';
import type { RateLimit } from '../../server/rate-limit.ts';
import { insertSubscriber } from './subscribers.server.ts';
import { SUBSCRIBE_MESSAGES, subscribeSchema } from './subscribe.ts';

/** Sign-ups per client address in the app (the function's Netlify rateLimit guards the edge). */
export const SUBSCRIBE_RATE_LIMIT: RateLimit = { limit: 5, windowSeconds: 10 * 60 };

export async function subscribe(db: Db, body: unknown, options: SubmitOptions) {
  const input = subscribeSchema.parse(body);
  await enforceFormLimit(db, 'subscribe', options, SUBSCRIBE_RATE_LIMIT);
  if (input.website) return { created: false };
  return { created: await insertSubscriber(db, { email: input.email, source: input.source }) };
}

export function subscribeHandler() {
  return handler(['POST'], async (req, context) => {
    assertSameOrigin(req);
    const body = await readJson(req, 4 * 1024);
    await subscribe(await getDb(), body, { ip: clientIp(context) });
    return json({ success: true, message: SUBSCRIBE_MESSAGES.success });
  });
}
