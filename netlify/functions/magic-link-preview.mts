/**
 * POST /api/auth/magic/preview {token}: what a sign-in link would do in this browser, without
 * using it: `{ state: 'ready', account: 'j•••@example.com' }` (the dashboard asks "Sign in as
 * …?"; with `current: 'a•••@…'` when this browser is signed in to another account, "Switch to
 * …?"), `{ state: 'other-browser' }` or `{ state: 'invalid' }`.
 */
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
