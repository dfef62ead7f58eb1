// GET (links e-mailed before the page asked first) changes nothing: a mail scanner opening links
// creates nothing. Only the page's POST uses the token.
import type { Config } from '@netlify/functions';
import { confirmClientOnboarding } from '../../src/features/client-onboarding/client-onboarding.server.ts';
import {
  CONFIRM_PARAM,
  confirmRequestSchema,
  type ConfirmResponse,
} from '../../src/features/client-onboarding/client-onboarding.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { json, withSecurityHeaders } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import { deliverInBackground } from '../../src/server/mail/delivery.ts';

export default handler(['GET', 'POST'], async (req, context) => {
  if (req.method === 'GET') {
    const page = new URL('/client-onboarding', req.url);
    const token = new URL(req.url).searchParams.get('token');
    if (token) page.searchParams.set(CONFIRM_PARAM, token.slice(0, 200));
    else page.searchParams.set('account', 'invalid');
    return new Response(null, {
      status: 303,
      headers: withSecurityHeaders({ Location: page.pathname + page.search }),
    });
  }
  assertSameOrigin(req);
  const { token } = await parseJson(req, confirmRequestSchema());
  const db = await getDb();
  const result = await confirmClientOnboarding(db, token, { visitor: req });
  if (result.state === 'created' && result.emailIds.length)
    void deliverInBackground(db, result.emailIds, context);
  const answer: ConfirmResponse =
    result.state === 'created'
      ? { account: 'ready', redirectUrl: result.simulated ? result.dashboardUrl : null }
      : { account: result.state, redirectUrl: null };
  return json(answer);
});

export const config: Config = {
  path: '/api/clients/onboarding/confirm',
  method: ['GET', 'POST'],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
