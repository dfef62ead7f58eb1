// Personal data and the session cookie go only to the browser that paid.
import type { Config } from '@netlify/functions';
import { orderForBrowser } from '../../src/features/checkout/checkout.server.ts';
import { findOrderByPaymentIntent } from '../../src/features/orders/orders.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, pathParam } from '../../src/server/handler.ts';
import { errorJson, json } from '../../src/server/responses.ts';

export default handler(['GET'], async (req, context) => {
  // Ids are [\w-] only, which never needs escaping: checked as sent, before any decoding.
  const paymentIntentId = pathParam(context, 'paymentIntentId');
  if (!/^[\w-]{1,200}$/.test(paymentIntentId)) return errorJson(400, 'Invalid payment reference');
  const db = await getDb();
  const found = await findOrderByPaymentIntent(db, paymentIntentId);
  if (!found) return errorJson(404, 'Order not found');
  const { view, setCookie } = await orderForBrowser(db, req, found);
  return json({ order: view }, { headers: setCookie ? { 'Set-Cookie': setCookie } : {} });
});

export const config: Config = { path: '/api/orders/:paymentIntentId', method: ['GET'] };
