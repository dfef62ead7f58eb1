/**
 * POST /api/test/submission → { stored, emails } (simulated mode only; 404 in production).
 * End-to-end tests confirm a contact message or meeting request reached the database; see
 * src/features/contact/submission-check.server.ts for what it reveals (nothing new).
 */
import type { Config } from '@netlify/functions';
import {
  checkSubmission,
  submissionCheckSchema,
} from '../../src/features/contact/submission-check.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { readEnv } from '../../src/server/env.ts';
import { errorJson, handler, json, parseJson } from '../../src/server/http.ts';

export default handler(['POST'], async (req) => {
  if (!readEnv().simulatedPayments) return errorJson(404, 'Not found');
  const check = await parseJson(req, submissionCheckSchema);
  return json(await checkSubmission(await getDb(), check));
});

export const config: Config = { path: '/api/test/submission', method: ['POST'] };
