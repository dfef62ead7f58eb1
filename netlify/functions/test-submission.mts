import type { Config } from '@netlify/functions';
import {
  checkSubmission,
  submissionCheckSchema,
} from '../../src/features/test-mode/test-mode.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { simulatedOnly } from '../../src/server/simulated-only.ts';
import { handler } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';

export default handler(['POST'], async (req) => {
  const off = simulatedOnly();
  if (off) return off;
  const check = await parseJson(req, submissionCheckSchema);
  return json(await checkSubmission(await getDb(), check));
});

export const config: Config = { path: '/api/test/submission', method: ['POST'] };
