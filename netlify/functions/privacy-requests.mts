import type { Config } from '@netlify/functions';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';
import {
  askForPrivacyAction,
  privacyRequestSchema,
  privacyRequestsForClient,
} from '../../src/features/privacy/privacy.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import { deliverInBackground } from '../../src/server/mail/delivery.ts';
import { enforceVisitorLimit } from '../../src/server/rate-limit.ts';

export default handler(['GET', 'POST'], async (req, context) => {
  const db = await getDb();
  if (req.method === 'GET') {
    return json(await privacyRequestsForClient(db, await readClientAccess(db, req)));
  }
  assertSameOrigin(req);
  await enforceVisitorLimit(db, 'privacy-request', context);
  const { kind } = await parseJson(req, privacyRequestSchema);
  const { emailIds, ...answer } = await askForPrivacyAction(
    db,
    await readClientAccess(db, req),
    kind,
  );
  if (emailIds.length) void deliverInBackground(db, emailIds, context);
  return json(answer, { status: answer.created ? 201 : 200 });
});

export const config: Config = { path: '/api/privacy/requests', method: ['GET', 'POST'] };
