import type { Config } from '@netlify/functions';
import { loadOnboardingState } from '../../src/features/order-onboarding/order-onboarding.server.ts';
import { parseOrderId } from '../../src/features/order-onboarding/order-onboarding.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, pathParam } from '../../src/server/handler.ts';
import { errorJson, json } from '../../src/server/responses.ts';
import { readClientAccess } from '../../src/features/clients/clients.server.ts';

export default handler(['GET'], async (req, context) => {
  const orderId = parseOrderId(pathParam(context, 'orderId'));
  if (!orderId) return errorJson(404, 'Order not found');
  const db = await getDb();
  const state = await loadOnboardingState(db, orderId, await readClientAccess(db, req));
  return json(state);
});

export const config: Config = { path: '/api/onboarding/state/:orderId', method: ['GET'] };
