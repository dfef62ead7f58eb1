// A session opened by the password alone may only enrol a first factor; later changes need a
// factor verified in the last 10 minutes.
import type { Config } from '@netlify/functions';
import {
  factorStatus,
  finishPasskeyEnrolment,
  finishTotpEnrolment,
  removeSecondFactor,
  renewRecoveryCodes,
  startPasskeyEnrolment,
  startTotpEnrolment,
} from '../../src/server/auth/factor-steps.ts';
import { passkeyRegisterSchema, totpConfirmSchema } from '../../src/features/admin/admin.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { relyingParty } from '../../src/server/auth/second-factor.ts';
import { sessionCookie } from '../../src/server/auth/session.ts';
import { clientIp } from '../../src/server/client-address.ts';
import { idParam } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { errorJson, json } from '../../src/server/responses.ts';

const enrolledAnswer = ({
  token,
  recoveryCodes,
}: {
  token: string | null;
  recoveryCodes: string[] | null;
}) => json({ recoveryCodes }, token ? { headers: { 'Set-Cookie': sessionCookie(token) } } : {});

export default adminHandler(
  ['GET', 'POST', 'DELETE'],
  async (req, { db, user, token, url, context }) => {
    const session = { ...user, token, ip: clientIp(context) };
    const path = url.pathname.replace(/\/$/, '');
    if (req.method === 'GET' && path === '/api/admin/factors')
      return json(await factorStatus(db, session));
    if (req.method === 'DELETE') {
      const id = idParam(context);
      if (id === null) return errorJson(404, 'Not found');
      await removeSecondFactor(db, session, id);
      return json({ ok: true });
    }
    if (req.method !== 'POST') return errorJson(404, 'Not found');
    switch (path) {
      case '/api/admin/factors/totp':
        return json(await startTotpEnrolment(db, session));
      case '/api/admin/factors/totp/confirm':
        return enrolledAnswer(
          await finishTotpEnrolment(db, session, await parseJson(req, totpConfirmSchema)),
        );
      case '/api/admin/factors/passkey/options':
        return json(await startPasskeyEnrolment(db, session, relyingParty(req)));
      case '/api/admin/factors/passkey':
        return enrolledAnswer(
          await finishPasskeyEnrolment(
            db,
            session,
            await parseJson(req, passkeyRegisterSchema),
            relyingParty(req),
          ),
        );
      case '/api/admin/factors/recovery-codes':
        return json({ recoveryCodes: await renewRecoveryCodes(db, session) });
      default:
        return errorJson(404, 'Not found');
    }
  },
  { partial: true },
);

export const config: Config = {
  path: [
    '/api/admin/factors',
    '/api/admin/factors/totp',
    '/api/admin/factors/totp/confirm',
    '/api/admin/factors/passkey/options',
    '/api/admin/factors/passkey',
    '/api/admin/factors/recovery-codes',
    '/api/admin/factors/:id',
  ],
  method: ['GET', 'POST', 'DELETE'],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
