/**
 * /api/auth/magic: exchanges a sign-in token for the client session cookie.
 * GET ?token=… redirects to /dashboard (signed in, or with ?signin=invalid);
 * POST {token} is what the dashboard page uses for its own ?token= links, so a mail
 * scanner that merely fetches the e-mailed page never uses the token up.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { MAGIC_LINK_INVALID } from '../../src/features/dashboard/dashboard.ts';
import { getDb } from '../../src/server/db/client.ts';
import {
  assertSameOrigin,
  errorJson,
  handler,
  json,
  parseJson,
  withSecurityHeaders,
} from '../../src/server/http.ts';
import { consumeMagicLink, createClientSessionCookie } from '../../src/server/session/index.ts';

const tokenSchema = z.object({
  token: z.string().min(1, MAGIC_LINK_INVALID).max(200, MAGIC_LINK_INVALID),
});

export default handler(['GET', 'POST'], async (req) => {
  const db = await getDb();
  if (req.method === 'GET') {
    const token = new URL(req.url).searchParams.get('token') ?? '';
    const result = await consumeMagicLink(db, token);
    const headers = withSecurityHeaders({
      Location: result ? '/dashboard' : '/dashboard?signin=invalid',
    });
    if (result) headers.set('Set-Cookie', createClientSessionCookie(result.clientId));
    return new Response(null, { status: 303, headers });
  }
  assertSameOrigin(req);
  const { token } = await parseJson(req, tokenSchema);
  const result = await consumeMagicLink(db, token);
  if (!result) return errorJson(400, MAGIC_LINK_INVALID);
  return json(
    { success: true },
    { headers: { 'Set-Cookie': createClientSessionCookie(result.clientId) } },
  );
});

export const config: Config = { path: '/api/auth/magic', method: ['GET', 'POST'] };
