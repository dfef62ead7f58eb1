// They follow the purchase rules: an existing client's address leaves the order waiting for proof.
import { randomBytes } from 'node:crypto';
import { getDb, type Db } from '../../server/db/client.ts';
import { simulatedId } from '../../server/payments/simulated.ts';
import { findItem, toCents } from '../catalogue/catalogue';
import { clientForPurchase } from '../clients/clients.server.ts';
import { insertOrder, newOrderNumber, type OrderWithItems } from '../orders/orders.server.ts';

export type TestOrderInput = {
  productId: string;
  stripePaymentIntentId?: string | undefined;
  customerName?: string | undefined;
  customerEmail?: string | undefined;
};

export const TEST_CUSTOMER_NAME = 'Test Customer';

/** Each mock order gets its own test address, so a new client is created for it. */
function testCustomerEmail(): string {
  return `test.customer+${randomBytes(6).toString('hex')}@example.com`;
}

export async function createTestOrder(input: TestOrderInput, db?: Db): Promise<OrderWithItems> {
  const database = db ?? (await getDb());
  const item = findItem(input.productId);
  if (!item) throw new Error(`Unknown product: ${input.productId}`);
  const [cycle] = (['oneTime', 'monthly', 'yearly'] as const).filter(
    (c) => item.prices[c] !== undefined,
  );
  if (!cycle) throw new Error(`${item.id} has no price`);
  const unitAmountCents = toCents(item.prices[cycle] ?? 0);
  const email = input.customerEmail ?? testCustomerEmail();
  const name = input.customerName ?? TEST_CUSTOMER_NAME;

  return database.transaction(async (tx) => {
    const buyer = await clientForPurchase(tx, { email, name });
    const created = await insertOrder(
      tx,
      {
        orderNumber: newOrderNumber(),
        checkoutSessionId: simulatedId('cs').replace('sim_cs_', 'test_cs_'),
        clientId: buyer.created ? buyer.clientId : null,
        productId: item.id,
        productName: item.name,
        amount: unitAmountCents,
        // A mock order is charged its price: no code, no tax.
        subtotalCents: unitAmountCents,
        discountCents: 0,
        discounts: [],
        taxCents: 0,
        taxes: [],
        stripePaymentIntentId: input.stripePaymentIntentId ?? simulatedId('pi'),
        customerEmail: email,
        customerName: name,
        status: 'completed',
        mode: cycle === 'oneTime' ? 'payment' : 'subscription',
        isTest: true,
        paidAt: new Date(),
      },
      [
        {
          id: item.id,
          name: item.name,
          type: item.type,
          billingCycle: cycle,
          unitAmountCents,
          quantity: 1,
        },
      ],
    );
    if (!created) throw new Error('Test order insert returned no row');
    return created;
  });
}
