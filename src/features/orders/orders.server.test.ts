import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import { useFreshTestDb } from '../../testing/test-db';
import { openedText } from '../../testing/sent-mail';
import { emailOutbox, magicLinks, orders } from '../../server/db/schema';
import type { PaymentProvider, ProviderSession } from '../../server/payments/provider';
import { buildOrderItemPdf, pdfSafe } from './order-documents';
import { fulfillCheckout } from '../checkout/checkout.server';
import { createTestOrder } from '../test-mode/test-orders.server';
import { newOrderNumber, orderItemDownload } from './orders.server';
import { storeCheckoutSession } from '../../testing/checkout-fixtures';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

/** A provider whose answer the test controls. */
function providerSaying(state: Partial<ProviderSession>): PaymentProvider {
  return {
    name: 'stripe',
    createCheckout: () => Promise.reject(new Error('not used')),
    retrieveSession: async ({ id }) => ({
      id,
      status: 'complete',
      paymentStatus: 'paid',
      customerEmail: 'zoe@example.com',
      customerName: 'Zoë 山田',
      paymentIntentId: `pi_${id}`,
      subscriptionId: null,
      customerId: null,
      amountTotalCents: null,
      ...state,
    }),
  };
}

function session(id: string, provider: 'stripe' | 'simulated' = 'stripe') {
  return storeCheckoutSession(
    db,
    id,
    [
      { id: 'lily-ai', billingCycle: 'monthly', quantity: 1 },
      { id: 'starter', billingCycle: 'oneTime', quantity: 1 },
    ],
    provider,
  );
}

describe('fulfillCheckout', () => {
  it('creates nothing while the provider has not completed the session', async () => {
    await session('cs_open');
    const result = await fulfillCheckout('cs_open', {
      db,
      provider: providerSaying({ status: 'open', paymentStatus: 'unpaid' }),
    });
    expect(result.state).toBe('unpaid');
    expect(await db.$count(orders, eq(orders.checkoutSessionId, 'cs_open'))).toBe(0);
    expect((await fulfillCheckout('cs_missing', { db })).state).toBe('not_found');
  });

  it('creates one paid order with its items, a client, a magic link and one e-mail under concurrent calls', async () => {
    await session('cs_paid');
    const provider = providerSaying({});
    const results = await Promise.all(
      Array.from({ length: 8 }, () => fulfillCheckout('cs_paid', { db, provider })),
    );
    expect(results.filter((r) => r.state === 'fulfilled' && r.created)).toHaveLength(1);
    const [order] = await db.select().from(orders).where(eq(orders.checkoutSessionId, 'cs_paid'));
    expect(order).toMatchObject({
      status: 'paid',
      amount: 119900,
      mode: 'subscription',
      customerName: 'Zoë 山田',
      isTest: false,
    });
    expect(order?.orderNumber).toMatch(/^NR-\d{8}-[A-Z2-9]{6}$/);
    const first = results[0];
    expect(first?.state === 'fulfilled' && first.items.map((i) => i.productId)).toEqual([
      'lily-ai',
      'starter',
    ]);
    expect(await db.$count(emailOutbox)).toBe(1);
    expect(await db.$count(magicLinks)).toBe(1);
    // The confirmation's sign-in link lives a day at most (before: seven days).
    const [link] = await db.select().from(magicLinks);
    expect(link!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    const [mail] = await db.select().from(emailOutbox);
    expect(mail?.text).toContain(`/onboarding-ai-agent/${order?.id}`);
    expect(mail?.text).toContain(`/onboarding-starter/${order?.id}`);
    // The stored copy holds the link's token sealed; the recipient gets the token itself.
    expect(mail?.text).not.toMatch(/\/dashboard\?token=[\w-]{43}\b/);
    expect(mail?.text).toMatch(/\/dashboard\?token=secret-[\w-]{22}\b/);
    expect(openedText(mail!)).toMatch(/\/dashboard\?token=[\w-]{43}\b/);

    // Only the purchaser downloads, and names outside the PDF font become "?".
    const item = first?.state === 'fulfilled' ? first.items[0] : undefined;
    const owner = {
      tokenHash: 'x',
      clientId: order!.clientId,
      wholeAccount: true,
      orderIds: [],
      clientProven: true,
    };
    const file = await orderItemDownload(db, item!.id, owner);
    expect(Buffer.from(file!.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      await orderItemDownload(db, item!.id, { ...owner, clientId: order!.clientId! + 1 }),
    ).toBeNull();
    expect(await orderItemDownload(db, item!.id, null)).toBeNull();
  });

  it('flags orders paid through the simulated provider as test orders', async () => {
    await session('sim_cs_flagged', 'simulated');
    await fulfillCheckout('sim_cs_flagged', { db, provider: providerSaying({}) });
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.checkoutSessionId, 'sim_cs_flagged'));
    expect(order?.isTest).toBe(true);
  });

  it('creates test orders as completed and priced from the catalogue', async () => {
    const { order, items } = await createTestOrder({ productId: 'social-media-empire' }, db);
    expect(order).toMatchObject({
      status: 'completed',
      amount: 1_000_000,
      productId: 'social-empire',
      isTest: true,
    });
    expect(items).toHaveLength(1);
  });
});

describe('order documents', () => {
  it('keeps text the standard PDF fonts can encode', () => {
    expect(pdfSafe('Zoë – “café”')).toBe('Zoë – “café”');
    expect(pdfSafe('山田 🚀')).toBe('?? ?');
  });

  it('builds a two-page PDF even for names outside Latin-1', async () => {
    const bytes = await buildOrderItemPdf(
      {
        orderNumber: newOrderNumber(),
        status: 'paid',
        createdAt: new Date(),
        customerName: '山田 太郎',
        customerEmail: 'taro@example.com',
        amountCents: 100000,
        paymentReference: 'pi_1',
        lines: [
          {
            name: 'Starter Website Package',
            billingCycle: 'oneTime',
            unitAmountCents: 100000,
            quantity: 1,
          },
        ],
      },
      {
        name: 'Starter Website Package',
        type: 'website',
        productId: 'starter',
        onboardingUrl: 'https://x.example/onboarding-starter/1',
      },
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
  });
});
