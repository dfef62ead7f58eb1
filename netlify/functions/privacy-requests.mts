/**
 * The signed-in client's requests about their data (whole account only: 401 without a session,
 * 403 for a session that only paid):
 * GET  /api/privacy/requests         → {requests}: the open ones with their due date, and an
 *                                      export ready to download
 * POST /api/privacy/requests {kind}  → {request, created}: "Download my data" ('export') or
 *                                      "Delete my account" ('erase'), due in 30 days; the team
 *                                      is e-mailed (201; 200 when one of the kind was open)
 */
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
