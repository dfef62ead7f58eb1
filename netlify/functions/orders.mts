/** GET /api/orders/{paymentIntentId} → {order: {id, status, amount, customerName, customerEmail, createdAt, items}}. */
import { findOrderByPaymentIntent, orderView } from '../../src/features/orders/orders.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { errorJson, handler, json } from '../../src/server/http.ts';
import { createClientSessionCookie } from '../../src/server/session/index.ts';

export default handler(['GET'], async (req) => {
  const paymentIntentId = decodeURIComponent(new URL(req.url).pathname.split('/').pop() ?? '');
  if (!/^[\w-]{1,200}$/.test(paymentIntentId)) return errorJson(400, 'Invalid payment reference');
  const found = await findOrderByPaymentIntent(await getDb(), paymentIntentId);
  if (!found) return errorJson(404, 'Order not found');
  const headers: Record<string, string> = {};
  const settled = found.order.status === 'paid' || found.order.status === 'completed';
  // The payment reference is as secret as the session id in the success URL.
  if (settled && found.order.clientId)
    headers['Set-Cookie'] = createClientSessionCookie(found.order.clientId);
  return json({ order: orderView(found) }, { headers });
});

export const config = { path: '/api/orders/:paymentIntentId', method: ['GET'] };
