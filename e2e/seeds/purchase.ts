/**
 * Purchases for the specs whose claim comes after the checkout. `seed` buys through the same
 * endpoints the cart and the simulated payment page post to, in the test page's browser, which
 * the order then signs in; `save10Starter` is the one purchase every money document reads,
 * bought once per worker through the real checkout pages.
 */
import type { APIRequestContext, Cookie } from '@playwright/test';
import { unique } from '../admin-accounts';
import { expect, fromOwnAddress, payAs, test as base } from '../fixtures';
import type { MockOrder } from '../fixtures';

export type CartLine = { id: string; billingCycle: 'oneTime' | 'monthly' | 'yearly' };
export type Buyer = { name: string; email: string };

/** A paid order as the success page looks it up (/api/checkout-session). */
export type SeededOrder = {
  id: number;
  orderNumber: string;
  customerEmail: string;
  charge: { totalCents: number };
  /** The success page of the order, path and query. */
  successPath: string;
};

/** A buyer of its own: an address no other test uses. */
export const newBuyer = (name: string, prefix: string): Buyer => ({
  name,
  email: `${prefix}.${unique()}@example.com`,
});

/** The simulated provider's session id in a payment page's URL. */
export const sessionOf = (url: string) => new URL(url, 'http://x').searchParams.get('session')!;

/** Hands `lines` to the payment provider as the cart does; answers the payment page's URL. */
export async function startCheckout(request: APIRequestContext, origin: string, lines: CartLine[]) {
  const res = await request.post('/api/create-checkout-session', {
    headers: { Origin: origin },
    data: {
      items: lines.map((line) => ({ ...line, quantity: 1 })),
      success_url: `${origin}/checkout/success`,
      cancel_url: `${origin}/checkout`,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** Presses a button of the simulated payment page (its form's fields); answers where it leads. */
export async function simulatedAction(
  request: APIRequestContext,
  origin: string,
  form: Record<string, string>,
): Promise<string> {
  const res = await request.post('/api/simulated-checkout', {
    headers: { Origin: origin },
    form,
    maxRedirects: 0,
  });
  expect(res.status(), `${form.action}: ${await res.text()}`).toBe(303);
  return res.headers().location!;
}

/** Pays session `session` as `buyer`, then looks the order up as its success page does. */
export async function payAndLookUp(
  request: APIRequestContext,
  origin: string,
  session: string,
  buyer: Buyer,
): Promise<SeededOrder> {
  const success = new URL(
    await simulatedAction(request, origin, { action: 'pay', session, ...buyer }),
    origin,
  );
  const query = new URLSearchParams(success.search);
  const sessionId = query.get('session_id')!;
  query.delete('session_id');
  const lookup = await request.get(`/api/checkout-session/${sessionId}?${query}`);
  expect(lookup.status(), await lookup.text()).toBe(200);
  const { order } = (await lookup.json()) as { order: Omit<SeededOrder, 'successPath'> | null };
  expect(order, 'the paid order').not.toBeNull();
  return { ...order!, successPath: success.pathname + success.search };
}

type Seeds = {
  /**
   * Buys `lines` (with a promotion `code`) through the checkout endpoints in the test page's
   * browser, from an address of its own; the browser is then signed in to the order.
   */
  buy: (lines: CartLine[], options: { buyer: Buyer; code?: string }) => Promise<SeededOrder>;
  /** A paid test order (/api/test/create-mock-order) the test page's browser is signed in to. */
  mockOrder: (productId: string, buyer: Buyer) => Promise<MockOrder>;
};

/** The Starter package bought with SAVE10 on the payment page, and what the page showed. */
export type Save10Purchase = {
  email: string;
  orderNumber: string;
  successPath: string;
  /** As the payment page showed them; `tax` is $0.00 when it showed no tax row. */
  amounts: { subtotal: string; discount: string; tax: string; total: string; taxed: boolean };
  /** The buyer's browser's cookies: adding them signs a page in as the buyer. */
  cookies: Cookie[];
};

export const test = base.extend<{ seed: Seeds }, { save10Starter: Save10Purchase }>({
  seed: async ({ page, baseURL }, use) => {
    const origin = new URL(baseURL!).origin;
    let ownAddress: Promise<string> | null = null;
    const fromOwn = () => (ownAddress ??= fromOwnAddress(page.context()));
    await use({
      buy: async (lines, { buyer, code }) => {
        await fromOwn();
        const session = sessionOf(await startCheckout(page.request, origin, lines));
        if (code) await simulatedAction(page.request, origin, { action: 'apply', session, code });
        return payAndLookUp(page.request, origin, session, buyer);
      },
      mockOrder: async (productId, buyer) => {
        await fromOwn();
        const res = await page.request.post('/api/test/create-mock-order', {
          headers: { Origin: origin },
          data: { productId, customerName: buyer.name, customerEmail: buyer.email },
        });
        expect(res.status(), await res.text()).toBe(201);
        return (await res.json()) as MockOrder;
      },
    });
  },

  save10Starter: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL! });
      await fromOwnAddress(context);
      const page = await context.newPage();
      await page.goto('/checkout/starter');
      await page.getByLabel('Promotion code').fill('SAVE10');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await expect(page.getByRole('rowheader', { name: 'Discount (SAVE10)' })).toBeVisible();
      const read = async (id: string) => (await page.getByTestId(id).textContent())?.trim() ?? '';
      const taxed = (await page.getByTestId('pay-tax').count()) > 0;
      const amounts = {
        subtotal: await read('pay-subtotal'),
        discount: await read('pay-discount'),
        tax: taxed ? await read('pay-tax') : '$0.00',
        total: await read('pay-total'),
        taxed,
      };
      const { email } = newBuyer('Mary Jackson', 'money');
      await payAs(page, 'Mary Jackson', email, amounts.total);
      await expect(page).toHaveURL(/\/checkout\/success\?session_id=sim_cs_/);
      const details = page.getByRole('region', { name: 'Order details' });
      const orderNumber = ((await details.getByText(/^NR-/).textContent()) ?? '').trim();
      const successUrl = new URL(page.url());
      const cookies = await context.cookies();
      await context.close();
      await use({
        email,
        orderNumber,
        successPath: successUrl.pathname + successUrl.search,
        amounts,
        cookies,
      });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect };
