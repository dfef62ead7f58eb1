import type { Config } from '@netlify/functions';
import {
  actingClientId,
  magicLinkTokenSchema,
  previewMagicLink,
  readClientAccess,
} from '../../src/features/clients/clients.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import { enforceVisitorLimit } from '../../src/server/rate-limit.ts';

export default handler(['POST'], async (req, context) => {
  assertSameOrigin(req);
  const { token } = await parseJson(req, magicLinkTokenSchema);
  const db = await getDb();
  await enforceVisitorLimit(db, 'magic-link-preview', context);
  const access = await readClientAccess(db, req);
  return json(
    await previewMagicLink(db, token, req, {
      currentClientId: access ? actingClientId(access) : null,
    }),
  );
});

export const config: Config = { path: '/api/auth/magic/preview', method: ['POST'] };
