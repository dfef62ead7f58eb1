/** A checkout session as /api/create-checkout-session stores it, for tests of what follows. */
import { priceCart } from '../features/checkout/checkout.ts';
import type { Db } from '../server/db/client.ts';
import { checkoutSessions } from '../server/db/schema.ts';

type CartItem = Parameters<typeof priceCart>[0][number];

/** The reference a fixture session's success URL carries. */
export const successRefOf = (id: string) => `ref-${id}`.padEnd(16, '0');

export async function storeCheckoutSession(
  db: Db,
  id: string,
  items: CartItem[] = [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
  provider: 'stripe' | 'simulated' = 'stripe',
): Promise<{ id: string; amount: number }> {
  const cart = priceCart(items);
  await db.insert(checkoutSessions).values({
    id,
    provider,
    mode: cart.mode,
    lines: cart.lines,
    amountTotalCents: cart.amountTotalCents,
    successUrl: `http://localhost:4321/checkout/success?session_id={CHECKOUT_SESSION_ID}&ref=${successRefOf(id)}`,
    successRef: successRefOf(id),
    cancelUrl: 'http://localhost:4321/checkout?canceled=1',
  });
  return { id, amount: cart.amountTotalCents };
}
