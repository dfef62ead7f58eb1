import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import { useFreshTestDb } from '../../testing/test-db';
import { openedText } from '../../testing/sent-mail';
import { emailOutbox, magicLinks, orders } from '../../server/db/schema';
import type { PaymentProvider, ProviderSession } from '../../server/payments/provider';
import { buildOrderItemPdf, buildReceiptPdf, pdfSafe, type DocumentOrder } from './order-documents';
import { pdfPages, pdfText } from '../../testing/pdf-text';
import type { OrderCharge } from './orders';
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

/** An order from before the breakdown was stored: its total alone is known. */
const UNKNOWN_PARTS: OrderCharge = {
  currency: 'usd',
  subtotalCents: null,
  discountCents: null,
  discounts: null,
  taxCents: null,
  taxes: null,
  totalCents: 100_000,
  refundedCents: 0,
  invoice: null,
};

/** The Starter package bought with SAVE10 at 8.25 %, with Stripe's invoice, refunded in part. */
const STARTER_SAVE10: DocumentOrder = {
  orderNumber: 'NR-20261202-ABC234',
  status: 'paid',
  createdAt: new Date('2026-12-02T09:00:00Z'),
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  charge: {
    currency: 'usd',
    subtotalCents: 100_000,
    discountCents: 10_000,
    discounts: [{ code: 'SAVE10', promotionCodeId: 'promo_1', amountCents: 10_000 }],
    taxCents: 7_425,
    taxes: [{ amountCents: 7_425, ratePercent: 8.25, jurisdiction: null, displayName: 'Tax' }],
    totalCents: 97_425,
    refundedCents: 25_000,
    invoice: {
      id: 'in_1',
      number: 'A1B2C3D4-0001',
      hostedUrl: 'https://invoice.stripe.com/i/acct_1/test_1',
      pdfUrl: 'https://pay.stripe.com/invoice/acct_1/test_1/pdf',
    },
  },
  refunds: [{ amountCents: 25_000, refundedAt: '2026-12-03T10:00:00Z' }],
  paymentReference: 'pi_1',
  lines: [
    {
      name: 'Starter Website Package',
      billingCycle: 'oneTime',
      unitAmountCents: 100_000,
      quantity: 1,
    },
  ],
};

describe('order documents', () => {
  it('the receipt shows the stored breakdown, the invoice number and the refunds, and it adds up', async () => {
    const text = await pdfText(await buildReceiptPdf(STARTER_SAVE10));
    expect(text).toContain('Invoice number: A1B2C3D4-0001');
    const lines = text.split('\n');
    const from = lines.indexOf('Item Billing Qty Amount');
    expect(lines.slice(from + 1, from + 9)).toEqual([
      'Starter Website Package One-time 1 $1,000.00',
      'Subtotal $1,000.00',
      'Discount (SAVE10) -$100.00',
      'Tax (8.25%) $74.25',
      'Total paid $974.25 USD',
      'Refunded on December 3, 2026 -$250.00',
      'Remaining after refunds $724.25',
      expect.stringMatching(/^Recurring items renew/),
    ]);
  });

  it('a receipt of an order whose parts are unknown shows its lines and total only, and no invoice number', async () => {
    const [receipt] = await pdfPages(
      await buildReceiptPdf({ ...STARTER_SAVE10, charge: UNKNOWN_PARTS, refunds: [] }),
    );
    expect(receipt).toContain('Total paid $1,000.00 USD');
    expect(receipt!.join('\n')).not.toMatch(/Subtotal|Discount|Tax|Invoice number|Refunded/);
  });

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
        charge: UNKNOWN_PARTS,
        refunds: [],
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
