// The answer, its time and its cookie are the same for every address: the address is looked up
// after the answer.
import type { Config } from '@netlify/functions';
import { signInNonce } from '../../src/features/clients/clients.server.ts';
import { SIGN_IN_SENT } from '../../src/features/clients/clients.ts';
import {
  acceptSignInRequest,
  resolveAfterAnswer,
} from '../../src/features/dashboard/dashboard.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { handler } from '../../src/server/handler.ts';
import { readJson } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';

export default handler(['POST'], async (req, context) => {
  assertSameOrigin(req);
  const body = await readJson(req);
  const db = await getDb();
  const { nonce, cookie } = signInNonce(req);
  const request = await acceptSignInRequest(db, body, {
    ip: clientIp(context),
    browserNonce: nonce,
  });
  void resolveAfterAnswer(db, request, context);
  return json({ sent: true, message: SIGN_IN_SENT }, { headers: { 'Set-Cookie': cookie } });
});

export const config: Config = {
  path: '/api/auth/magic-link',
  method: ['POST'],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
