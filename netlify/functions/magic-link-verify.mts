// The e-mailed link opens /dashboard, whose Sign in button sends this POST: neither a mail scanner
// fetching the link nor a link planted on another site signs anyone in.
import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/zod.ts';
import {
  LINK_EMAIL_NEEDED,
  LINK_EMAIL_WRONG,
  LINK_OTHER_BROWSER,
  MAGIC_LINK_INVALID,
  SWITCH_NOT_CONFIRMED,
} from '../../src/features/clients/clients.ts';
import {
  MAGIC_LINK_PATH,
  magicLinkTokenSchema,
  readClientAccess,
} from '../../src/features/clients/clients.server.ts';
import { signInWithMagicLink } from '../../src/features/dashboard/dashboard.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { errorJson, HttpError, json, withSecurityHeaders } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import { enforceVisitorLimit } from '../../src/server/rate-limit.ts';

const signInSchema = magicLinkTokenSchema.extend({
  switchAccount: z.boolean().optional(),
  email: z.string().max(254).optional(),
});

// The link stays usable (until the fifth wrong address).
const REFUSALS = {
  'other-browser': [403, LINK_OTHER_BROWSER],
  'switch-not-confirmed': [409, SWITCH_NOT_CONFIRMED],
  'email-needed': [400, LINK_EMAIL_NEEDED],
  'email-wrong': [403, LINK_EMAIL_WRONG],
} as const;

export default handler(['GET', 'POST'], async (req, context) => {
  if (req.method === 'GET') {
    const token = new URL(req.url).searchParams.get('token') ?? '';
    const page = new URL(MAGIC_LINK_PATH, req.url);
    if (token && token.length <= 200) page.searchParams.set('token', token);
    return new Response(null, {
      status: 303,
      headers: withSecurityHeaders({ Location: page.pathname + page.search }),
    });
  }
  // Login CSRF: only a same-origin page may sign a browser in.
  assertSameOrigin(req);
  if (req.headers.get('sec-fetch-site') === 'cross-site')
    throw new HttpError(403, 'Cross-site request refused');
  const { token, switchAccount, email } = await parseJson(req, signInSchema);
  const db = await getDb();
  await enforceVisitorLimit(db, 'magic-link-verify', context);
  const cookie = await signInWithMagicLink(db, token, req, await readClientAccess(db, req), {
    switchAccount: switchAccount === true,
    email,
  });
  if (!cookie) return errorJson(400, MAGIC_LINK_INVALID);
  if (Object.hasOwn(REFUSALS, cookie)) {
    const [status, message] = REFUSALS[cookie as keyof typeof REFUSALS];
    return errorJson(status, message);
  }
  return json({ success: true }, { headers: { 'Set-Cookie': cookie } });
});

export const config: Config = { path: '/api/auth/magic', method: ['GET', 'POST'] };
