import { randomUUID } from 'node:crypto';
import { z } from '../../lib/zod';
import { simulatedId } from '../../server/payments/simulated.ts';
import { checkoutItemSchema } from '../checkout/checkout';
import { pricedCart } from '../checkout/checkout.server.ts';

const paymentIntentSchema = z.object({
  items: z.array(checkoutItemSchema).min(1, 'Your cart is empty').max(50),
  totalAmount: z.number().optional(),
  customerInfo: z
    .object({ name: z.string().max(200).optional(), email: z.string().max(320).optional() })
    .optional(),
});

/** Priced from the catalogue: the browser's total is ignored. */
export function simulatedPaymentIntent(body: unknown) {
  const input = paymentIntentSchema.parse(body);
  const cart = pricedCart(input.items);
  const id = simulatedId('pi');
  return {
    id,
    clientSecret: `${id}_secret_${randomUUID().replaceAll('-', '')}`,
    amount: cart.amountTotalCents,
    currency: 'usd',
  };
}
