import { describe, expect, it } from 'vitest';
import { customerEraserFor, stripeCustomerEraser } from './customers';

const api = (del: (id: string) => Promise<unknown>) => ({ customers: { del } });

describe("the payment provider's part of an erasure", () => {
  it('deletes the Stripe customer', async () => {
    const deleted: string[] = [];
    const eraser = stripeCustomerEraser(api(async (id) => deleted.push(id)));
    expect(await eraser.eraseCustomer('cus_1')).toBe('deleted');
    expect(deleted).toEqual(['cus_1']);
  });

  it('takes a customer Stripe no longer knows as already erased, and passes other errors on', async () => {
    const missing = stripeCustomerEraser(
      api(() => Promise.reject({ type: 'StripeInvalidRequestError', statusCode: 404 })),
    );
    expect(await missing.eraseCustomer('cus_gone')).toBe('missing');
    const down = stripeCustomerEraser(
      api(() => Promise.reject({ type: 'StripeConnectionError', statusCode: undefined })),
    );
    await expect(down.eraseCustomer('cus_1')).rejects.toMatchObject({
      type: 'StripeConnectionError',
    });
  });

  it('has none without a Stripe key (simulated payments have no customers)', async () => {
    expect(
      await customerEraserFor({ stripeSecretKey: undefined, stripeApiHost: undefined }),
    ).toBeUndefined();
    expect(
      await customerEraserFor({ stripeSecretKey: 'sk_test_123', stripeApiHost: undefined }),
    ).toBeDefined();
  });
});
