import type { Config } from '@netlify/functions';
import { requireOwnedOrder } from '../../src/features/order-onboarding/order-onboarding.server.ts';
import { logoUrlFor, parseOrderId } from '../../src/features/order-onboarding/order-onboarding.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler } from '../../src/server/handler.ts';
import { HttpError, json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';
import { getLogoStore, readLimitedBody, saveLogo } from '../../src/server/uploads/logo.ts';

export default handler(['POST'], async (req) => {
  assertSameOrigin(req);
  const orderId = parseOrderId(new URL(req.url).searchParams.get('orderId'));
  if (!orderId) throw new HttpError(400, 'orderId: Invalid order');
  const db = await getDb();
  const order = await requireOwnedOrder(db, orderId, await readClientAccess(db, req));
  const bytes = await readLimitedBody(req);
  const { key, contentType } = await saveLogo(await getLogoStore(), {
    orderId: order.id,
    clientId: order.clientId,
    bytes,
  });
  return json(
    { logoUrl: logoUrlFor(order.id, key), contentType, size: bytes.byteLength },
    { status: 201 },
  );
});

export const config: Config = {
  path: '/api/onboarding/logo',
  method: ['POST'],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
