// An existing client's address grants nothing of that client: the order waits for the address to
// be proven.
import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/zod.ts';
import { createTestOrder } from '../../src/features/test-mode/test-mode.server.ts';
import { findItem } from '../../src/features/catalogue/catalogue.ts';
import { getDb } from '../../src/server/db/client.ts';
import { simulatedOnly } from '../../src/server/simulated-only.ts';
import { handler } from '../../src/server/handler.ts';
import { parseJson } from '../../src/server/request-body.ts';
import { errorJson, json } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';
import {
  grantOrderToBrowser,
  readClientAccess,
} from '../../src/features/clients/clients.server.ts';

const mockOrderSchema = z.object({
  productId: z.string().min(1, 'productId is required').max(100),
  productName: z.string().max(200).optional(),
  amount: z.number().nonnegative().optional(),
  stripePaymentIntentId: z
    .string()
    .regex(/^[\w-]{1,100}$/, 'Invalid stripePaymentIntentId')
    .optional(),
  status: z.string().max(40).optional(),
  customerName: z.string().trim().min(2).max(200).optional(),
  customerEmail: z.email().max(320).optional(),
});

export default handler(['POST'], async (req) => {
  const off = simulatedOnly();
  if (off) return off;
  assertSameOrigin(req);
  const input = await parseJson(req, mockOrderSchema);
  if (!findItem(input.productId)) return errorJson(400, `Unknown product: ${input.productId}`);
  const db = await getDb();
  const { order } = await createTestOrder(input, db);
  const cookie = await grantOrderToBrowser(db, await readClientAccess(db, req), order);
  const headers: Record<string, string> = cookie ? { 'Set-Cookie': cookie } : {};
  return json(
    {
      orderId: order.id,
      orderNumber: order.orderNumber,
      clientId: order.clientId,
      status: order.status,
    },
    { status: 201, headers },
  );
});

export const config: Config = { path: '/api/test/create-mock-order', method: ['POST'] };
