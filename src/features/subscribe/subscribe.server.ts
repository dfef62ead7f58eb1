/**
 * Early-access sign-ups: validate with the form's schema, rate-limit per client address,
 * drop honeypot submissions, then store the address. Signing up twice is fine: the answer is
 * the same success and the first row is kept.
 */
import type { Db } from '../../server/db/client.ts';
import { getDb } from '../../server/db/client.ts';
import { subscribers } from '../../server/db/schema.ts';
import { assertSameOrigin, clientIp, handler, json, readJson } from '../../server/http.ts';
import { enforce, type RateLimit } from '../../server/rate-limit.ts';
import { SUBSCRIBE_MESSAGES, subscribeSchema } from './subscribe.ts';

/** Sign-ups per client address in the app (the function's Netlify rateLimit guards the edge). */
export const SUBSCRIBE_RATE_LIMIT: RateLimit = { limit: 5, windowSeconds: 10 * 60 };

export async function subscribe(db: Db, body: unknown, options: { ip: string; now?: Date }) {
  const input = subscribeSchema.parse(body);
  await enforce(db, `subscribe:${options.ip}`, SUBSCRIBE_RATE_LIMIT, options.now);
  // A filled honeypot gets the same success answer, but nothing is stored (see subscribe.ts).
  if (input.website) return { created: false };
  const inserted = await db
    .insert(subscribers)
    .values({ email: input.email, source: input.source })
    .onConflictDoNothing({ target: subscribers.email })
    .returning({ id: subscribers.id });
  return { created: inserted.length > 0 };
}

export function subscribeHandler() {
  return handler(['POST'], async (req, context) => {
    assertSameOrigin(req);
    const body = await readJson(req, 4 * 1024);
    await subscribe(await getDb(), body, { ip: clientIp(context) });
    return json({ success: true, message: SUBSCRIBE_MESSAGES.success });
  });
}
