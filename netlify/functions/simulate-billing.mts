// Anyone but the client who may see the order, or an admin, gets the same 404 as an unknown order.
import type { Config } from '@netlify/functions';
import { canSeeOrder, readClientAccess } from '../../src/features/clients/clients.server.ts';
import { findOrder } from '../../src/features/orders/orders.server.ts';
import {
  simulateBilling,
  simulateBillingSchema,
} from '../../src/features/subscriptions/subscriptions.server.ts';
import { requireAdmin } from '../../src/server/auth/guard.ts';
import { getDb, type Db } from '../../src/server/db/client.ts';
import { simulatedOnly } from '../../src/server/simulated-only.ts';
import { handler } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { errorJson, json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';

async function isAdmin(db: Db, req: Request): Promise<boolean> {
  return requireAdmin(db, req).then(
    () => true,
    () => false,
  );
}

export default handler(['POST'], async (req, context) => {
  const off = simulatedOnly();
  if (off) return off;
  assertSameOrigin(req);
  const input = await parseJson(req, simulateBillingSchema);
  const db = await getDb();
  const order = await findOrder(db, input.orderId);
  const allowed =
    order && ((await isAdmin(db, req)) || canSeeOrder(await readClientAccess(db, req), order));
  if (!order || !allowed) return errorJson(404, 'Order not found');
  const message = await simulateBilling(db, order, input, { context });
  return json({ message });
});

export const config: Config = { path: '/api/test/simulate-billing', method: ['POST'] };
