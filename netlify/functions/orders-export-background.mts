// Reachable by URL like any function: it builds only an export an admin queued (a random id), once.
import type { Config } from '@netlify/functions';
import { buildOrderExport } from '../../src/features/admin/admin.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { getExportStore } from '../../src/server/exports/export-files.ts';
import { handler } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { json } from '../../src/server/responses.ts';
import { z } from '../../src/lib/zod.ts';

const exportJob = z.object({ id: z.string().max(64) });

export default handler(['POST'], async (req) => {
  const { id } = await parseJson(req, exportJob);
  await buildOrderExport(await getDb(), await getExportStore(), id);
  return json({ ok: true });
});

export const config: Config = {
  path: '/api/background/orders-export',
  method: ['POST'],
  background: true,
};
