/**
 * The second factor at sign-in and for step-up (a session opened by the password alone, or a
 * verified one whose factor is older than 10 minutes):
 * POST /api/admin/verify/options   WebAuthn authentication options for the account's passkeys
 * POST /api/admin/verify           {method: 'passkey', response} | {method: 'totp' | 'recovery', code}
 * Success answers the session's new cookie; a wrong factor is 400, the fifth in a session ends
 * it (401), and the limits answer 429 + Retry-After (docs/security.md). A passkey answer
 * without a challenge issued in the last 5 minutes is 409.
 */
import type { Config } from '@netlify/functions';
import {
  startPasskeyVerification,
  verifySecondFactor,
} from '../../src/features/admin/admin.server.ts';
import { verifySchema } from '../../src/features/admin/admin.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { relyingParty } from '../../src/server/auth/second-factor.ts';
import { sessionCookie } from '../../src/server/auth/session.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';

export default adminHandler(
  ['POST'],
  async (req, { db, user, token, url, context }) => {
    const session = { ...user, token, ip: clientIp(context) };
    if (url.pathname.endsWith('/options'))
      return json(await startPasskeyVerification(db, session, relyingParty(req)));
    const input = await parseJson(req, verifySchema);
    const next = await verifySecondFactor(db, session, input, relyingParty(req));
    return json({ ok: true }, { headers: { 'Set-Cookie': sessionCookie(next) } });
  },
  { partial: true },
);

export const config: Config = {
  path: ['/api/admin/verify', '/api/admin/verify/options'],
  method: ['POST'],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
