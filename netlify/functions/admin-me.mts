// Signed out is an answer, not an error (200 with `{ user: null }`), so the panel's first check
// does not log a failed request in the console.
import type { Config } from '@netlify/functions';
import { signInStage } from '../../src/server/auth/factor-steps.ts';
import { readSessionToken, validateSession } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { json } from '../../src/server/responses.ts';

export default handler(['GET'], async (req) => {
  const db = await getDb();
  const session = await validateSession(db, readSessionToken(req));
  if (!session) return json({ user: null });
  return json({ user: { username: session.username }, stage: await signInStage(db, session) });
});

export const config: Config = { path: '/api/admin/me', method: ['GET'] };
