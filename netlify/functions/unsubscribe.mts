// GET only leads to /unsubscribe, whose button confirms: mail scanners fetch links. No same-origin
// check: mail providers post from their own servers, and the token speaks for its one address.
import type { Config } from '@netlify/functions';
import { unsubscribe } from '../../src/features/recovery/recovery.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { enforceVisitorLimit } from '../../src/server/rate-limit.ts';
import { HttpError, json, withSecurityHeaders } from '../../src/server/responses.ts';

const PAGE = '/unsubscribe';
const MAX_BODY_BYTES = 4 * 1024;
const INVALID = 'This unsubscribe link is not valid.';

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: withSecurityHeaders({ Location: location }) });

export default handler(['GET', 'POST'], async (req, context) => {
  const url = new URL(req.url);
  const token = url.searchParams.get('token') ?? '';
  if (req.method === 'GET') {
    const page = new URL(PAGE, req.url);
    if (token && token.length <= 200) page.searchParams.set('token', token);
    return seeOther(page.pathname + page.search);
  }
  if (Number(req.headers.get('content-length') ?? '0') > MAX_BODY_BYTES)
    throw new HttpError(413, 'Request body is too large');
  const body = (await req.text().catch(() => '')).slice(0, MAX_BODY_BYTES);
  const oneClick = new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click';
  const db = await getDb();
  await enforceVisitorLimit(db, 'unsubscribe', context);
  if (!token || token.length > 200 || !(await unsubscribe(db, token)))
    throw new HttpError(400, INVALID);
  return oneClick ? json({ unsubscribed: true }) : seeOther(`${PAGE}?done=1`);
});

export const config: Config = { path: '/api/unsubscribe', method: ['GET', 'POST'] };
