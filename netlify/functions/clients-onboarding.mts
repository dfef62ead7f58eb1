import type { Config } from '@netlify/functions';
import { submitClientOnboarding } from '../../src/features/client-onboarding/client-onboarding.server.ts';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { handler } from '../../src/server/handler.ts';
import { readJson } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import { deliverInBackground } from '../../src/server/mail/delivery.ts';

export default handler(['POST'], async (req, context) => {
  assertSameOrigin(req);
  const body = await readJson(req);
  const db = await getDb();
  const { response, emailIds } = await submitClientOnboarding(db, body, {
    ip: clientIp(context),
    access: await readClientAccess(db, req),
  });
  // Nothing is queued for a honeypot submission (see client-onboarding.ts).
  if (emailIds.length) void deliverInBackground(db, emailIds, context);
  return json(response);
});

export const config: Config = {
  path: '/api/clients/onboarding',
  method: ['POST'],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
