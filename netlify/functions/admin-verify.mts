import type { Config } from '@netlify/functions';
import {
  startPasskeyVerification,
  verifySecondFactor,
} from '../../src/server/auth/factor-steps.ts';
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
